import Foundation
import LookaheadCommandSupport
import LookaheadSimulation

/// The values only `lookahead` reads: strategies, scenarios, seed ranges and durations.
extension ArgumentValues {
  static func strategy(_ text: String) throws -> StrategyID {
    guard let strategy = StrategyID(rawValue: text) else {
      throw ArgumentProblem(
        description:
          "unknown strategy (expected one of \(list(StrategyID.allCases.map(\.rawValue))))")
    }
    return strategy
  }

  static func scenario(_ text: String) throws -> ScenarioChoice {
    guard let scenario = ScenarioChoice(name: text) else {
      throw ArgumentProblem(
        description: "unknown scenario (expected one of \(list(ScenarioChoice.all.map(\.name))))")
    }
    return scenario
  }

  static func strategies(_ text: String) throws -> [StrategyID] {
    try commaSeparated(text, what: "strategy", parse: strategy)
  }

  static func scenarios(_ text: String) throws -> [ScenarioChoice] {
    try commaSeparated(text, what: "scenario", parse: scenario)
  }

  /// The most seeds one `--seeds` range may hold.
  static let maximumSeedCount: UInt64 = 10_000

  /// A seed range `A-B` (inclusive, `A <= B`), or a single seed `N` (the range `N-N`).
  static func seeds(_ text: String) throws -> ClosedRange<UInt64> {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), let first = UInt64(parts[0]),
      let last = UInt64(parts[parts.count - 1])
    else {
      throw ArgumentProblem(
        description: "expected a seed range A-B such as 1-40, or one seed, of whole numbers ≥ 0")
    }
    guard first <= last else {
      throw ArgumentProblem(description: "the first seed must not exceed the last (\(text))")
    }
    guard last - first < maximumSeedCount else {
      throw ArgumentProblem(description: "at most \(maximumSeedCount) seeds at once")
    }
    return first...last
  }

  /// A duration in seconds: finite, from 0 to a day.
  static func seconds(_ text: String) throws -> Double {
    guard let value = Double(text), value.isFinite, value >= 0, value <= 86_400 else {
      throw ArgumentProblem(description: "expected a number of seconds from 0 to 86400")
    }
    return value
  }

  /// Items of a comma-separated list, each parsed; duplicates are dropped, order is kept.
  static func commaSeparated<Value: Equatable>(
    _ text: String, what: String, parse: (String) throws -> Value
  ) throws -> [Value] {
    var values: [Value] = []
    for item in text.split(separator: ",", omittingEmptySubsequences: false) {
      let name = item.trimmingCharacters(in: .whitespaces)
      guard !name.isEmpty else {
        throw ArgumentProblem(description: "empty \(what) name in the comma-separated list")
      }
      let value: Value
      do {
        value = try parse(name)
      } catch let problem as ArgumentProblem {
        throw ArgumentProblem(description: "`\(name)`: \(problem.description)")
      }
      if !values.contains(value) { values.append(value) }
    }
    return values
  }

}
