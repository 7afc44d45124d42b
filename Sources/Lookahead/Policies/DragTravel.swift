import Foundation

/// How far this user's drags actually go, against what their speed promises, learned
/// online.
///
/// While the finger drags, the distance the motion covers within a horizon reads as the
/// speed times the horizon: a drag held at that speed. Users lift their finger, slow
/// down or turn around. At most every ``sampleInterval`` seconds of dragging the model
/// notes where the viewport is, how fast it drags, and the horizon; once the horizon
/// has passed, it records how far the viewport got in the drag's direction over the
/// distance the speed promised, between 0 and 1. It keeps the last `capacity` of these
/// shares (``RecentValues``) and answers a percentile of them (nearest rank).
///
/// A reader whose slow flicks glide to a stop a third of a screen on records small
/// shares; a flinger whose strokes follow each other records shares near 1. So do the
/// first frames of a drag, where the scroll tracker's speed (a fit over its last 100 ms)
/// still rises and promises less than the drag then covers: the shares are the policy's
/// own forecast checked against the outcome, over every frame the forecast is made for.
/// Where drags are flicks of a few frames, those first frames are a good part of the
/// samples, and a high percentile stays at 1.
///
/// When the list changes (``listDidChange()``), samples still being watched are
/// dropped, since their offsets moved; finished ones are kept.
///
/// A value type; confine it to one thread. Once its buffers have grown, observing
/// allocates nothing.
struct DragTravel: Sendable, Hashable {
  /// The least time between two samples of one drag, in seconds.
  let sampleInterval: Double
  /// The least speed a sample is taken at, in points per second.
  let minimumSpeed: Double

  /// A drag whose travel over its horizon is still being watched.
  private struct Watch: Sendable, Hashable {
    var end: Double
    var origin: Double
    var isForward: Bool
    var promised: Double
  }

  private var watching: [Watch] = []
  private var lastSample: Double?
  /// The most recent finished shares.
  private var shares: RecentValues<Double>

  /// Creates a model.
  ///
  /// - Parameters:
  ///   - capacity: How many recent shares are kept; at least 1.
  ///   - sampleInterval: The least time between two samples, in seconds.
  ///   - minimumSpeed: The least speed a sample is taken at, in points per second.
  init(capacity: Int = 32, sampleInterval: Double = 0.1, minimumSpeed: Double = 100) {
    self.sampleInterval = sampleInterval
    self.minimumSpeed = minimumSpeed
    shares = RecentValues(capacity: capacity)
  }

  /// The number of finished shares kept.
  var count: Int { shares.count }

  /// Advances the model to `time` (seconds) with the viewport's `offset` along the axis.
  ///
  /// - Parameters:
  ///   - velocity: Points per second along the axis, positive toward larger offsets,
  ///     when the finger drags; `nil` otherwise.
  ///   - horizon: The horizon a drag sampled now is watched over, in seconds.
  /// - Complexity: O(*w* + *k*) for *w* samples being watched and *k* kept shares.
  mutating func observe(time: Double, offset: Double, velocity: Double?, horizon: Double) {
    var index = 0
    while index < watching.count {
      let watch = watching[index]
      if time >= watch.end {
        let progress = (offset - watch.origin) * (watch.isForward ? 1 : -1)
        shares.append(Swift.min(1, Swift.max(0, progress / watch.promised)))
        watching.remove(at: index)
      } else {
        index += 1
      }
    }
    guard let velocity, abs(velocity) >= minimumSpeed, horizon > 0 else {
      if velocity == nil { lastSample = nil }
      return
    }
    if let lastSample, time - lastSample < sampleInterval { return }
    lastSample = time
    watching.append(
      Watch(
        end: time + horizon, origin: offset, isForward: velocity > 0,
        promised: abs(velocity) * horizon))
  }

  /// Forgets the drags still being watched: their offsets moved with the list.
  mutating func listDidChange() {
    watching.removeAll(keepingCapacity: true)
    lastSample = nil
  }

  /// The nearest-rank `percentile` (0...100) of the kept shares, in `0...1`; `nil`
  /// before any was recorded.
  func share(percentile: Double) -> Double? {
    let sorted = shares.ascending
    return sorted.isEmpty ? nil : Percentile.nearestRank(percentile, ofSorted: sorted)
  }
}
