/// Generates the traces of the randomised `random` scenario family: one trace per seed, each
/// with behaviour parameters of its own.
///
/// The built-in ``TraceScenario``s are four fixed users; tuning a strategy on them overfits.
/// A `random` trace first draws its ``RandomTraceParameters`` (a mixture of reading drags,
/// medium flings, bursts of fast flings, reversal cycles, jumps back and long looks, with
/// the speeds, gaps and counts of each) from SplitMix64 seeded by the seed, then plans
/// strokes from them and runs them through ``TraceGenerator``'s UIScrollView physics (touch
/// slop, 1:1 drag, deceleration at 0.998/ms after lift-off, clamped at 0 and `maxOffset`),
/// sampled at 60 Hz. Tune on one seed range and validate on a disjoint one.
///
/// The trace is a pure function of (seed, duration, maxOffset); a shorter duration gives a
/// prefix of a longer one, because neither the parameters nor the strokes depend on the
/// duration.
///
/// A value type; thread-safe.
public struct RandomTraceGenerator: Sendable {
  /// The name of the family in reports and on the command line, and the trace class of its
  /// traces: `random`.
  public static let scenarioName = "random"

  /// The behaviour parameters drawn from the seed.
  public let parameters: RandomTraceParameters

  /// The length of the trace: frame `k` is included when `k · 1000 / 60 <= duration`.
  public let duration: Milliseconds

  /// The largest content offset.
  public let maxOffset: Double

  /// Creates the generator of the trace of `seed`.
  ///
  /// - Parameters:
  ///   - seed: The seed; the same seed gives the same parameters and strokes.
  ///   - duration: The length of the trace, or `nil` for the drawn
  ///     ``RandomTraceParameters/sessionDuration`` (60–180 s).
  ///   - maxOffset: The largest content offset.
  /// - Precondition: `duration` finite and `>= 0` when given; `maxOffset` finite and `> 0`.
  /// - Complexity: O(1).
  public init(
    seed: UInt64, duration: Milliseconds? = nil,
    maxOffset: Double = TraceGenerator.defaultMaxOffset
  ) {
    if let duration {
      precondition(duration.isFinite && duration >= 0, "duration must be finite and >= 0")
    }
    precondition(maxOffset.isFinite && maxOffset > 0, "maxOffset must be finite and > 0")
    parameters = RandomTraceParameters(seed: seed)
    self.duration = duration ?? parameters.sessionDuration
    self.maxOffset = maxOffset
  }

  /// The seed of the trace.
  public var seed: UInt64 { parameters.seed }

  /// Plans the strokes, runs the simulation and returns the trace.
  ///
  /// - Complexity: O(duration in ms).
  public func generate() -> Trace {
    var planner = RandomScenarioPlanner(parameters: parameters)
    return TraceGenerator.sample(duration: duration, maxOffset: maxOffset) {
      planner.nextGesture(currentOffset: $0)
    }
  }

  /// The trace and every gesture that started in it, in order (for tests and statistics).
  func generateWithGestures() -> (trace: Trace, gestures: [Gesture]) {
    var planner = RandomScenarioPlanner(parameters: parameters)
    var gestures: [Gesture] = []
    let trace = TraceGenerator.sample(duration: duration, maxOffset: maxOffset) {
      let gesture = planner.nextGesture(currentOffset: $0)
      gestures.append(gesture)
      return gesture
    }
    return (trace, gestures)
  }
}
