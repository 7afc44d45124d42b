import Foundation
import LookaheadCommandSupport
import LookaheadSimulation
import Testing

@testable import LookaheadCommands

@Suite("The random scenario family and --seeds on the command line")
struct RandomScenarioCommandTests {
  typealias Harness = CommandLineHarness

  /// Checks exit 2, nothing on standard output, and a one-line reason naming `flag`.
  private func expectRejected(
    _ arguments: [String], naming flag: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let result = Harness.run(arguments)
    #expect(result.exitCode == 2, "\(result.error)", sourceLocation: sourceLocation)
    #expect(result.output.isEmpty, sourceLocation: sourceLocation)
    let reason = result.errorLines.first ?? ""
    #expect(reason.hasPrefix("Error: "), sourceLocation: sourceLocation)
    #expect(reason.contains(flag), "\(reason)", sourceLocation: sourceLocation)
    #expect(
      result.errorLines.dropFirst().first?.hasPrefix("Usage: lookahead compare") == true,
      sourceLocation: sourceLocation)
  }

  @Test("--seeds accepts an inclusive range A-B and a single seed")
  func parsesSeeds() throws {
    #expect(try ArgumentValues.seeds("1-40") == 1...40)
    #expect(try ArgumentValues.seeds("6-6") == 6...6)
    #expect(try ArgumentValues.seeds("7") == 7...7)
    #expect(try ArgumentValues.seeds("0-9999") == 0...9_999)
    #expect(
      try ArgumentValues.seeds("18446744073709551614-18446744073709551615")
        == UInt64.max - 1...UInt64.max)
  }

  @Test("bad --seeds values exit with 2 and a reason naming the flag")
  func rejectsBadSeeds() throws {
    for value in ["5-1", "x", "1-x", "1-2-3", "-1", "", "1-", "1.5-3", "0-10000"] {
      expectRejected(["compare", "--seeds", value], naming: "--seeds")
    }
    let reversed = Harness.run(["compare", "--seeds", "5-1"]).errorLines.first ?? ""
    #expect(reversed.contains("must not exceed"))
    let folder = try Harness.temporaryFolder()
    try Harness.writeTrace(.reader, seed: 1, named: "reader-1", in: folder)
    expectRejected(["compare", "--traces", folder.path, "--seeds", "1-3"], naming: "--seeds")
  }

  @Test("random and built-in scenarios combine, one trace per seed, each run with its seed")
  func combinedScenarios() throws {
    let command = try CompareCommand.parse(["--scenarios", "skimmer,random", "--seeds", "6-7"])
    let inputs = try command.traceInputs()
    #expect(inputs.map(\.name) == ["skimmer-6", "skimmer-7", "random-6", "random-7"])
    #expect(inputs.map(\.traceClass) == ["skimmer", "skimmer", "random", "random"])
    #expect(inputs.map(\.seed) == [6, 7, 6, 7])
    #expect(inputs[0].trace == TraceGenerator(scenario: .skimmer, seed: 6).generate())
    let random = RandomTraceGenerator(seed: 7)
    #expect(inputs[3].trace == random.generate())
    #expect(inputs[3].trace.duration > random.parameters.sessionDuration - 17)
  }

  @Test("without --scenarios and --seeds, compare replays the four built-in scenarios, seeds 1-5")
  func defaultInputs() throws {
    let inputs = try CompareCommand.parse([]).traceInputs()
    let expected = TraceScenario.allCases.flatMap { scenario in
      (1...5).map { "\(scenario.rawValue)-\($0)" }
    }
    #expect(inputs.map(\.name) == expected)
    #expect(inputs.allSatisfy { $0.trace.duration == 120_000 })
  }

  @Test("traces generate --scenario random writes the random family's trace")
  func generateRandom() throws {
    let result = Harness.run(
      ["traces", "generate", "--scenario", "random", "--seed", "9", "--duration", "3"])
    #expect(result.exitCode == 0, "\(result.error)")
    #expect(result.output == RandomTraceGenerator(seed: 9, duration: 3_000).generate().csv)
    let drawn = Harness.run(["traces", "generate", "--scenario", "random", "--seed", "9"])
    let trace = try Trace(csv: drawn.output)
    let session = RandomTraceParameters(seed: 9).sessionDuration
    #expect(trace.duration <= session && trace.duration > session - 17)
  }

  @Test("a trace file named random-<n> belongs to the class random")
  func randomTraceClass() {
    #expect(TraceInput.traceClass(ofName: "random-12") == "random")
    #expect(TraceInput.traceClass(ofName: "random_a") == "random")
    #expect(TraceInput.traceClass(ofName: "randomly") == "randomly")
  }

  @Test("compare prints the per-trace criterion for random traces after the class verdicts")
  func perTraceLines() throws {
    let folder = try Harness.temporaryFolder()
    for seed in UInt64(1)...2 {
      let trace = RandomTraceGenerator(seed: seed, duration: 10_000).generate()
      try Data(trace.csv.utf8).write(to: folder.appendingPathComponent("random-\(seed).csv"))
    }
    let result = Harness.run(
      [
        "compare", "--traces", folder.path, "--scenarios", "random", "--strategies",
        "texture,adaptive,oracle",
      ])
    #expect(result.exitCode == 0, "\(result.error)")
    let output = result.output
    let verdict = try #require(output.range(of: "target adaptive vs texture:"))
    let criterion = try #require(output.range(of: "\nper-trace (adaptive vs texture"))
    #expect(verdict.upperBound < criterion.lowerBound)
    #expect(output.contains("\nrandom (2 traces)\n"))
    #expect(output.contains("\n  random      ") && output.contains("\n  all traces  "))
  }
}
