import LookaheadSimulation

/// A scenario named on the command line: one of the built-in ``TraceScenario``s, or the
/// randomised family of ``RandomTraceGenerator`` (`random`).
///
/// A closed set of values; thread-safe.
enum ScenarioChoice: Hashable, Sendable {
  /// A built-in scenario: one fixed user, 120 s per trace unless told otherwise.
  case builtIn(TraceScenario)
  /// The randomised family: each seed draws its own behaviour and session length.
  case random

  /// Every choice, built-in scenarios first, in the order the help lists them.
  static let all: [ScenarioChoice] = TraceScenario.allCases.map(builtIn) + [.random]

  /// The built-in scenarios: what `compare` replays by default.
  static let builtInScenarios: [ScenarioChoice] = TraceScenario.allCases.map(builtIn)

  /// The choice called `name`, or `nil`.
  init?(name: String) {
    if name == RandomTraceGenerator.scenarioName {
      self = .random
    } else if let scenario = TraceScenario(rawValue: name) {
      self = .builtIn(scenario)
    } else {
      return nil
    }
  }

  /// The name on the command line, in trace names and as the trace class.
  var name: String {
    switch self {
    case .builtIn(let scenario): scenario.rawValue
    case .random: RandomTraceGenerator.scenarioName
    }
  }

  /// The trace of `seed`.
  ///
  /// - Parameters:
  ///   - duration: the length, or `nil` for the default: 120 s for a built-in scenario, the
  ///     drawn session length (60–180 s) for `random`.
  ///   - maxOffset: the largest content offset the trace reaches.
  /// - Complexity: O(duration in ms).
  func trace(
    seed: UInt64, duration: Milliseconds? = nil,
    maxOffset: Double = TraceGenerator.defaultMaxOffset
  ) -> Trace {
    switch self {
    case .builtIn(let scenario):
      TraceGenerator(
        scenario: scenario, seed: seed, duration: duration ?? TraceGenerator.defaultDuration,
        maxOffset: maxOffset
      ).generate()
    case .random:
      RandomTraceGenerator(seed: seed, duration: duration, maxOffset: maxOffset).generate()
    }
  }
}
