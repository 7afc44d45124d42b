import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// Turns a stream of content offsets (and, where the platform gives them, drag and
/// deceleration events) into velocity, direction, phase and a projected landing
/// offset.
///
/// Feed it from `scrollViewDidScroll` with ``record(offset:at:)``; forward
/// `scrollViewWillBeginDragging`, `scrollViewWillEndDragging(withVelocity:targetContentOffset:)`
/// and `scrollViewDidEndDecelerating` with ``beginDragging(at:)``,
/// ``endDragging(velocity:targetOffset:at:)`` and ``endDecelerating(at:)``. Without
/// those events (recorded traces, SwiftUI, custom scroll views) the tracker infers
/// the phase from the samples alone:
///
/// - **idle** while the speed is at most 5 points per second;
/// - **dragging** when it starts moving from idle;
/// - **decelerating** once the speed has decayed for four consecutive samples at a
///   per-millisecond ratio between 0.95 and 0.9995 — the signature of
///   UIScrollView's exponential deceleration (0.998 or 0.99 per ms); a speed-up
///   means a new touch and returns to dragging.
///
/// Once any explicit event arrives, phases come from events only.
///
/// Time is passed in as a `Duration` since any fixed epoch; the tracker never reads
/// a clock. Recording allocates nothing.
///
/// `ScrollTracker` is a value type; confine each instance to one thread (usually the
/// main thread) or protect it.
public struct ScrollTracker: Sendable {
  /// Speeds at or below this (points per second) count as not moving: 5 pt/s.
  package static let movingThreshold: CGFloat = 5

  /// The rate used to project where a fling will stop.
  public var decelerationRate: DecelerationRate

  /// The newest content offset.
  public private(set) var offset: CGPoint = .zero
  /// The smoothed velocity in points per second (least-squares over ~100 ms).
  public private(set) var velocity: CGPoint = .zero
  /// How long before the newest sample ``velocity`` applies, in seconds: the mean age of
  /// the samples it was fitted to (about half the window). A decelerating scroll view has
  /// slowed since.
  package private(set) var velocityAge: Double = 0
  /// The current direction. Each axis keeps its previous direction while the velocity
  /// along it is within 5 points per second; initially `[.down, .right]`.
  public private(set) var direction: ScrollDirection = [.down, .right]
  /// The current phase.
  public private(set) var phase: ScrollPhase = .idle
  /// Whether the user has ever dragged (explicitly, or inferred from movement).
  public private(set) var hasDragged = false
  /// The time of the newest sample or event, if any.
  package private(set) var lastTime: Duration?

  private var estimator: VelocityEstimator
  private var usesExplicitPhases = false
  private var targetOffset: CGPoint?
  private var previousSpeed: CGFloat = 0
  private var decayStreak = 0

  /// Creates a tracker.
  ///
  /// - Parameters:
  ///   - decelerationRate: The scroll view's deceleration rate, used for projection.
  ///   - window: The time window of the velocity fit; about 100 ms.
  public init(decelerationRate: DecelerationRate = .normal, window: Duration = .milliseconds(100)) {
    precondition(window > .zero, "window must be positive, got \(window)")
    self.decelerationRate = decelerationRate
    self.estimator = VelocityEstimator(window: window)
  }

  /// The velocity in points per millisecond, as UIKit and Texture express it.
  package var velocityPerMillisecond: CGPoint {
    CGPoint(x: velocity.x / 1000, y: velocity.y / 1000)
  }

  /// Whether the content is moving faster than 5 points per second along either axis.
  public var isMoving: Bool {
    Swift.max(abs(velocity.x), abs(velocity.y)) > Self.movingThreshold
  }

  /// Records the content offset at `time`.
  ///
  /// - Parameters:
  ///   - offset: The content offset; both coordinates finite.
  ///   - time: The sample's time; must not be earlier than the previous sample.
  /// - Complexity: O(*w*) for the *w* samples in the velocity window; no allocation.
  public mutating func record(offset: CGPoint, at time: Duration) {
    precondition(offset.x.isFinite && offset.y.isFinite, "offset must be finite, got \(offset)")
    if let lastTime {
      precondition(time >= lastTime, "time must not go backwards (\(time) after \(lastTime))")
    }
    let previousTime = lastTime
    self.offset = offset
    lastTime = time
    estimator.record(x: offset.x, y: offset.y, seconds: time.inSeconds)
    (velocity, velocityAge) = estimator.fit()
    updateDirection()
    if !usesExplicitPhases { inferPhase(previousTime: previousTime, time: time) }
  }

  /// The user put a finger down and started dragging.
  public mutating func beginDragging(at time: Duration) {
    usesExplicitPhases = true
    phase = .dragging
    hasDragged = true
    targetOffset = nil
    lastTime = Swift.max(time, lastTime ?? time)
  }

  /// The user lifted the finger.
  ///
  /// - Parameters:
  ///   - velocity: The release velocity in points per millisecond (UIKit's
  ///     `withVelocity`); zero means the content stops where it is.
  ///   - targetOffset: Where UIKit says the content will stop, if known.
  ///   - time: When the finger lifted.
  public mutating func endDragging(velocity: CGPoint, targetOffset: CGPoint?, at time: Duration) {
    usesExplicitPhases = true
    let isFling = velocity.x != 0 || velocity.y != 0
    phase = isFling ? .decelerating : .idle
    self.targetOffset = isFling ? targetOffset : nil
    lastTime = Swift.max(time, lastTime ?? time)
  }

  /// The content stopped after decelerating.
  public mutating func endDecelerating(at time: Duration) {
    usesExplicitPhases = true
    phase = .idle
    targetOffset = nil
    lastTime = Swift.max(time, lastTime ?? time)
  }

  /// Rebases the tracker after the content moved under the viewport: items were
  /// inserted or removed before the visible ones and the scroll view's offset was
  /// changed by `delta` to keep them in place. The recorded offsets (and a fling's
  /// target) move by `delta`, so the jump is not mistaken for a fling.
  ///
  /// - Parameter delta: How far the content offset moved; finite.
  /// - Complexity: O(*w*) for the samples of the velocity window; no allocation.
  package mutating func shift(by delta: CGPoint) {
    precondition(delta.x.isFinite && delta.y.isFinite, "delta must be finite, got \(delta)")
    offset = CGPoint(x: offset.x + delta.x, y: offset.y + delta.y)
    targetOffset = targetOffset.map { CGPoint(x: $0.x + delta.x, y: $0.y + delta.y) }
    estimator.shift(by: delta)
  }

  /// Where the content will come to rest if nothing touches it: the target UIKit
  /// announced at lift-off when there is one, otherwise the current offset plus
  /// `v · r / (1 − r)` along each axis (`v` in points per millisecond), clamped to
  /// `0...maximumOffset`. At rest it is the current offset.
  ///
  /// - Parameter maximumOffset: The largest valid content offset
  ///   (`contentSize − viewportSize`, not below zero).
  public func projectedLandingOffset(maximumOffset: CGPoint) -> CGPoint {
    let raw: CGPoint
    if let targetOffset, phase == .decelerating {
      raw = targetOffset
    } else if phase == .idle && !isMoving {
      raw = offset
    } else {
      raw = CGPoint(
        x: offset.x + decelerationRate.projectedDistance(velocity: velocity.x / 1000),
        y: offset.y + decelerationRate.projectedDistance(velocity: velocity.y / 1000))
    }
    return CGPoint(
      x: Swift.min(Swift.max(raw.x, 0), Swift.max(maximumOffset.x, 0)),
      y: Swift.min(Swift.max(raw.y, 0), Swift.max(maximumOffset.y, 0)))
  }

  private mutating func updateDirection() {
    if velocity.y > Self.movingThreshold {
      direction.remove(.up)
      direction.insert(.down)
    } else if velocity.y < -Self.movingThreshold {
      direction.remove(.down)
      direction.insert(.up)
    }
    if velocity.x > Self.movingThreshold {
      direction.remove(.left)
      direction.insert(.right)
    } else if velocity.x < -Self.movingThreshold {
      direction.remove(.right)
      direction.insert(.left)
    }
  }

  private mutating func inferPhase(previousTime: Duration?, time: Duration) {
    let speed = Swift.max(abs(velocity.x), abs(velocity.y))
    defer { previousSpeed = speed }
    guard speed > Self.movingThreshold else {
      phase = .idle
      decayStreak = 0
      return
    }
    guard phase != .idle, let previousTime, previousSpeed > 0 else {
      phase = .dragging
      hasDragged = true
      decayStreak = 0
      return
    }
    let milliseconds = (time - previousTime).inMilliseconds
    guard milliseconds > 0 else { return }
    let ratio = pow(Double(speed / previousSpeed), 1 / milliseconds)
    switch phase {
    case .dragging:
      decayStreak = (0.95...0.9995).contains(ratio) ? decayStreak + 1 : 0
      if decayStreak >= 4 { phase = .decelerating }
    case .decelerating:
      if ratio > 1.001 {
        phase = .dragging
        decayStreak = 0
      }
    case .idle:
      break
    }
  }
}
