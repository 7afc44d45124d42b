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
  /// Total distance a deceleration still travels, in points.
  let remainingDistance: Double
  /// The decay constant per second of the deceleration.
  let decay: Double

  /// Reads the motion from a tracker.
  init(tracker: ScrollTracker, axis: Axis) {
    let velocity = Double(axis == .vertical ? tracker.velocity.y : tracker.velocity.x)
    speed = abs(velocity)
    isMoving = tracker.isMoving
    isDecelerating = tracker.phase == .decelerating
    decay = -log(tracker.decelerationRate.perMillisecond) * 1000
    remainingDistance = abs(tracker.decelerationRate.projectedDistance(velocity: velocity / 1000))
  }

  /// Seconds until the viewport has travelled `distance` points; infinite if it stops
  /// first.
  func timeToTravel(_ distance: Double) -> Double {
    guard distance > 0 else { return 0 }
    guard isMoving, speed > 0 else { return .infinity }
    if isDecelerating {
      guard distance < remainingDistance else { return .infinity }
      return -log(1 - distance / remainingDistance) / decay
    }
    return distance / speed
  }

  /// Points travelled within `seconds`.
  func distanceCovered(within seconds: Double) -> Double {
    if isDecelerating { return remainingDistance * (1 - exp(-decay * seconds)) }
    return speed * seconds
  }
}
