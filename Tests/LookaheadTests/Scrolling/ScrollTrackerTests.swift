import Foundation
import Testing

@_spi(Simulation) @testable import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

@Suite("ScrollTracker") struct ScrollTrackerTests {
  /// Feeds samples at 60 Hz from `start` for `duration` seconds, with offsets from
  /// `position(t)` and sample times optionally shifted by `jitter(frame)` seconds.
  static func feed(
    _ tracker: inout ScrollTracker, from start: Double, duration: Double,
    jitter: (Int) -> Double = { _ in 0 }, position: (Double) -> CGFloat
  ) -> [(phase: ScrollPhase, time: Double)] {
    var phases: [(ScrollPhase, Double)] = []
    let frames = Int((duration * 60).rounded())
    for frame in 0...frames {
      let t = start + Double(frame) / 60
      tracker.record(
        offset: CGPoint(x: 0, y: position(t - start)), at: .seconds(t + jitter(frame)))
      phases.append((tracker.phase, t))
    }
    return phases
  }

  @Test("slow drag reports steady velocity direction and dragging")
  func slowDragReportsSteadyVelocityDirectionAndDragging() {
    var tracker = ScrollTracker()
    _ = Self.feed(&tracker, from: 0, duration: 1) { 200 + 80 * $0 }
    #expect(abs(tracker.velocity.y - 80) < 0.5)
    #expect(tracker.direction == [.down, .right])
    #expect(tracker.phase == .dragging)
    #expect(tracker.hasDragged)
  }

  @Test("fast fling is inferred as deceleration and projects its landing")
  func fastFlingIsInferredAsDecelerationAndProjectsItsLanding() {
    var tracker = ScrollTracker()
    // 0.2 s drag at 3000 pt/s, then lift-off and UIScrollView deceleration.
    let release = 0.2
    let releaseOffset: CGFloat = 600
    let rate = 0.998
    func position(_ t: Double) -> CGFloat {
      if t <= release { return 3000 * t }
      let ms = (t - release) * 1000
      let v0 = 3.0  // points per millisecond
      return releaseOffset + CGFloat(v0 * rate / (1 - rate) * (1 - pow(rate, ms)))
    }
    let phases = Self.feed(&tracker, from: 10, duration: 0.6, position: position)
    let decelerating = phases.filter { $0.phase == .decelerating }
    #expect(!decelerating.isEmpty)
    #expect((decelerating.first?.time ?? 0) > 10 + release)
    #expect((decelerating.first?.time ?? 99) < 10 + release + 0.2)
    #expect(tracker.phase == .decelerating)
    // The analytic curve ends at 600 + 3·0.998/0.002 = 2097 points. A linear fit over
    // 100 ms measures the velocity of ~50 ms ago, which overshoots by ≈ 0.998^-50 on
    // the remaining distance: within 5 % of the total is the documented accuracy.
    let landing = tracker.projectedLandingOffset(maximumOffset: CGPoint(x: 0, y: 100_000))
    #expect(abs(landing.y - 2097) < 2097 * 0.05, "landing \(landing.y)")
    #expect(landing.y > 2097, "the lag overshoots, never undershoots, a deceleration")
    let clamped = tracker.projectedLandingOffset(maximumOffset: CGPoint(x: 0, y: 1500))
    #expect(clamped.y == 1500)
  }

  @Test("reversal flips the direction and idle keeps it")
  func reversalFlipsTheDirectionAndIdleKeepsIt() {
    var tracker = ScrollTracker()
    _ = Self.feed(&tracker, from: 0, duration: 0.5) { 1000 + 400 * $0 }
    #expect(tracker.direction.contains(.down))
    _ = Self.feed(&tracker, from: 0.6, duration: 0.5) { 1200 - 400 * $0 }
    #expect(tracker.direction.contains(.up) && !tracker.direction.contains(.down))
    _ = Self.feed(&tracker, from: 1.2, duration: 0.5) { _ in 1000 }
    #expect(tracker.phase == .idle)
    #expect(abs(tracker.velocity.y) < 1e-6)
    #expect(tracker.direction == [.up, .right])
  }

  @Test("jittered timestamps still give the true velocity")
  func jitteredTimestampsStillGiveTheTrueVelocity() {
    var random = SplitMix64(seed: 7)
    let jitters = (0...120).map { _ in Double.random(in: -0.004...0.004, using: &random) }
    var tracker = ScrollTracker()
    var worstError: CGFloat = 0
    var worstTwoPointError: CGFloat = 0
    var previous: (t: Double, y: CGFloat)?
    for frame in 0...120 {
      let t = Double(frame) / 60
      let y = CGFloat(1500 * t)
      let stamped = t + jitters[frame]
      tracker.record(offset: CGPoint(x: 0, y: y), at: .seconds(stamped + 1))
      if frame >= 10 {
        worstError = max(worstError, abs(tracker.velocity.y - 1500))
        if let previous {
          worstTwoPointError = max(
            worstTwoPointError, abs((y - previous.y) / (stamped - previous.t) - 1500))
        }
      }
      previous = (stamped, y)
    }
    #expect(worstError < 1500 * 0.12, "least squares error \(worstError)")
    #expect(worstTwoPointError > 1500 * 0.3, "two-point error \(worstTwoPointError)")
  }

  @Test("stop after drag becomes idle")
  func stopAfterDragBecomesIdle() {
    var tracker = ScrollTracker()
    _ = Self.feed(&tracker, from: 0, duration: 0.3) { 300 * $0 }
    #expect(tracker.phase == .dragging)
    _ = Self.feed(&tracker, from: 0.32, duration: 0.3) { _ in 96 }
    #expect(tracker.phase == .idle)
    #expect(tracker.projectedLandingOffset(maximumOffset: CGPoint(x: 0, y: 1000)).y == 96)
  }

  @Test("explicit events drive the phase and the announced target")
  func explicitEventsDriveThePhaseAndTheAnnouncedTarget() {
    var tracker = ScrollTracker()
    tracker.beginDragging(at: .seconds(1))
    #expect(tracker.phase == .dragging && tracker.hasDragged)
    _ = Self.feed(&tracker, from: 1, duration: 0.2) { 500 * $0 }
    tracker.endDragging(
      velocity: CGPoint(x: 0, y: 2), targetOffset: CGPoint(x: 0, y: 900), at: .seconds(1.2))
    #expect(tracker.phase == .decelerating)
    #expect(tracker.projectedLandingOffset(maximumOffset: CGPoint(x: 0, y: 5000)).y == 900)
    _ = Self.feed(&tracker, from: 1.21, duration: 0.2) { 100 + 10 * $0 }
    #expect(tracker.phase == .decelerating, "samples do not override explicit phases")
    tracker.endDecelerating(at: .seconds(1.5))
    #expect(tracker.phase == .idle)
  }

  @Test("lift off without velocity goes straight to idle")
  func liftOffWithoutVelocityGoesStraightToIdle() {
    var tracker = ScrollTracker()
    tracker.beginDragging(at: .zero)
    tracker.endDragging(velocity: .zero, targetOffset: CGPoint(x: 0, y: 10), at: .milliseconds(100))
    #expect(tracker.phase == .idle)
  }

  @Test("fast deceleration rate projects shorter")
  func fastDecelerationRateProjectsShorter() {
    #expect(abs(DecelerationRate.normal.projectedDistance(velocity: 2) - 998) < 1e-9)
    #expect(abs(DecelerationRate.fast.projectedDistance(velocity: 2) - 198) < 1e-9)
    #expect(DecelerationRate.fast.projectedDistance(velocity: -2) < 0)
  }

  @Test("horizontal movement sets left and right")
  func horizontalMovementSetsLeftAndRight() {
    var tracker = ScrollTracker()
    for frame in 0...20 {
      tracker.record(
        offset: CGPoint(x: 500 - CGFloat(frame) * 10, y: 0), at: .milliseconds(frame * 16))
    }
    #expect(tracker.direction == [.down, .left])
    #expect(tracker.velocityPerMillisecond.x < -0.5)
  }
}
