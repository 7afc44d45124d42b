import Foundation

/// The viewport's course as the model sees it on one frame: the learned reaches ahead
/// and behind, around the glide's physics while the viewport moves, and from them the
/// probability that an item is on screen at a given time.
///
/// A value type; made afresh each frame.
struct ViewportCourse {
  /// What the motion model has learned.
  let motion: MotionModel
  /// The motion now; its glide (under way, or the one lifting the finger would start)
  /// is the course a moving viewport's reaches are learned around.
  let glide: ViewportMotion
  /// The phase the user is in.
  let phase: MotionModel.Phase
  /// +1 when "ahead" means toward larger offsets, else -1.
  let sign: Double
  /// The viewport's length along the axis, in points.
  let screen: Double
  /// The viewport's extent along the axis.
  let viewport: AxisSpan
  /// The longest time the model answers for, in seconds.
  let horizon: Double

  /// The displacements, in points the way of the motion, at which the item is on screen.
  private func window(_ span: AxisSpan) -> (low: Double, high: Double) {
    let low = Double(span.lowerBound - viewport.upperBound)
    let high = Double(span.upperBound - viewport.lowerBound)
    return sign > 0 ? (low, high) : (-high, -low)
  }

  /// The probability that the viewport gets `distance` points ahead (or behind) within
  /// `seconds`.
  private func reach(_ distance: Double, within seconds: Double, isForward: Bool) -> Double {
    guard distance >= 0 else { return 1 }
    return motion.reachProbability(
      distance, within: seconds, phase: phase, isForward: isForward, screen: screen,
      glide: phase == .rest ? nil : glide.liftedNow())
  }

  /// The probability that the item is on screen `seconds` from now.
  private func onScreen(_ window: (low: Double, high: Double), at seconds: Double) -> Double {
    if window.low >= 0 {
      return Swift.max(
        0,
        reach(window.low, within: seconds, isForward: true)
          - reach(window.high, within: seconds, isForward: true))
    }
    if window.high <= 0 {
      return Swift.max(
        0,
        reach(-window.high, within: seconds, isForward: false)
          - reach(-window.low, within: seconds, isForward: false))
    }
    return Swift.max(
      0,
      1 - reach(window.high, within: seconds, isForward: true)
        - reach(-window.low, within: seconds, isForward: false))
  }

  /// The expected seconds the item is on screen between `start` and `end` (at most the
  /// horizon).
  func secondsOnScreen(_ span: AxisSpan, after start: Double, until end: Double) -> Double {
    let end = Swift.min(end, horizon)
    guard start < end else { return 0 }
    let window = window(span)
    var total = 0.0
    var previousTime = start
    var previous = onScreen(window, at: start)
    for step in MotionModel.horizons {
      let time = Swift.min(start + step, end)
      let current = onScreen(window, at: time)
      total += (previous + current) / 2 * (time - previousTime)
      previousTime = time
      previous = current
      if time >= end { break }
    }
    return total
  }

  /// The probability that the item is on screen at some time before the horizon.
  func everSeen(_ span: AxisSpan, within seconds: Double? = nil) -> Double {
    let window = window(span)
    if window.low < 0, window.high > 0 { return 1 }
    let seconds = Swift.min(seconds ?? horizon, horizon)
    return window.low >= 0
      ? reach(window.low, within: seconds, isForward: true)
      : reach(-window.high, within: seconds, isForward: false)
  }
}
