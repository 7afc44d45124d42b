import Testing

@testable import LookaheadSimulation

/// A minimal driver over the real parts: pages load one at a time while the viewport is
/// within a screen of the end of the content, and images load when their item is visible
/// (and are cancelled when it leaves). Enough to check that the pieces fit together.
private func run(_ trace: Trace, profile: NetworkProfile, seed: UInt64) -> RunMetrics {
  let layout = WorldLayout.standard(.feed)
  let viewport = StandardWorld.viewportHeight
  var network = NetworkModel(profile: profile, seed: seed)
  var cache = ImageCacheModel()
  var metrics = MetricsCollector()
  var loadedPages = 0
  var pageInFlight = true
  var previousVisible: Range<Int> = 0..<0
  network.request(.page(0), bytes: StandardWorld.pageBytes, priority: .infinity)
  for sample in trace.samples {
    while let completion = network.nextCompletion(notAfter: sample.time) {
      metrics.recordCompletion(completion)
      switch completion.key.kind {
      case .page:
        loadedPages += 1
        pageInFlight = false
      case .image:
        cache.store(completion.key.index, size: completion.bytes)
        metrics.recordImageReady(completion.key.index, at: completion.time)
      }
    }
    let loadedItems = loadedPages * StandardWorld.pageSize
    let hasMore = StandardWorld.hasMore(loadedPages: loadedPages)
    let visible = metrics.recordFrame(
      time: sample.time, offset: sample.offset, layout: layout, loadedItemCount: loadedItems,
      hasMore: hasMore
    ) { cache.isReady($0) }
    for item in previousVisible where !visible.contains(item) {
      network.cancel(.image(item))
    }
    for item in visible {
      cache.markUsed(item)
      let key = NetworkKey.image(item)
      guard !cache.isReady(item), !network.contains(key) else { continue }
      if cache.isOnDisk(item) {
        network.readFromDisk(key, bytes: StandardWorld.imageBytes(item))
      } else {
        network.request(key, bytes: StandardWorld.imageBytes(item))
      }
    }
    previousVisible = visible
    let contentLength = layout.contentLength(loadedItemCount: loadedItems)
    if hasMore, !pageInFlight, sample.offset + 2 * viewport >= contentLength {
      network.request(.page(loadedPages), bytes: StandardWorld.pageBytes, priority: .infinity)
      pageInFlight = true
    }
  }
  return metrics.finish(network: network.statistics, peakCacheBytes: cache.peakBytes)
}

@Suite("A world run over the real parts")
struct WorldRunTests {
  @Test("a static viewport on 3G: the first page stalls, then the first four images load")
  func staticViewport() {
    let trace = Trace((0...120).map { (time: Double($0) * 50, offset: 0) })
    let metrics = run(trace, profile: .threeG, seed: 1)
    // Page 0 arrives after 250 ms · jitter + 60 ms + 32 ms of transfer; until then every
    // frame stalls. Items 0...3 (341 + 216 + 266 < 844 < 1,112 points) are visible after.
    let pageTime =
      250 * NetworkJitter.factor(seed: 1, kind: .page, index: 0, attempt: 0) + 60 + 32
    let stalledFrames = Int((pageTime / 50).rounded(.up))
    #expect(metrics.stallMilliseconds == Double(stalledFrames) * 50)
    #expect(metrics.visibleItemFrames == 4 * (121 - stalledFrames))
    // Page 0 is over 6,000 points long, so no second page is requested.
    let imageBytes = (0..<4).map(StandardWorld.imageBytes).reduce(0, +)
    #expect(metrics.requests == 5)
    #expect(metrics.pages == 1)
    #expect(metrics.bytes == 8_000 + imageBytes)
    #expect(metrics.wastedBytes == 0)
    #expect(metrics.cancelled == 0)
    #expect(metrics.peakCacheBytes == imageBytes)
    // The four images start together at the first frame with the page; replaying just
    // them on a fresh network gives their ready times, hence blank frames and ttc.
    let firstFrame = Double(stalledFrames) * 50
    var images = NetworkModel(profile: .threeG, seed: 1)
    _ = images.advance(to: firstFrame)
    for item in 0..<4 { images.request(.image(item), bytes: StandardWorld.imageBytes(item)) }
    let ready = images.advance(to: 6_000).map(\.time)
    #expect(ready.count == 4)
    let blank = ready.map { Int(($0 - firstFrame) / 50) + 1 }.reduce(0, +)
    #expect(metrics.blankItemFrames == blank)
    let times = ready.map { $0 - firstFrame }.sorted()
    // Exactly equal: the model's arithmetic does not depend on how often it is advanced.
    #expect(metrics.timeToContentP50 == times[1])
    #expect(metrics.timeToContentP95 == times[3])
  }

  @Test("a generated trace runs deterministically with consistent counters")
  func generatedTrace() {
    let trace = TraceGenerator(scenario: .flinger, seed: 3, duration: 60_000).generate()
    let first = run(trace, profile: .lte, seed: 5)
    let second = run(trace, profile: .lte, seed: 5)
    #expect(first == second)
    #expect(first.cancelled > 0)
    #expect(first.wastedBytes <= first.bytes)
    #expect(first.blankItemFrames <= first.visibleItemFrames)
    #expect(first.requests >= first.pages + first.cancelled)
    #expect(first.stallMilliseconds > 0)
  }
}
