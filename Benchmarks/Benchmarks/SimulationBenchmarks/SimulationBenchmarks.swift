import Benchmark
import Foundation
import LookaheadSimulation

/// The simulation foundations over a 60-minute trace: trace generation, CSV reading, and
/// the network model + image cache + metrics collector driven by a simple on-visible
/// workload. The baseline, measured in the same run, is the least any simulation does:
/// walking the frames and finding the visible items. SPEC §10 asks for a whole simulation
/// ≥ 100× faster than real time (60 minutes → under 36 s; SPEC §8.3: well under 1 s).
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal],
    scalingFactor: .one,
    maxDuration: .seconds(5),
    maxIterations: 30
  )

  let hour: Milliseconds = 3_600_000
  let trace = TraceGenerator(scenario: .skimmer, seed: 1, duration: hour).generate()
  let csv = trace.csv
  let layout = WorldLayout.standard(.feed)

  Benchmark("Generate a 60-minute skimmer trace") { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(TraceGenerator(scenario: .skimmer, seed: 1, duration: hour).generate())
    }
  }

  Benchmark("Read a 60-minute trace from CSV") { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try? Trace(csv: csv))
    }
  }

  Benchmark("Network + cache + metrics over a 60-minute trace (lte, on-visible)") { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(OnVisibleWorkload.run(trace, layout: layout, profile: .lte, seed: 1))
    }
  }

  Benchmark("Baseline: visible items of every frame of a 60-minute trace") { benchmark in
    for _ in benchmark.scaledIterations {
      var count = 0
      let loaded = layout.itemCount
      for sample in trace.samples {
        count += layout.visibleItems(offset: sample.offset, loadedItemCount: loaded).count
      }
      blackHole(count)
    }
  }
}

/// Pages load one at a time within two screens of the end of the content; images load when
/// their item is visible (from disk when evicted) and are cancelled when it leaves.
enum OnVisibleWorkload {
  static func run(
    _ trace: Trace, layout: WorldLayout, profile: NetworkProfile, seed: UInt64
  ) -> RunMetrics {
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
        hasMore: hasMore) { cache.isReady($0) }
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
}
