import Foundation

@testable import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// 500 items of 100 points, a 1,000-point viewport: ten items per screen.
let adaptiveLayout = ListLayout(crossLength: 390, itemLengths: Array(repeating: 100, count: 500))
let adaptiveScreen: CGFloat = 1000
/// 500 items of 300 points: three or four items per screen, a sparse screen (see
/// `AdaptivePolicy.Configuration.maximumSparseScreenItems`).
let tallPosts = ListLayout(crossLength: 390, itemLengths: Array(repeating: 300, count: 500))

/// What the scripted driver reports about loads.
struct AdaptiveLoads {
  /// Whether the items on screen are ready.
  var isVisibleReady = true
  /// Items being transferred.
  var loading: Set<Int> = []
  /// Items off screen whose image is ready.
  var ready: Set<Int> = []
  /// Items whose image a local tier below memory (a disk cache) holds.
  var stored: Set<Int> = []
}

/// Drives an ``AdaptivePolicy`` with a ``ScrollTracker`` at 60 Hz on scripted offsets.
struct AdaptivePlayer {
  var policy: AdaptivePolicy
  var tracker = ScrollTracker()
  var time = 0.0
  var offset: CGFloat
  /// The list the player scrolls; ``adaptiveLayout`` unless set.
  var layout: ListLayout = adaptiveLayout

  /// A player at `offset` whose policy has seen `loads` loads of `latency` each.
  init(
    _ configuration: AdaptivePolicy.Configuration = AdaptivePolicy.Configuration(),
    latency: Duration = .milliseconds(200), loads: Int = 2, offset: CGFloat = 3000
  ) {
    policy = AdaptivePolicy(configuration: configuration)
    for _ in 0..<loads { policy.loadDidFinish(latency: latency, bytes: 50_000) }
    self.offset = offset
  }

  /// A player that has scrolled 3,000 points at 3,000 pt/s for one second while the
  /// screen loaded, and seen two more loads of 100 kB: its policy has learned 300 kB/s
  /// (2 × 50 kB and 2 × 100 kB over one busy second), 75 kB per load and a typical
  /// latency of 0.2 s.
  static func learnedBandwidth(_ configuration: AdaptivePolicy.Configuration) -> AdaptivePlayer {
    var player = AdaptivePlayer(configuration)
    player.move(speed: 3000, seconds: 1, loads: AdaptiveLoads(loading: Set(0..<500)))
    for _ in 0..<2 {
      player.policy.loadDidFinish(latency: .milliseconds(200), bytes: 100_000)
    }
    return player
  }

  /// The viewport's span now.
  var viewport: AxisSpan { AxisSpan(offset, offset + adaptiveScreen) }

  /// One frame later at `speed` points per second; returns the policy's answer.
  @discardableResult
  mutating func step(speed: Double = 0, loads: AdaptiveLoads = AdaptiveLoads()) -> [PreloadRequest]
  {
    time += 1.0 / 60
    offset += CGFloat(speed / 60)
    return decide(loads: loads)
  }

  /// Moves at `speed` points per second for `seconds`; returns the last answer.
  @discardableResult
  mutating func move(speed: Double, seconds: Double, loads: AdaptiveLoads = AdaptiveLoads())
    -> [PreloadRequest]
  {
    var answer: [PreloadRequest] = []
    for _ in 0..<Int(seconds * 60) { answer = step(speed: speed, loads: loads) }
    return answer
  }

  /// Follows `path` (offset from the current one, by seconds since now) for `seconds`;
  /// returns every frame's answer with the tracker's phase.
  mutating func follow(
    seconds: Double, loads: AdaptiveLoads = AdaptiveLoads(), path: (Double) -> CGFloat
  ) -> [(phase: ScrollPhase, answer: [PreloadRequest], tracker: ScrollTracker)] {
    let start = offset
    var frames: [(phase: ScrollPhase, answer: [PreloadRequest], tracker: ScrollTracker)] = []
    for frame in 1...Int(seconds * 60) {
      time += 1.0 / 60
      offset = start + path(Double(frame) / 60)
      let answer = decide(loads: loads)
      frames.append((tracker.phase, answer, tracker))
    }
    return frames
  }

  private mutating func decide(loads: AdaptiveLoads) -> [PreloadRequest] {
    tracker.record(offset: CGPoint(x: 0, y: offset), at: .seconds(time))
    let input = PolicyInput(
      time: .seconds(time), layout: layout,
      viewport: CGRect(x: 0, y: offset, width: 390, height: adaptiveScreen), tracker: tracker)
    let visible = input.visibleItems
    let status = ClosureLoadStatus(
      isReady: { (loads.isVisibleReady && visible.contains($0)) || loads.ready.contains($0) },
      isLoading: { loads.loading.contains($0) }, isStoredLocally: { loads.stored.contains($0) })
    return policy.wantedItems(for: input, status: status)
  }
}

/// The prefetches (non-visible requests) of an answer.
func adaptivePrefetches(_ answer: [PreloadRequest]) -> [PreloadRequest] {
  answer.filter { $0.priority != .visible }
}

/// The visible items an answer requests, by ascending item.
func adaptiveVisibleItems(_ answer: [PreloadRequest]) -> [Int] {
  answer.filter { $0.priority == .visible }.map(\.item).sorted()
}

/// How far past the viewport's end the farthest wanted item starts, in points.
func adaptiveReach(_ answer: [PreloadRequest], beyond viewport: AxisSpan) -> CGFloat {
  adaptivePrefetches(answer).map {
    adaptiveLayout.span(ofItem: $0.item).lowerBound - viewport.upperBound
  }.max()
    ?? 0
}

/// A fling: a 0.15 s drag at `speed` points per second, then UIScrollView deceleration
/// (0.998 per ms).
func adaptiveFling(speed: Double) -> (Double) -> CGFloat {
  { t in
    let drag = 0.15
    if t <= drag { return CGFloat(speed * t) }
    let ms = (t - drag) * 1000
    return CGFloat(speed * drag + speed / 1000 * 0.998 / 0.002 * (1 - pow(0.998, ms)))
  }
}

/// A tuning without the prefetch budget, to observe the lead itself.
var unbudgetedAdaptive: AdaptivePolicy.Configuration {
  var configuration = AdaptivePolicy.Configuration()
  configuration.maximumPrefetches = 1000
  configuration.pipeDepthFactor = 0
  return configuration
}

/// ``unbudgeted``, with a lead at rest that grows while the list stays idle.
var growingWhileIdleAdaptive: AdaptivePolicy.Configuration {
  var configuration = unbudgetedAdaptive
  configuration.idleGrowthScreensPerSecond = 0.1
  return configuration
}
