/// Generates synthetic scroll traces from simulated finger strokes (docs/DESIGN.md,
/// "Traces").
///
/// A scenario (``TraceScenario``) plans strokes; the generator runs them through
/// UIScrollView's physics on a 1 ms grid and samples the content offset at 60 Hz:
/// - touch slop: the content does not move until the finger has travelled
///   ``touchSlop`` points; then it follows the finger 1:1 (minus the slop, so it does not
///   jump);
/// - touching the screen stops any deceleration;
/// - after lift-off the content keeps the finger's release velocity `v` (pt/ms) and each
///   millisecond `v *= 0.998` then `offset += v` (`UIScrollView.DecelerationRate.normal`);
///   it stops when `|v|` falls below ``stopSpeed``;
/// - the offset is clamped to `0...maxOffset`; hitting a bound stops the motion.
///
/// Frame `k` is at `k · 1000 / 60` ms and the offset between two milliseconds is linearly
/// interpolated; both are rounded to 0.001 so the CSV stays short. The result is a pure
/// function of (scenario, seed, duration, maxOffset). ``RandomTraceGenerator`` runs the
/// randomised `random` family through the same physics.
///
/// A value type; thread-safe.
public struct TraceGenerator: Sendable {
  /// The default length of a generated trace: 120 s.
  public static let defaultDuration: Milliseconds = 120_000

  /// The default largest content offset: 3,000,000 pt, about the length of the standard
  /// feed (10,000 items of 320 pt on average), so flings rarely hit the end.
  public static let defaultMaxOffset: Double = 3_000_000

  /// How far the finger moves before the content starts following it.
  public static let touchSlop: Double = 10

  /// The per-millisecond deceleration factor after lift-off.
  public static let decelerationRate = 0.998

  /// The speed below which deceleration stops: 0.005 pt/ms (5 pt/s).
  public static let stopSpeed = 0.005

  /// The sampling rate of the trace.
  public static let framesPerSecond: Double = 60

  /// The behaviour to simulate.
  public var scenario: TraceScenario

  /// The seed; the same seed gives the same trace.
  public var seed: UInt64

  /// The length of the trace: frame `k` is included when `k · 1000 / 60 <= duration`.
  public var duration: Milliseconds

  /// The largest content offset.
  public var maxOffset: Double

  /// Creates a generator.
  ///
  /// - Precondition: `duration` finite and `>= 0`; `maxOffset` finite and `> 0`.
  public init(
    scenario: TraceScenario, seed: UInt64, duration: Milliseconds = Self.defaultDuration,
    maxOffset: Double = Self.defaultMaxOffset
  ) {
    precondition(duration.isFinite && duration >= 0, "duration must be finite and >= 0")
    precondition(maxOffset.isFinite && maxOffset > 0, "maxOffset must be finite and > 0")
    self.scenario = scenario
    self.seed = seed
    self.duration = duration
    self.maxOffset = maxOffset
  }

  /// Runs the simulation and returns the trace.
  ///
  /// - Complexity: O(duration in ms).
  public func generate() -> Trace {
    var planner = ScenarioPlanner(scenario: scenario, seed: seed)
    return Self.sample(duration: duration, maxOffset: maxOffset) {
      planner.nextGesture(currentOffset: $0)
    }
  }

  /// Runs gestures through the physics on a 1 ms grid and samples the offset at 60 Hz.
  ///
  /// Shared by every synthetic family (``TraceScenario`` and ``RandomTraceGenerator``), so
  /// they differ only in the gestures they plan.
  ///
  /// - Parameter nextGesture: called with the current offset whenever the previous gesture
  ///   is over; returns the next one.
  /// - Complexity: O(duration in ms).
  static func sample(
    duration: Milliseconds, maxOffset: Double, nextGesture: (Double) -> Gesture
  ) -> Trace {
    var surface = ScrollSurface(maxOffset: maxOffset)
    var samples: [Trace.Sample] = [Trace.Sample(time: 0, offset: 0)]
    let frameCount = Int((duration * Self.framesPerSecond / 1000).rounded(.down)) + 1
    samples.reserveCapacity(frameCount)
    var frame = 1
    var millisecond = 0
    var previousOffset = surface.offset
    while frame < frameCount {
      if surface.isIdleForPlanning {
        surface.begin(nextGesture(surface.offset))
      }
      surface.stepOneMillisecond()
      millisecond += 1
      while frame < frameCount {
        let time = Self.rounded(Double(frame) * 1000 / Self.framesPerSecond)
        guard time <= Double(millisecond) else { break }
        let fraction = time - Double(millisecond - 1)
        let offset = previousOffset + (surface.offset - previousOffset) * fraction
        samples.append(Trace.Sample(time: time, offset: max(0, Self.rounded(offset))))
        frame += 1
      }
      previousOffset = surface.offset
    }
    return Trace(samples: samples)
  }

  static func rounded(_ value: Double) -> Double {
    (value * 1000).rounded() / 1000
  }
}
