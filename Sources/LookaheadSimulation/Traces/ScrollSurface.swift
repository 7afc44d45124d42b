/// One step of a synthetic user: a finger stroke, hands off for a while, or a programmatic
/// jump.
enum Gesture: Equatable {
  /// A finger stroke of `distance` points of finger travel over `milliseconds`, toward
  /// larger offsets when `direction` is +1. A fling accelerates until lift-off (finger
  /// travel `distance · x²`, release velocity `2 · distance / milliseconds`); a drag eases
  /// in and out (`distance · (3x² − 2x³)`) and lifts off at rest.
  case stroke(direction: Double, milliseconds: Int, distance: Double, isFling: Bool)
  /// Hands off: any deceleration continues.
  case pause(milliseconds: Int)
  /// An animated scroll (ease in-out) to `fraction` of the current offset.
  case jump(fraction: Double, milliseconds: Int)
}

/// UIScrollView's physics on a 1 ms grid: touch slop, 1:1 drag, deceleration, clamping.
struct ScrollSurface {
  private enum Activity {
    case none
    case pausing(remaining: Int)
    case stroking(
      direction: Double, total: Int, distance: Double, isFling: Bool, elapsed: Int,
      anchor: Double)
    case jumping(from: Double, to: Double, total: Int, elapsed: Int)
  }

  let maxOffset: Double
  private(set) var offset = 0.0
  private(set) var velocity = 0.0
  private var activity = Activity.none

  init(maxOffset: Double) {
    self.maxOffset = maxOffset
  }

  /// Whether the current gesture is over and the planner should supply the next.
  var isIdleForPlanning: Bool {
    if case .none = activity { return true }
    return false
  }

  mutating func begin(_ gesture: Gesture) {
    switch gesture {
    case .pause(let milliseconds):
      activity = .pausing(remaining: max(1, milliseconds))
    case .stroke(let direction, let milliseconds, let distance, let isFling):
      velocity = 0  // touching the screen catches any deceleration
      activity = .stroking(
        direction: direction, total: max(1, milliseconds), distance: distance, isFling: isFling,
        elapsed: 0, anchor: offset)
    case .jump(let fraction, let milliseconds):
      velocity = 0
      activity = .jumping(
        from: offset, to: offset * fraction, total: max(1, milliseconds), elapsed: 0)
    }
  }

  mutating func stepOneMillisecond() {
    switch activity {
    case .none:
      decelerate()
    case .pausing(let remaining):
      decelerate()
      activity = remaining > 1 ? .pausing(remaining: remaining - 1) : .none
    case .stroking(let direction, let total, let distance, let isFling, let elapsed, let anchor):
      let now = elapsed + 1
      let x = Double(now) / Double(total)
      let travel = distance * (isFling ? x * x : x * x * (3 - 2 * x))
      offset = clamped(anchor + direction * max(0, travel - TraceGenerator.touchSlop))
      if now < total {
        activity = .stroking(
          direction: direction, total: total, distance: distance, isFling: isFling, elapsed: now,
          anchor: anchor)
      } else {
        let movedContent = distance > TraceGenerator.touchSlop
        velocity = isFling && movedContent ? direction * 2 * distance / Double(total) : 0
        if (velocity < 0 && offset <= 0) || (velocity > 0 && offset >= maxOffset) { velocity = 0 }
        activity = .none
      }
    case .jumping(let from, let to, let total, let elapsed):
      let now = elapsed + 1
      let x = Double(now) / Double(total)
      let eased = x < 0.5 ? 2 * x * x : 1 - 2 * (1 - x) * (1 - x)
      offset = clamped(from + (to - from) * eased)
      activity = now < total ? .jumping(from: from, to: to, total: total, elapsed: now) : .none
    }
  }

  private mutating func decelerate() {
    guard velocity != 0 else { return }
    velocity *= TraceGenerator.decelerationRate
    offset += velocity
    if offset <= 0 || offset >= maxOffset {
      offset = clamped(offset)
      velocity = 0
    } else if abs(velocity) < TraceGenerator.stopSpeed {
      velocity = 0
    }
  }

  private func clamped(_ value: Double) -> Double {
    min(max(value, 0), maxOffset)
  }
}
