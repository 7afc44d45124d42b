import Foundation
import Testing

@testable import LookaheadSimulation

@Suite("Metrics collector")
struct MetricsCollectorTests {
  private let noNetwork = NetworkStatistics()

  @Test("a static viewport on a slow network: blank frames and censored times to content")
  func staticViewportSlowNetwork() {
    // Frames every 10 ms, items 0..<3 visible throughout; image 0 ready at 25, the others
    // never.
    var collector = MetricsCollector()
    var ready: Set<Int> = []
    for time in stride(from: 0.0, through: 40, by: 10) {
      if time == 30 {
        ready.insert(0)
        collector.recordImageReady(0, at: 25)
      }
      collector.recordFrame(time: time, visibleItems: 0..<3, isStalled: false) {
        ready.contains($0)
      }
    }
    let metrics = collector.finish(network: noNetwork, peakCacheBytes: 0)
    #expect(metrics.visibleItemFrames == 15)
    #expect(metrics.blankItemFrames == 13)
    #expect(metrics.blankRate == 13.0 / 15.0)
    // Times to content: 25 (image 0), 40 and 40 (censored at the last frame).
    #expect(metrics.timeToContentP50 == 40)
    #expect(metrics.timeToContentP95 == 40)
    #expect(metrics.stallMilliseconds == 0)
  }

  @Test("stalled frames add the next interval; the last frame adds the previous one")
  func stall() {
    var collector = MetricsCollector()
    let frames: [(Milliseconds, Bool)] = [(0, true), (16, true), (33, false), (50, true)]
    for (time, stalled) in frames {
      collector.recordFrame(time: time, visibleItems: 0..<0, isStalled: stalled) { _ in false }
    }
    let metrics = collector.finish(network: noNetwork, peakCacheBytes: 0)
    #expect(metrics.stallMilliseconds == 16 + 17 + 17)
    #expect(metrics.visibleItemFrames == 0)
    #expect(metrics.blankRate == 0)
    #expect(metrics.timeToContentP50 == 0)
  }

  @Test("a single stalled frame stalls for 0 ms")
  func singleFrame() {
    var collector = MetricsCollector()
    collector.recordFrame(time: 0, visibleItems: 0..<0, isStalled: true) { _ in false }
    #expect(collector.finish(network: noNetwork, peakCacheBytes: 0).stallMilliseconds == 0)
  }

  @Test("an appearance is censored when the item leaves; a later ready appearance adds nothing")
  func censoredAtExit() {
    var collector = MetricsCollector()
    var ready = false
    collector.recordFrame(time: 0, visibleItems: 0..<1, isStalled: false) { _ in ready }
    collector.recordFrame(time: 10, visibleItems: 0..<1, isStalled: false) { _ in ready }
    collector.recordFrame(time: 20, visibleItems: 1..<2, isStalled: false) { _ in ready }
    ready = true
    collector.recordImageReady(0, at: 25)
    collector.recordFrame(time: 30, visibleItems: 0..<1, isStalled: false) { _ in ready }
    let metrics = collector.finish(network: noNetwork, peakCacheBytes: 0)
    // Item 0: 20 (censored at 20). Item 1: blank at 20, censored at 30 → 10.
    #expect(metrics.timeToContentP50 == 10)
    #expect(metrics.timeToContentP95 == 20)
    #expect(metrics.blankItemFrames == 3)
    #expect(metrics.visibleItemFrames == 4)
  }

  @Test("the ready time between frames is exact, not rounded to a frame")
  func exactReadyTime() {
    var collector = MetricsCollector()
    collector.recordFrame(time: 0, visibleItems: 4..<5, isStalled: false) { _ in false }
    collector.recordImageReady(4, at: 7.25)
    collector.recordImageReady(4, at: 8)  // already resolved: ignored
    collector.recordFrame(time: 16, visibleItems: 4..<5, isStalled: false) { _ in true }
    let metrics = collector.finish(network: noNetwork, peakCacheBytes: 0)
    #expect(metrics.timeToContentP50 == 7.25)
    #expect(metrics.blankItemFrames == 1)
  }

  @Test("an image ready at an item's first frame is not a blank appearance")
  func readyAtFirstFrame() {
    var collector = MetricsCollector()
    collector.recordFrame(time: 0, visibleItems: 0..<2, isStalled: false) { $0 == 0 }
    collector.recordImageReady(1, at: 5)
    collector.recordFrame(time: 10, visibleItems: 0..<2, isStalled: false) { _ in true }
    let metrics = collector.finish(network: noNetwork, peakCacheBytes: 0)
    #expect(metrics.timeToContentP50 == 5)
    #expect(metrics.timeToContentP95 == 5)
  }

  @Test("wasted bytes: cancelled partials, never-visible images and never-visible pages")
  func wastedBytes() {
    var collector = MetricsCollector(pageSize: 20)
    collector.recordCompletion(.init(key: .page(0), bytes: 8_000, time: 68, source: .network))
    collector.recordCompletion(.init(key: .page(1), bytes: 8_000, time: 140, source: .network))
    collector.recordCompletion(.init(key: .image(0), bytes: 2_000, time: 150, source: .network))
    collector.recordCompletion(.init(key: .image(5), bytes: 1_000, time: 151, source: .network))
    collector.recordCompletion(.init(key: .image(6), bytes: 9_999, time: 152, source: .disk))
    collector.recordFrame(time: 160, visibleItems: 0..<2, isStalled: false) { _ in true }
    var network = NetworkStatistics()
    network.startedRequests = 6
    network.cancelledRequests = 1
    network.completedRequests = 4
    network.completedPages = 2
    network.cancelledBytes = 300
    network.transferredBytes = 8_000 + 8_000 + 2_000 + 1_000 + 300
    let metrics = collector.finish(network: network, peakCacheBytes: 3_000)
    #expect(metrics.wastedBytes == 300 + 1_000 + 8_000)
    #expect(metrics.bytes == 19_300)
    #expect(metrics.requests == 6)
    #expect(metrics.cancelled == 1)
    #expect(metrics.pages == 2)
    #expect(metrics.peakCacheBytes == 3_000)
  }

  @Test("the world overload counts only loaded items and stalls only while there is more")
  func worldFrames() {
    let layout = WorldLayout.feed(FeedGeometry(itemHeights: [100, 100, 100, 100]))
    var collector = MetricsCollector(pageSize: 2)
    // Two items loaded (200 pt of content) under a 150 pt viewport.
    let first = collector.recordFrame(
      time: 0, offset: 0, viewportHeight: 150, layout: layout, loadedItemCount: 2, hasMore: true
    ) { _ in true }
    #expect(first == 0..<2)
    let second = collector.recordFrame(
      time: 10, offset: 100, viewportHeight: 150, layout: layout, loadedItemCount: 2,
      hasMore: true
    ) { _ in true }
    #expect(second == 1..<2)
    // Past the end of the content but the backend has nothing more: no stall.
    collector.recordFrame(
      time: 20, offset: 100, viewportHeight: 150, layout: layout, loadedItemCount: 2,
      hasMore: false
    ) { _ in true }
    let metrics = collector.finish(network: NetworkStatistics(), peakCacheBytes: 0)
    #expect(metrics.stallMilliseconds == 10)
    #expect(metrics.visibleItemFrames == 4)
    #expect(metrics.blankItemFrames == 0)
  }
}

@Suite("Run metrics")
struct RunMetricsTests {
  @Test("JSON uses the metrics' stable snake_case keys, sorted, byte-stable")
  func json() throws {
    let metrics = RunMetrics(
      visibleItemFrames: 15, blankItemFrames: 3, blankRate: 0.2, stallMilliseconds: 50.5,
      bytes: 19_300, wastedBytes: 9_300, requests: 6, cancelled: 1, pages: 2,
      timeToContentP50: 10, timeToContentP95: 20.25, peakCacheBytes: 3_000)
    let text = String(decoding: metrics.jsonData(), as: UTF8.self)
    #expect(
      text
        == #"{"blank_item_frames":3,"blank_rate":0.2,"bytes":19300,"cancelled":1,"pages":2,"peak_cache_bytes":3000,"requests":6,"stall_ms":50.5,"ttc_p50_ms":10,"ttc_p95_ms":20.25,"visible_item_frames":15,"wasted_bytes":9300}"#
    )
    #expect(try JSONDecoder().decode(RunMetrics.self, from: metrics.jsonData()) == metrics)
  }
}
