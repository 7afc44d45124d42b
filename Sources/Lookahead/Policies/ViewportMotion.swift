import Foundation

/// Where the viewport goes next, along the layout's axis: constant velocity while
/// dragging, UIScrollView's exponential deceleration while decelerating.
///
/// A value type; thread-safe.
struct ViewportMotion: Sendable {
  /// Whether the viewport is moving at all.
  let isMoving: Bool
  /// Whether a fling is decelerating, so that its landing is known.
  let isDecelerating: Bool
  /// Points per second along the axis (absolute).
  let speed: Double
  /// Total distance a deceleration still travels, in points: where it comes to rest,
  /// or the start of the content if it glides that way and gets there first.
  let remainingDistance: Double
  /// The distance the deceleration would travel on a list without a start, in points:
  /// the scale of its exponential curve.
  private let glideDistance: Double
  /// The decay constant per second of the deceleration.
  let decay: Double

  /// Reads the motion from a tracker.
  ///
  /// - Parameter distanceToStart: How far the viewport's start lies from the start of
  ///   the content (offset 0), in points. A glide toward smaller offsets stops there,
  ///   as a scroll view does. The content's end is no such wall while pages still load
  ///   (a glide there stalls and then goes on), so it is not given.
  init(tracker: ScrollTracker, axis: Axis, distanceToStart: Double = .infinity) {
    let velocity = Double(axis == .vertical ? tracker.velocity.y : tracker.velocity.x)
    speed = abs(velocity)
    isMoving = tracker.isMoving
    isDecelerating = tracker.phase == .decelerating
    decay = -log(tracker.decelerationRate.perMillisecond) * 1000
    glideDistance = abs(tracker.decelerationRate.projectedDistance(velocity: velocity / 1000))
    remainingDistance =
      velocity < 0 ? Swift.min(glideDistance, Swift.max(0, distanceToStart)) : glideDistance
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
