import Foundation
import Testing

@testable import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

@Suite("PageTrigger") struct PageTriggerTests {
  /// Items are 100 pt long and the viewport shows one item, so "the viewport's
  /// trailing edge is at item k" means `offset + viewportLength == 100·k`.
  private func firingItem(_ trigger: PageTrigger, pages: Int, pageSize: Int = 10) -> Int? {
    let loaded = pages * pageSize
    for item in 1...loaded {
      let input = PageTriggerInput(
        offset: CGFloat(item - 1) * 100, viewportLength: 100, contentLength: CGFloat(loaded) * 100,
        velocity: 300, loadedItemCount: loaded, pageSize: pageSize)
      if trigger.shouldFetch(input) { return item }
    }
    return nil
  }

  @Test(
    "a fixed threshold of 0.7 fires earlier and earlier as 10-item pages accumulate",
    arguments: [
      (page: 1, loaded: 10, firesAt: 7, inNewestPage: 7),
      (page: 2, loaded: 20, firesAt: 14, inNewestPage: 4),
      (page: 3, loaded: 30, firesAt: 21, inNewestPage: 1),
      (page: 4, loaded: 40, firesAt: 28, inNewestPage: -2),
      (page: 5, loaded: 50, firesAt: 35, inNewestPage: -5),
    ])
  func fixedThresholdFlaw(row: (page: Int, loaded: Int, firesAt: Int, inNewestPage: Int)) throws {
    let item = try #require(firingItem(.threshold(0.7), pages: row.page))
    #expect(row.page * 10 == row.loaded)
    #expect(item == row.firesAt)
    #expect(item - (row.page - 1) * 10 == row.inNewestPage)
  }

  @Test("a dynamic threshold of 0.7 always fires at item 7 of the newest page", arguments: 1...12)
  func dynamicThresholdFiresInsideNewestPage(pages: Int) throws {
    let item = try #require(firingItem(.dynamicThreshold(0.7), pages: pages))
    #expect(item - (pages - 1) * 10 == 7)
  }

  @Test("dynamic ratio follows the spec formula")
  func dynamicRatioFollowsTheSpecFormula() {
    #expect(PageTrigger.dynamicRatio(0.7, loadedItemCount: 10, pageSize: 10) == 0.7)
    #expect(abs(PageTrigger.dynamicRatio(0.7, loadedItemCount: 50, pageSize: 10) - 0.94) < 1e-12)
    // A partly filled newest page still counts as the current page.
    #expect(
      PageTrigger.dynamicRatio(0.5, loadedItemCount: 25, pageSize: 10)
        == PageTrigger.dynamicRatio(0.5, loadedItemCount: 30, pageSize: 10))
  }

  @Test("infinite scroll fires only at the end of content")
  func infiniteScrollFiresOnlyAtTheEndOfContent() {
    let trigger = PageTrigger.infiniteScroll
    func input(_ offset: CGFloat) -> PageTriggerInput {
      PageTriggerInput(
        offset: offset, viewportLength: 800, contentLength: 2000, loadedItemCount: 20, pageSize: 20)
    }
    #expect(!trigger.shouldFetch(input(0)))
    #expect(!trigger.shouldFetch(input(1199)))
    #expect(trigger.shouldFetch(input(1200)))
    #expect(trigger.shouldFetch(input(1300)))
  }

  @Test("remaining time compares time to end with latency plus margin")
  func remainingTimeComparesTimeToEndWithLatencyPlusMargin() {
    let trigger = PageTrigger.remainingTime(
      expectedLatency: .milliseconds(800), margin: .milliseconds(200))
    func input(offset: CGFloat, velocity: CGFloat) -> PageTriggerInput {
      PageTriggerInput(
        offset: offset, viewportLength: 800, contentLength: 5800, velocity: velocity,
        loadedItemCount: 50, pageSize: 10)
    }
    // 5000 pt remain from offset 0.
    #expect(!trigger.shouldFetch(input(offset: 0, velocity: 4000)))  // 1.25 s away
    #expect(trigger.shouldFetch(input(offset: 0, velocity: 6000)))  // 0.83 s away
    #expect(!trigger.shouldFetch(input(offset: 4900, velocity: 0)))  // at rest
    #expect(!trigger.shouldFetch(input(offset: 4900, velocity: -3000)))  // moving to the head
    #expect(trigger.shouldFetch(input(offset: 4900, velocity: 200)))  // 0.5 s away
    #expect(trigger.shouldFetch(input(offset: 5000, velocity: 0)))  // the end is on screen
  }

  @Test("leading screens follows textures batch fetch decision")
  func leadingScreensFollowsTexturesBatchFetchDecision() {
    let trigger = PageTrigger.leadingScreens(2)
    func input(offset: CGFloat, velocity: CGFloat = 500, visible: Bool = true) -> PageTriggerInput {
      PageTriggerInput(
        offset: offset, viewportLength: 800, contentLength: 5000, velocity: velocity,
        loadedItemCount: 50, pageSize: 10, isVisible: visible)
    }
    // 5000 − 800 − offset ≤ 1600 from offset 2600 on (inclusive).
    #expect(!trigger.shouldFetch(input(offset: 2599)))
    #expect(trigger.shouldFetch(input(offset: 2600)))
    #expect(!trigger.shouldFetch(input(offset: 3000, velocity: -500)))  // toward the head
    #expect(!trigger.shouldFetch(input(offset: 3000, visible: false)))
    // Zero velocity keeps the caller's direction.
    let restingAfterUpwardScroll = PageTriggerInput(
      offset: 3000, viewportLength: 800, contentLength: 5000, velocity: 0, isMovingTowardHead: true,
      loadedItemCount: 50, pageSize: 10)
    #expect(!trigger.shouldFetch(restingAfterUpwardScroll))
    // Texture fetches for content shorter than the view even when hidden or moving up.
    let small = PageTriggerInput(
      offset: 0, viewportLength: 800, contentLength: 500, velocity: -100, loadedItemCount: 5,
      pageSize: 10, isVisible: false)
    #expect(trigger.shouldFetch(small))
    #expect(!PageTrigger.leadingScreens(0).shouldFetch(small))
    for offset in stride(from: CGFloat(0), through: 4200, by: 150) {
      let value = input(offset: offset)
      #expect(
        trigger.shouldFetch(value)
          == value.batchFetchInput(leadingScreens: 2).textureShouldFetch(context: .completed))
    }
  }

  @Test("the adaptive triggers floor grows with the page latency")
  func theAdaptiveTriggersFloorGrowsWithThePageLatency() {
    var pages = AdaptivePageTrigger()
    // Before any page: the initial 400 ms, 9 × 0.4 = 3.6 screens.
    #expect(
      pages.trigger
        == .adaptive(
          expectedLatency: .milliseconds(400), margin: .milliseconds(500), minimumScreens: 3.6))
    pages.pageDidLoad(latency: .milliseconds(500))
    #expect(
      pages.trigger
        == .adaptive(
          expectedLatency: .milliseconds(500), margin: .milliseconds(500), minimumScreens: 4.5))
    // A fast link keeps the 2-screen minimum.
    var fast = AdaptivePageTrigger(initialLatency: .milliseconds(100))
    fast.pageDidLoad(latency: .milliseconds(100))
    #expect(
      fast.trigger
        == .adaptive(
          expectedLatency: .milliseconds(100), margin: .milliseconds(500), minimumScreens: 2))
  }

  @Test("the adaptive triggers floor covers the recent top speed at rest")
  func theAdaptiveTriggersFloorCoversTheRecentTopSpeedAtRest() throws {
    func floor(_ pages: AdaptivePageTrigger) throws -> Double {
      guard case .adaptive(_, _, let screens) = pages.trigger else {
        throw TriggerShape.notAdaptive
      }
      return screens
    }
    // A fast link: pages in 100 ms, a latency floor of 2 screens.
    var pages = AdaptivePageTrigger(initialLatency: .milliseconds(100))
    pages.pageDidLoad(latency: .milliseconds(100))
    #expect(try floor(pages) == 2)
    // A fling at 7,500 pt/s on a 1,000-point viewport travels 3 screens in the expected
    // latency plus the speed margin (0.4 s).
    pages.scrolled(velocity: 7_500, viewportLength: 1_000, at: .seconds(10))
    #expect(abs(try floor(pages) - 3) < 1e-9)
    // At rest, the current velocity is 0 but the remembered speed still counts: a page
    // 2.5 screens ahead is fetched, which the latency's floor alone would not.
    pages.scrolled(velocity: 0, viewportLength: 1_000, at: .seconds(10.5))
    let atRest = PageTriggerInput(
      offset: 5_000, viewportLength: 1_000, contentLength: 8_500, velocity: 0,
      loadedItemCount: 85, pageSize: 20)
    #expect(pages.trigger.shouldFetch(atRest))
    #expect(!AdaptivePageTrigger(initialLatency: .milliseconds(100)).trigger.shouldFetch(atRest))
    // The speed halves every 4 s; moving toward the head does not raise it.
    pages.scrolled(velocity: -9_000, viewportLength: 1_000, at: .seconds(14))
    #expect(abs(pages.recentTopSpeed - 3_750) < 1e-6)
    #expect(try floor(pages) == 2)
    // A jump's speed reaches no further than the cap.
    pages.scrolled(velocity: 500_000, viewportLength: 1_000, at: .seconds(15))
    #expect(try floor(pages) == pages.maximumSpeedScreens)
    // A slow link's latency floor stands when it is farther.
    var slow = AdaptivePageTrigger()
    slow.pageDidLoad(latency: .milliseconds(600))
    slow.scrolled(velocity: 7_500, viewportLength: 1_000, at: .seconds(1))
    #expect(abs(try floor(slow) - 9 * 0.6) < 1e-9)
  }

  private enum TriggerShape: Error { case notAdaptive }

  @Test("small content fires for every content based trigger")
  func smallContentFiresForEveryContentBasedTrigger() {
    let input = PageTriggerInput(
      offset: -40, viewportLength: 800, contentLength: 300, loadedItemCount: 3, pageSize: 10)
    #expect(PageTrigger.infiniteScroll.shouldFetch(input))
    #expect(PageTrigger.threshold(0.9).shouldFetch(input))
    #expect(PageTrigger.dynamicThreshold(0.7).shouldFetch(input))
    #expect(
      PageTrigger.remainingTime(expectedLatency: .seconds(1), margin: .zero).shouldFetch(input))
  }
}
