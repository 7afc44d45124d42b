import Foundation

/// How far this user travels after coming to rest, learned online.
///
/// Every time the viewport comes to rest, the model watches the next ``window`` seconds
/// and records the furthest the viewport got from that resting place in the direction
/// it was last scrolling (0 when it stayed or went back). It keeps the last
/// `capacity` of these excursions (``RecentValues``) and answers a percentile of them
/// (nearest rank).
///
/// An excursion is what a buffer filled at rest has to cover: a reader who moves a
/// third of a screen after each pause needs little, a skimmer who flings two screens
/// after each look needs two screens. The quantile is the user's own behaviour, not a
/// tuning of the trace classes.
///
/// When the list changes (``listDidChange()``), excursions still being watched are
/// dropped, since their resting places moved; finished ones are kept.
///
/// A value type; confine it to one thread. Once its buffers have grown, observing
/// allocates nothing.
struct RestExcursions: Sendable, Hashable {
  /// How long after a rest begins its excursion is measured, in seconds.
  let window: Double

  /// A rest whose excursion is still being measured.
  private struct Watch: Sendable, Hashable {
    var start: Double
    var origin: Double
    var isForward: Bool
    var furthest: Double
  }

  private var watching: [Watch] = []
  /// The most recent finished excursions.
  private var excursions: RecentValues<Double>

  /// Creates a model.
  ///
  /// - Parameters:
  ///   - window: Seconds after a rest begins over which its excursion is measured.
  ///   - capacity: How many recent excursions are kept; at least 1.
  init(window: Double, capacity: Int = 16) {
    precondition(window > 0, "window must be positive, got \(window)")
    self.window = window
    excursions = RecentValues(capacity: capacity)
  }

  /// The number of finished excursions kept.
  var count: Int { excursions.count }

  /// Advances the model to `time` (seconds) with the viewport's `offset` along the axis.
  ///
  /// - Parameters:
  ///   - restBegins: The viewport came to rest at this call.
  ///   - isForward: The direction of the last scroll: toward larger offsets.
  /// - Complexity: O(*w* + *k*) for *w* rests being watched and *k* kept excursions.
  mutating func observe(time: Double, offset: Double, restBegins: Bool, isForward: Bool) {
    var index = 0
    while index < watching.count {
      let watch = watching[index]
      let progress = (offset - watch.origin) * (watch.isForward ? 1 : -1)
      watching[index].furthest = Swift.max(watch.furthest, progress)
      if time - watch.start >= window {
        excursions.append(watching[index].furthest)
        watching.remove(at: index)
      } else {
        index += 1
      }
    }
    if restBegins {
      watching.append(Watch(start: time, origin: offset, isForward: isForward, furthest: 0))
    }
  }

  /// Forgets the rests still being watched: their places moved with the list.
  mutating func listDidChange() {
    watching.removeAll(keepingCapacity: true)
  }

  /// The nearest-rank `percentile` (0...100) of the kept excursions, in points; `nil`
  /// before any was recorded.
  func excursion(percentile: Double) -> Double? {
    let sorted = excursions.ascending
    return sorted.isEmpty ? nil : Percentile.nearestRank(percentile, ofSorted: sorted)
  }
}

/// The share of recent moving time in which an item on screen waited for its image.
///
/// Updated once per frame while the viewport moves; each frame's weight is its
/// duration, and older frames fade with the half-life. Near 0 on a link that keeps up
/// with the user, high when the user outruns it.
///
/// A value type; confine it to one thread.
struct MovingMissRate: Sendable, Hashable {
  /// How fast older frames fade.
  let halfLife: Duration
  /// The current share, in `0...1`.
  private(set) var share = 0.0
  private var lastTime: Duration?

  /// Creates a rate of 0.
  init(halfLife: Duration) {
    precondition(halfLife > .zero, "halfLife must be positive")
    self.halfLife = halfLife
  }

  /// Records the frame at `time`: whether the viewport moves and an item on screen
  /// waits for its image. Frames at rest leave the share as it is.
  mutating func observe(time: Duration, isMoving: Bool, isWaiting: Bool) {
    defer { lastTime = time }
    guard isMoving, let lastTime, time > lastTime else { return }
    let keep = pow(0.5, (time - lastTime).ratio(to: halfLife))
    share = share * keep + (isWaiting ? 1 - keep : 0)
  }
}
