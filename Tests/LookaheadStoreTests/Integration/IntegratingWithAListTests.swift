import Foundation
import Lookahead
import LookaheadStore
import LookaheadTestSupport
import Testing

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

// The README's "Integrating with a list" example, compiled and run here. The lines
// between the markers are the README's code block, word for word (a test below checks).

// BEGIN README: Integrating with a list
struct Post: FeedItem, Decodable {
  let id: Int
  let addedAt: Int  // newest first
  let height: Double
  let image: URL
  var sortKey: Int { addedAt }
}

func makeFeed(api: URL, caches: URL, clock: some Clock<Duration> = ContinuousClock()) throws
  -> ListPreloader<Post, URL, Data>
{
  let pages = PageFetcher { request in  // GET /posts?after=<cursor> answers a Page<Post>
    var url = api.appending(path: "posts")
    if let after = request.cursor?.rawValue {
      url.append(queryItems: [URLQueryItem(name: "after", value: after)])
    }
    return try JSONDecoder().decode(Page<Post>.self, from: try await URLSessionLoader().load(url))
  }
  let images = TieredCache(
    memory: MemoryCache<URL, Data>(costLimit: 50_000_000),
    disk: try DiskCache(directory: caches.appending(path: "images")),
    loader: URLSessionLoader(), diskKey: { $0.path() })  // stable across launches: no host or port
  return ListPreloader(
    configuration: ListPreloaderConfiguration(viewportSize: CGSize(width: 390, height: 844)),
    pages: pages, cache: images, resourceKey: { $0.image }, itemLength: { CGFloat($0.height) },
    clock: clock)
}
// END README: Integrating with a list

/// A feed of 200 posts served by a real HTTP server on 127.0.0.1, pages of 20.
private final class FeedServer {
  let server: TestHTTPServer
  static let count = 200

  init() throws {
    server = try TestHTTPServer()
    let ids = Array((1...Self.count).reversed())
    for (number, start) in stride(from: 0, to: ids.count, by: 20).enumerated() {
      let page = ids[start..<min(start + 20, ids.count)]
      let posts = page.map { id in
        """
        {"id":\(id),"addedAt":\(id),"height":\(160 + id * 7 % 300),\
        "image":"\(server.url("/images/\(id).jpg"))"}
        """
      }
      let next = start + 20 < ids.count ? "\"c\(page.last!)\"" : "null"
      let body = Data("{\"items\":[\(posts.joined(separator: ","))],\"nextCursor\":\(next)}".utf8)
      let path = number == 0 ? "/posts" : "/posts?after=c\(ids[start - 1])"
      server.setRoute(path, .ok(body))
    }
    for id in ids {
      server.setRoute("/images/\(id).jpg", .ok(Data(repeating: UInt8(id % 256), count: 4_000)))
    }
  }

  deinit { server.stop() }
}

@Suite("Integrating the stores with a list") struct IntegratingWithAListTests {
  // The limit is the test's, not each wait's: see `waitFor`.
  @Test(
    "a newcomers feed preloads pages and images through the disk cache", .timeLimit(.minutes(5)))
  func aNewcomersFeedPreloadsPagesAndImagesThroughTheDiskCache() async throws {
    let feedServer = try FeedServer()
    let caches = FileManager.default.temporaryDirectory.appending(
      path: "lookahead-newcomer-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: caches) }
    let clock = ManualClock()
    let api = feedServer.server.url("/")
    let feed = try makeFeed(api: api, caches: caches, clock: clock)

    feed.start()
    #expect(await waitFor { feed.items.count == 20 })
    // A slow read, a fling, and a stop: one scroll sample a frame.
    var offset: CGFloat = 0
    var speed: CGFloat = 40  // points per second
    for frame in 0..<360 {
      if frame == 120 { speed = 8000 }
      if frame >= 120 { speed *= pow(0.998, 1000.0 / 60) }
      if speed < 5 { speed = 0 }
      offset = min(offset + speed / 60, max(0, feed.geometry.contentLength - 844))
      clock.advance(by: .microseconds(16_667))
      feed.scrolled(toOffset: offset)
      // The network answers on real time: give it a moment every few frames.
      if frame % 10 == 0 { await Task.yield() }
    }
    #expect(offset > 2_000)
    // Where the fling stopped, every visible post shows its image.
    let visible = feed.visibleItems
    let landed = feed.items[visible].map { $0 }
    #expect(!landed.isEmpty)
    #expect(
      await waitFor {
        clock.advance(by: .microseconds(16_667))
        feed.scrolled(toOffset: offset)
        return landed.allSatisfy { feed.cachedResource(for: $0) != nil }
      })
    #expect(feed.items.count > 20)
    // A cell that asks for its image gets it (from memory, here) the same way.
    let data = try await feed.resource(for: landed[0])
    #expect(data.count == 4_000)
    let disk = try DiskCache(directory: caches.appending(path: "images"))
    #expect(landed.allSatisfy { disk.containsValue(forKey: $0.image.path()) })
    #expect(feed.metrics.bytes >= landed.count * 4_000)
    #expect(feedServer.server.requestCount(for: "/posts") == 1)
  }

  @Test("the readme shows exactly the code this test compiles")
  func theReadmeShowsExactlyTheCodeThisTestCompiles() throws {
    let here = URL(fileURLWithPath: #filePath)
    let root = here.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let readme = try String(contentsOf: root.appending(path: "README.md"), encoding: .utf8)
    let source = try String(contentsOf: here, encoding: .utf8)
    let begin = "// BEGIN README: Integrating with a list\n"
    let end = "// END README: Integrating with a list"
    let start = try #require(source.range(of: begin))
    let stop = try #require(source.range(of: end, range: start.upperBound..<source.endIndex))
    let code = String(source[start.upperBound..<stop.lowerBound])
    #expect(readme.contains("```swift\n" + code + "```"))
    let appLines = code.split(separator: "\n").filter {
      !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//")
    }
    #expect(appLines.count <= 30)
  }
}

/// Polls `condition` between short real-time pauses, which give the network time to
/// answer, until it holds; `false` only when the test is cancelled (its time limit).
///
/// No deadline of its own: how long the answer takes here depends on the rest of the
/// suite, not on the preloader. Swift Testing starts every test of the process at once
/// on the cooperative pool, which has as many threads as the machine has cores (two on
/// CI), so the task that fetches the first page and the one that hands it to the list
/// queue behind every test body not yet run. With the internal checks compiled in,
/// that backlog of synchronous test bodies was 35 to 48 seconds of CPU here, and a
/// minute's deadline once ran out on CI before the page, which was on its way.
private func waitFor(_ condition: () -> Bool) async -> Bool {
  while !Task.isCancelled {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return condition()
}
