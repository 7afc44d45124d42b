import Benchmark
import Foundation
@_spi(Machines) import Lookahead
import LookaheadSimulation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// One list preloader step per frame (`ListPreloaderStateMachine.scrolled`) while the
/// user reads at 50 points per second, for `texture`, `adaptive` and `model` (the
/// strategy under development, as the simulator builds it), at 10,000 and
/// 1,000,000 items of the standard world's feed heights. Loads finish at once, so the
/// steady state is what an app sees: the items around the viewport are cached, and a
/// frame changes the wanted set only when an item enters the lead. The baseline,
/// measured in the same run, is the least a frame can do: the tracker records the
/// offset and Texture's range controller updates its ranges.
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
    scalingFactor: .kilo,
    maxDuration: .seconds(3),
    maxIterations: 2_000
  )

  for count in [10_000, 1_000_000] {
    for strategy in [PreloadStrategy.texture, .adaptive, modelStrategy] {
      // One session per benchmark, read on from sample to sample: building a million
      // items and warming up happens once, outside the measurement.
      let session = SessionBox(ReadingSession(strategy: strategy, count: count))
      Benchmark("Preloader step: \(strategy.id), \(count) items, reading") { benchmark in
        session.withSession { session in
          benchmark.startMeasurement()
          for _ in benchmark.scaledIterations { blackHole(session.step()) }
          benchmark.stopMeasurement()
        }
      }
    }
  }

  Benchmark("Baseline: tracker record and range update, 1000000 items") { benchmark in
    let layout = PreloaderFixture.geometry(count: 1_000_000)
    var tracker = ScrollTracker()
    var ranges = RangeController()
    var time = Duration.zero
    var offset = layout.contentLength / 2
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      time += .microseconds(16_667)
      offset += 50.0 / 60
      tracker.record(offset: CGPoint(x: 0, y: offset), at: time)
      blackHole(
        ranges.update(
          layout: layout, viewport: CGRect(x: 0, y: offset, width: 390, height: 844),
          direction: tracker.direction, mode: .full))
    }
    benchmark.stopMeasurement()
  }
}

/// `model`, which only the simulator's setup builds.
let modelStrategy = SimulationSetup(trace: Trace([(0, 0)]), strategy: .model).preloadStrategy

/// A reading session shared by the samples of one benchmark, which run one at a time.
final class SessionBox: @unchecked Sendable {
  private var session: ReadingSession

  init(_ session: ReadingSession) {
    var session = session
    session.warmUp()
    self.session = session
  }

  func withSession(_ body: (inout ReadingSession) -> Void) { body(&session) }
}

/// A feed item of the benchmark: its id is its position.
struct BenchmarkPost: FeedItem {
  let id: Int
  var sortKey: Int { -id }
}

/// A preloader state machine over a long feed, read at 50 points per second, whose
/// loads finish at once.
struct ReadingSession {
  var machine: ListPreloaderStateMachine<BenchmarkPost, Int>
  var cached = CachedKeys()
  var time = Duration.zero
  var offset: CGFloat

  init(strategy: PreloadStrategy, count: Int) {
    machine = ListPreloaderStateMachine(
      strategy: strategy,
      configuration: ListPreloaderConfiguration(
        viewportSize: CGSize(width: 390, height: 844), interfaceStateTuning: nil),
      resourceKey: { $0.id }, itemLength: { CGFloat(StandardWorld.feedItemHeight($0.id)) })
    _ = machine.restore(
      FeedSnapshot(
        items: (0..<count).map(BenchmarkPost.init(id:)), nextCursor: nil, hasMore: false,
        savedAt: Date(timeIntervalSince1970: 0)),
      now: .zero)
    offset = machine.geometry.contentLength / 2
    machine.beginDragging(now: .zero)
  }

  /// Ten seconds of reading, so that the policy has learned and the lead is cached.
  mutating func warmUp() {
    for _ in 0..<600 { _ = step() }
  }

  /// One frame, 16.7 ms and 0.83 points after the previous one; loads it starts finish
  /// at once. Returns the number of actions.
  mutating func step() -> Int {
    time += .microseconds(16_667)
    offset += 50.0 / 60
    var actions = machine.scrolled(
      to: CGPoint(x: 0, y: offset), now: time, readiness: cached)
    var count = actions.count
    // A finished load frees a slot for the next one, which finishes at once too.
    while let start = actions.firstIndex(where: {
      if case .startLoad = $0 { true } else { false }
    }) {
      guard case .startLoad(let key, let ticket, _) = actions.remove(at: start) else { break }
      cached.keys.insert(key)
      let more = machine.loadFinished(
        key, ticket: ticket, bytes: 80_000, duration: .milliseconds(150), source: .network,
        now: time)
      count += more.count
      actions += more
    }
    return count
  }
}

/// The keys whose loads finished: a reference, so that a frame reads it without copying.
final class CachedKeys: ResourceReadiness {
  var keys: Set<Int> = []

  func isReady(_ key: Int) -> Bool { keys.contains(key) }
}

enum PreloaderFixture {
  /// The geometry of `count` items with the standard world's feed heights.
  static func geometry(count: Int) -> ListLayout {
    ListLayout(
      crossLength: 390,
      itemLengths: (0..<count).map { CGFloat(StandardWorld.feedItemHeight($0)) })
  }
}
