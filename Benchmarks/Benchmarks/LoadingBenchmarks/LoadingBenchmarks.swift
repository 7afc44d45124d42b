import Benchmark
import Foundation
@_spi(Machines) @_spi(Inspection) import Lookahead

/// Memory-cache hits against a lock-protected `Dictionary` and `NSCache`, and
/// load-queue events at 1,000 vs 100,000 wanted keys, all measured in the same
/// run.
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
    scalingFactor: .kilo,
    maxDuration: .seconds(2),
    maxIterations: 1_000_000
  )

  let entries = 1_000

  Benchmark("MemoryCache hit") { benchmark in
    let cache = MemoryCache<Int, Int>(countLimit: entries * 2)
    for key in 0..<entries { cache.setValue(key, forKey: key, cost: 1) }
    var key = 0
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      key = key == entries - 1 ? 0 : key + 1
      blackHole(cache.value(forKey: key))
    }
    benchmark.stopMeasurement()
  }

  Benchmark("Baseline: lock-protected Dictionary lookup") { benchmark in
    let dictionary = LockedDictionary()
    for key in 0..<entries { dictionary.set(key, forKey: key) }
    var key = 0
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      key = key == entries - 1 ? 0 : key + 1
      blackHole(dictionary.value(forKey: key))
    }
    benchmark.stopMeasurement()
  }

  Benchmark("Baseline: NSCache hit") { benchmark in
    let cache = NSCache<NSNumber, Box>()
    cache.countLimit = entries * 2
    for key in 0..<entries { cache.setObject(Box(key), forKey: NSNumber(value: key), cost: 1) }
    var key = 0
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      key = key == entries - 1 ? 0 : key + 1
      blackHole(cache.object(forKey: NSNumber(value: key)))
    }
    benchmark.stopMeasurement()
  }

  for wanted in [1_000, 100_000] {
    Benchmark("LoadQueue want + unwant with \(wanted) keys queued") { benchmark in
      var queue = QueueFixture.queue(wanting: wanted)
      var key = wanted
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        key = key == wanted * 2 ? wanted : key + 1
        blackHole(
          queue.want(key, by: 0, priority: .preload, order: Double(key % 977), now: .zero))
        blackHole(queue.unwant(key, by: 0, now: .zero))
      }
      benchmark.stopMeasurement()
    }
  }

  Benchmark(
    "LoadQueue storage left after 100000 keys are wanted and unwanted",
    configuration: .init(
      metrics: [.wallClock, .peakMemoryResident, QueueFixture.retainedElements],
      scalingFactor: .one, maxDuration: .seconds(2), maxIterations: 20)
  ) { benchmark in
    for _ in benchmark.scaledIterations {
      var queue = QueueFixture.queue(wanting: 100_000)
      for key in 0..<100_000 { blackHole(queue.unwant(key, by: 0, now: .zero)) }
      for key in 0..<6 {
        if let ticket = queue.currentTicket(of: key) {
          blackHole(queue.loadFinished(key, ticket: ticket, now: .zero))
        }
      }
      let counts = queue.storageCounts
      benchmark.measurement(
        QueueFixture.retainedElements,
        counts.keys + counts.waiters + counts.queuedHeapElements + counts.retryHeapElements
          + counts.running)
    }
  }
}

enum QueueFixture {
  static let retainedElements = BenchmarkMetric.custom(
    "Queue elements retained", polarity: .prefersSmaller, useScalingFactor: false)

  /// A queue with `count` keys wanted: six running, the rest queued.
  static func queue(wanting count: Int) -> LoadQueue<Int, Int> {
    var queue = LoadQueue<Int, Int>()
    for key in 0..<count {
      _ = queue.want(key, by: 0, priority: .preload, order: Double(key % 977), now: .zero)
    }
    return queue
  }
}

/// A `Dictionary` behind an `NSLock`, the simplest thread-safe cache.
final class LockedDictionary: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [Int: Int] = [:]

  func set(_ value: Int, forKey key: Int) {
    lock.lock()
    defer { lock.unlock() }
    storage[key] = value
  }

  func value(forKey key: Int) -> Int? {
    lock.lock()
    defer { lock.unlock() }
    return storage[key]
  }
}

/// The object `NSCache` requires as a value.
final class Box {
  let value: Int
  init(_ value: Int) { self.value = value }
}
