import Foundation
import LookaheadSimulation
import Testing

@testable import LookaheadCommands

@Suite("Commands")
struct CommandsTests {
  typealias Harness = CommandLineHarness

  @Test("strategies lists every id with one line each")
  func strategies() {
    let result = Harness.run(["strategies"])
    #expect(result.exitCode == 0)
    let lines = result.output.split(separator: "\n")
    #expect(lines.count == StrategyID.allCases.count)
    for (line, strategy) in zip(lines, StrategyID.allCases) {
      #expect(line.hasPrefix(strategy.rawValue + " "))
      #expect(line.hasSuffix(strategy.summary))
    }
  }

  @Test("traces generate writes the generator's trace as CSV")
  func generate() throws {
    let result = Harness.run(
      ["traces", "generate", "--scenario", "flinger", "--seed", "4", "--duration", "2.5"])
    #expect(result.exitCode == 0)
    #expect(result.error.isEmpty)
    let expected = TraceGenerator(scenario: .flinger, seed: 4, duration: 2_500).generate()
    #expect(result.output == expected.csv)
    #expect(try Trace(csv: result.output).duration <= 2_500)
  }

  @Test("simulate --json prints the metric keys plus the five identification keys")
  func simulateKeys() throws {
    let folder = try Harness.temporaryFolder()
    let path = try Harness.writeTrace(.skimmer, seed: 2, named: "skimmer-2", in: folder)
    let result = Harness.run(
      ["simulate", "--trace", path, "--strategy", "adaptive", "--network", "3g", "--json"])
    #expect(result.exitCode == 0, "\(result.error)")
    #expect(result.output.hasSuffix("}\n") && result.output.filter { $0 == "\n" }.count == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let expected = Set(RunMetrics.CodingKeys.allCases.map(\.rawValue)).union([
      "strategy", "trace", "network", "layout", "seed",
    ])
    #expect(Set(object.keys) == expected)
    #expect(object["strategy"] as? String == "adaptive")
    #expect(object["trace"] as? String == "skimmer-2")
    #expect(object["network"] as? String == "3g")
    #expect(object["layout"] as? String == "feed")
    #expect(object["seed"] as? Int == 1)
  }

  @Test("simulate reports exactly what the simulation measures")
  func simulateMatchesRunner() throws {
    let folder = try Harness.temporaryFolder()
    let path = try Harness.writeTrace(.reverser, seed: 5, named: "mine", in: folder)
    let result = Harness.run(
      [
        "simulate", "--trace", path, "--strategy", "texture", "--layout", "grid", "--seed", "9",
        "--json",
      ])
    let record = try JSONDecoder().decode(RunRecord.self, from: Data(result.output.utf8))
    let trace = try Trace(contentsOf: URL(fileURLWithPath: path))
    let metrics = Simulation.run(
      SimulationSetup(trace: trace, strategy: .texture, layout: .grid, seed: 9))
    #expect(record.metrics == metrics)
    #expect(record.seed == 9 && record.layout == "grid" && record.scenario == nil)
  }

  /// A second process hashes with another seed, so output that depended on the
  /// iteration order of a set or dictionary would differ; a second run in this process
  /// would not see it.
  @Test("simulate prints byte-identical JSON here and in a separate process")
  func simulateDeterministic() throws {
    let folder = try Harness.temporaryFolder()
    let path = try Harness.writeTrace(.flinger, seed: 1, named: "flinger-1", in: folder)
    let output = folder.appendingPathComponent("second.json").path
    for strategy in ["lazy-target", "adaptive"] {
      let arguments = ["simulate", "--trace", path, "--strategy", strategy, "--json"]
      let here = Harness.run(arguments)
      #expect(here.exitCode == 0)
      let separate = try OutputFailureTests.runTool(arguments, standardOutput: output)
      #expect(separate.status == 0, "\(separate.error)")
      let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: output)), as: UTF8.self)
      #expect(text == here.output, "\(strategy)")
    }
  }

  @Test("simulate without --json prints one aligned line per key")
  func simulateText() throws {
    let folder = try Harness.temporaryFolder()
    let path = try Harness.writeTrace(.reader, seed: 1, seconds: 3, named: "r", in: folder)
    let result = Harness.run(["simulate", "--trace", path, "--strategy", "oracle"])
    #expect(result.exitCode == 0)
    let lines = result.output.split(separator: "\n")
    #expect(lines.count == 17)
    #expect(lines[0] == "strategy             oracle")
    #expect(lines.contains { $0.hasPrefix("wasted_bytes         ") })
  }

  @Test("simulate --frames and --loads write the run's frames and loads as CSV")
  func simulateLogs() throws {
    let folder = try Harness.temporaryFolder()
    let path = try Harness.writeTrace(.skimmer, seed: 2, seconds: 8, named: "s", in: folder)
    let frames = folder.appendingPathComponent("frames.csv")
    let loads = folder.appendingPathComponent("loads.csv")
    let result = Harness.run(
      [
        "simulate", "--trace", path, "--strategy", "adaptive", "--network", "3g", "--json",
        "--frames", frames.path, "--loads", loads.path,
      ])
    #expect(result.exitCode == 0, "\(result.error)")
    let record = try JSONDecoder().decode(RunRecord.self, from: Data(result.output.utf8))
    let trace = try Trace(contentsOf: URL(fileURLWithPath: path))
    let setup = SimulationSetup(trace: trace, strategy: .adaptive, network: .threeG)
    #expect(record.metrics == Simulation.run(setup))

    let frameLines = try String(contentsOf: frames, encoding: .utf8).split(separator: "\n")
    #expect(frameLines.first.map(String.init) == RunLog.framesHeader)
    #expect(frameLines.count == trace.samples.count + 1)
    #expect(
      frameLines.dropFirst().allSatisfy {
        $0.split(separator: ",", omittingEmptySubsequences: false).count == 11
      })

    let loadLines = try String(contentsOf: loads, encoding: .utf8).split(separator: "\n")
    #expect(loadLines.first.map(String.init) == RunLog.loadsHeader)
    let events = loadLines.dropFirst().map {
      $0.split(separator: ",", omittingEmptySubsequences: false)
    }
    #expect(
      events.count(where: { $0[1] == "completed" && $0[2] == "page" }) == record.metrics.pages)
    #expect(events.contains { $0[1] == "started" } && events.contains { $0[1] == "cancelled" })
    let arrived = events.filter { $0[1] == "completed" && $0[5] == "network" }.map { Int($0[4])! }
    #expect(arrived.reduce(0, +) <= record.metrics.bytes)
  }

  @Test("simulate fails with the path when a log cannot be written")
  func simulateUnwritableLog() throws {
    let folder = try Harness.temporaryFolder()
    let path = try Harness.writeTrace(.reader, seed: 1, seconds: 2, named: "r", in: folder)
    let target = folder.appendingPathComponent("missing/frames.csv").path
    let result = Harness.run(
      ["simulate", "--trace", path, "--strategy", "texture", "--frames", target])
    #expect(result.exitCode == 1)
    #expect(result.output.isEmpty)
    #expect(result.error.contains("cannot write \(target)"))
  }

  @Test("a trace's class is its scenario prefix, or its whole name")
  func traceClass() {
    #expect(TraceInput.traceClass(ofName: "skimmer-3") == "skimmer")
    #expect(TraceInput.traceClass(ofName: "reader_monday") == "reader")
    #expect(TraceInput.traceClass(ofName: "flinger") == "flinger")
    #expect(TraceInput.traceClass(ofName: "human-1") == "human-1")
    #expect(TraceInput.traceClass(ofName: "readers-1") == "readers-1")
  }
}
