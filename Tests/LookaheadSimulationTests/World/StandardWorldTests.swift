import Testing

@testable import LookaheadSimulation

@Suite("Standard world")
struct StandardWorldTests {
  // Heights and image sizes computed independently in Python:
  // 160 + s(i) % 321 and floor(20000 · 10^(s(i) / 2^64) + 0.5).
  @Test("feed item heights follow 160 + (h(i) mod 321)")
  func feedHeights() {
    #expect(
      (0..<8).map(StandardWorld.feedItemHeight) == [341, 216, 266, 289, 179, 345, 210, 223])
  }

  @Test("image bytes follow round(20,000 · 10^u) half up")
  func imageBytes() {
    #expect(
      (0..<8).map(StandardWorld.imageBytes)
        == [152_877, 73_721, 78_022, 25_971, 54_011, 48_730, 109_862, 49_075])
  }

  @Test("every image is between 20 KB and 200 KB and every height between 160 and 480")
  func ranges() {
    for item in 0..<StandardWorld.itemCount {
      #expect((20_000...200_000).contains(StandardWorld.imageBytes(item)))
      #expect((160...480).contains(StandardWorld.feedItemHeight(item)))
    }
  }

  @Test("the standard feed is 3,192,423 points long")
  func feedLength() {
    let feed = FeedGeometry()
    #expect(feed.itemCount == 10_000)
    #expect(feed.contentLength(loadedItemCount: 10_000) == 3_192_423)
    #expect(Array(feed.itemOffsets.prefix(6)) == [0, 341, 557, 823, 1112, 1291])
  }

  @Test("the backend has more while fewer than 500 pages are loaded")
  func hasMore() {
    #expect(StandardWorld.hasMore(loadedPages: 0))
    #expect(StandardWorld.hasMore(loadedPages: 499))
    #expect(!StandardWorld.hasMore(loadedPages: 500))
    #expect(StandardWorld.page(containing: 0) == 0)
    #expect(StandardWorld.page(containing: 19) == 0)
    #expect(StandardWorld.page(containing: 20) == 1)
  }

  @Test("the standard profiles have the round trips and bandwidths of the standard world")
  func profiles() {
    #expect(NetworkProfile.named("wifi") == .wifi)
    #expect(NetworkProfile.named("lte")?.roundTrip == 70)
    #expect(NetworkProfile.named("lte")?.bytesPerSecond == 1_500_000)
    #expect(NetworkProfile.named("3g")?.bytesPerSecond == 250_000)
    #expect(NetworkProfile.named("3g")?.roundTrip == 250)
    #expect(NetworkProfile.named("5g") == nil)
    for profile in NetworkProfile.standard {
      #expect(profile.connections == 6)
      #expect(profile.pageServerTime == 60)
      #expect(profile.imageServerTime == 5)
    }
  }
}
