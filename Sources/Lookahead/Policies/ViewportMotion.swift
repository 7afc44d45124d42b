import Foundation

/// Where the viewport goes next, along the layout's axis: constant velocity while
/// dragging, UIScrollView's exponential deceleration while decelerating.
///
/// A value type; thread-safe.
struct ViewportMotion: Sendable {
  /// Whether the viewport is moving at all.
  let isMoving: Bool
  /// Whether the motion is a glide, so that its landing is known: a fling decelerating,
  /// or a drag taken as lifted now (``liftedNow()``).
  private(set) var isDecelerating: Bool
  /// Points per second along the axis (absolute).
  private(set) var speed: Double
  /// Total distance a deceleration still travels, in points: where it comes to rest,
  /// or the start of the content if it glides that way and gets there first (see
  /// ``stopping(atDistanceToStart:)``).
  private(set) var remainingDistance: Double
  /// The distance the deceleration would travel on a list without a start, in points:
  /// the scale of its exponential curve.
  private var glideDistance: Double
  /// Whether the viewport moves toward smaller offsets, the start of the content.
  private let isTowardStart: Bool
  /// The decay constant per second of the deceleration.
  let decay: Double

  /// Reads the motion from a tracker.
  init(tracker: ScrollTracker, axis: Axis) {
    let velocity = Double(axis == .vertical ? tracker.velocity.y : tracker.velocity.x)
    speed = abs(velocity)
    isMoving = tracker.isMoving
    isDecelerating = tracker.phase == .decelerating
    isTowardStart = velocity < 0
    decay = -log(tracker.decelerationRate.perMillisecond) * 1000
    glideDistance = abs(tracker.decelerationRate.projectedDistance(velocity: velocity / 1000))
    remainingDistance = glideDistance
  }

  /// The same motion, with a glide toward smaller offsets stopping at the start of the
  /// content, as a scroll view's does.
  ///
  /// - Parameter distanceToStart: How far the viewport's start lies from the start of
  ///   the content (offset 0), in points. The content's end is no such wall while pages
  ///   still load (a glide there stalls and then goes on), so there is no counterpart.
  func stopping(atDistanceToStart distanceToStart: Double) -> ViewportMotion {
    guard isTowardStart else { return self }
    var stopped = self
    stopped.remainingDistance = Swift.min(glideDistance, Swift.max(0, distanceToStart))
    return stopped
  }

  /// The same glide `seconds` later: a deceleration slows by its decay, and what it still
  /// travels shrinks with its speed. A drag or a stop is unchanged.
  ///
  /// A tracker's least-squares velocity applies to the middle of its window
  /// (``ScrollTracker/velocityAge``); aging a glide by that much gives its speed now.
  func aged(by seconds: Double) -> ViewportMotion {
    guard isDecelerating, seconds > 0 else { return self }
    let factor = exp(-decay * seconds)
    var aged = self
    aged.speed *= factor
    aged.remainingDistance *= factor
    aged.glideDistance *= factor
    return aged
  }

  /// The glide that would follow were the finger lifted now, from the current speed:
  /// the same motion when it decelerates already or stands still.
  func liftedNow() -> ViewportMotion {
    guard isMoving, !isDecelerating else { return self }
    var lifted = self
    lifted.isDecelerating = true
    return lifted
  }

  /// Seconds until the viewport has travelled `distance` points; infinite if it stops
  /// first.
  func timeToTravel(_ distance: Double) -> Double {
    guard distance > 0 else { return 0 }
    guard isMoving, speed > 0 else { return .infinity }
    if isDecelerating {
      guard distance < remainingDistance else { return .infinity }
      return -log(1 - distance / glideDistance) / decay
    }
    return distance / speed
  }

  /// Points travelled within `seconds`.
  func distanceCovered(within seconds: Double) -> Double {
    if isDecelerating {
      return Swift.min(remainingDistance, glideDistance * (1 - exp(-decay * seconds)))
    }
    return speed * seconds
  }
}
