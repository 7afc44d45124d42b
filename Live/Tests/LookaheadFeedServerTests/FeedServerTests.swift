import Foundation
import Lookahead
import LookaheadFeedServer
import LookaheadSimulation
import Testing

/// The tests that talk HTTP run one at a time: some measure real time.
@Suite(.serialized) struct HTTPTests {}

extension HTTPTests {
  @Suite("The feed server over HTTP")
  struct FeedServerTests {}
}

extension HTTPTests.FeedServerTests {
  @Test("pages follow the cursor API, newest first, each exactly page_bytes long")
  func pages() async throws {
    var world = World.standard
    world.pages = 3
    let (server, url) = try await startedServer(world: world)
    let first = try await HTTPGet.fetch(url.appending(path: "feed"))
    #expect(first.status == 200 && first.body.count == 8_000)
    let page = try JSONDecoder().decode(Page<FeedPost>.self, from: first.body)
    #expect(page.items.map(\.id) == Array(0..<20))
    #expect(page.items.map(\.sortKey) == (0..<20).map { -$0 })
    #expect(page.items.map(\.height) == (0..<20).map(world.itemHeight))
    #expect(page.items[3].image == url.appending(path: "images/3"))
    #expect(page.nextCursor == PageCursor("p1") && page.hasMore)
    let last = try JSONDecoder().decode(
      Page<FeedPost>.self,
      from: try await HTTPGet.fetch(URL(string: "\(url.absoluteString)/feed?cursor=p2")!).body)
    #expect(last.items.map(\.id) == Array(40..<60))
    #expect(last.nextCursor == nil && !last.hasMore)
    let unknown = try await HTTPGet.fetch(URL(string: "\(url.absoluteString)/feed?cursor=p3")!)
    #expect(unknown.status == 400)
    await server.stop()
  }

  @Test("an image is the world's byte count for its id, with its checksum in a header")
  func images() async throws {
    let (server, url) = try await startedServer()
    for item in [0, 7, 9_999] {
      let image = try await HTTPGet.fetch(url.appending(path: "images/\(item)"))
      #expect(image.status == 200)
      #expect(image.body.count == World.standard.imageBytes(item))
      #expect(ImageContent.isValid(image.body, item: item, count: image.body.count))
      #expect(
        image.headers["x-checksum"] == ImageContent.hex(ImageContent.checksum(of: image.body)))
    }
    #expect(try await HTTPGet.fetch(url.appending(path: "images/10000")).status == 404)
    #expect(try await HTTPGet.fetch(url.appending(path: "images/x")).status == 404)
    let statistics = server.statistics
    #expect(statistics.imageRequests == 3 && statistics.completedResponses == 3)
    #expect(
      statistics.completedBodyBytes == [0, 7, 9_999].map(World.standard.imageBytes).reduce(0, +))
    await server.stop()
  }

  @Test("GET /world describes what is served")
  func description() async throws {
    let (server, url) = try await startedServer(
      speed: 8, faults: try FaultPlan(parsing: "stall=1%", seed: 3))
    let description = try JSONDecoder().decode(
      FeedServerDescription.self, from: try await HTTPGet.fetch(url.appending(path: "world")).body)
    #expect(description.world == .standard && description.speed == 8)
    #expect(description.faults == "stall=1%" && description.faultSeed == 3)
    await server.stop()
  }

  @Test("the first byte waits round trip × jitter + server time, divided by the speed")
  func latency() async throws {
    var world = World.standard
    world.network = NetworkProfile(
      name: "slow", roundTrip: 1_200, bytesPerSecond: 1e12, pageServerTime: 400,
      imageServerTime: 400, jitterSigma: 0)
    let (server, url) = try await startedServer(world: world, speed: 4)
    // (1,200 + 400) / 4 = 400 ms, then 8,000 bytes at once.
    let page = try await HTTPGet.fetch(url.appending(path: "feed"))
    #expect(page.elapsed >= .milliseconds(395))
    // Well under the 1,600 ms of a latency not divided by the speed, on a busy machine too.
    #expect(page.elapsed < .milliseconds(1_400))
    await server.stop()
  }

  @Test("concurrent bodies share one bandwidth")
  func sharedBandwidth() async throws {
    var world = World.standard
    world.images = World.ImageSizes(minBytes: 100_000, maxBytes: 100_000)
    world.network = NetworkProfile(
      name: "narrow", roundTrip: 0, bytesPerSecond: 500_000, pageServerTime: 0,
      imageServerTime: 0, jitterSigma: 0)
    let (server, url) = try await startedServer(world: world, speed: 1)
    // Alone: 100 KB at 500 KB/s is 200 ms. Three at once: 300 KB through one link, so the
    // three take 600 ms together, and each far longer than alone. (Not 600 ms each: on a
    // busy machine the three requests start a few milliseconds apart, and the first runs
    // alone for that long.)
    let session = HTTPGet.session()
    _ = try await HTTPGet.fetch(url.appending(path: "world"), session: session)
    let alone = try await HTTPGet.fetch(url.appending(path: "images/1"), session: session).elapsed
    let start = ContinuousClock.now
    async let a = HTTPGet.fetch(url.appending(path: "images/2"), session: session)
    async let b = HTTPGet.fetch(url.appending(path: "images/3"), session: session)
    async let c = HTTPGet.fetch(url.appending(path: "images/4"), session: session)
    let together = try await [a.elapsed, b.elapsed, c.elapsed]
    let group = ContinuousClock.now - start
    session.invalidateAndCancel()
    // Lower bounds are the shaping; upper bounds only catch a stuck link (a busy machine
    // or a sanitizer makes every exchange slower, never faster).
    #expect(alone >= .milliseconds(195) && alone < .seconds(5), "\(alone)")
    #expect(group >= .milliseconds(580) && group < .seconds(10), "\(group)")
    for elapsed in together {
      #expect(elapsed >= .milliseconds(350) && elapsed > alone, "\(elapsed) against \(alone)")
    }
    await server.stop()
  }

  @Test("a port in use fails to start with the bind error; port 0 picks a free one")
  func portInUse() async throws {
    let (first, url) = try await startedServer()
    let port = try #require(url.port)
    #expect(port > 0)
    let second = FeedServer(configuration: FeedServerConfiguration(port: port))
    await #expect(throws: (any Error).self) { _ = try await second.start() }
    await second.stop()
    await first.stop()
    await first.stop()
  }
}
