import Foundation
import LookaheadSimulation
import Testing

@testable import LookaheadCommands

@Suite("--world FILE and lookahead world")
struct WorldOptionTests {
  typealias Harness = CommandLineHarness

  private func write(_ json: String, named name: String, in folder: URL) throws -> String {
    let url = folder.appendingPathComponent(name)
    try Data(json.utf8).write(to: url)
    return url.path
  }

  @Test("lookahead world prints the standard world, which reads back")
  func printsTheStandardWorld() throws {
    let result = Harness.run(["world"])
    #expect(result.exitCode == 0, "\(result.error)")
    #expect(try World(jsonData: Data(result.output.utf8)) == .standard)
    let grid = Harness.run(["world", "--network", "3g", "--layout", "grid"])
    #expect(
      try World(jsonData: Data(grid.output.utf8)) == .standard(layout: .grid, network: .threeG))
  }

  @Test("simulate with the standard world's file prints what simulate prints without it")
  func standardFileChangesNothing() throws {
    let folder = try Harness.temporaryFolder()
    let trace = try Harness.writeTrace(.skimmer, seed: 3, named: "skimmer-3", in: folder)
    let world = try write(Harness.run(["world"]).output, named: "world.json", in: folder)
    let plain = Harness.run(["simulate", "--trace", trace, "--strategy", "adaptive", "--json"])
    let withWorld = Harness.run(
      ["simulate", "--trace", trace, "--strategy", "adaptive", "--json", "--world", world])
    #expect(plain.exitCode == 0 && withWorld.exitCode == 0)
    #expect(plain.output == withWorld.output)
  }

  @Test("simulate and compare run the world of the file; --network replaces its network")
  func customWorld() throws {
    let folder = try Harness.temporaryFolder()
    let trace = try Harness.writeTrace(.reader, seed: 1, named: "reader-1", in: folder)
    let world = try write(
      #"{"network": {"name": "office", "bandwidth": 400000, "round_trip_ms": 120}}"#,
      named: "office.json", in: folder)
    let result = Harness.run(
      ["simulate", "--trace", trace, "--strategy", "texture", "--json", "--world", world])
    #expect(result.exitCode == 0, "\(result.error)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    #expect(object["network"] as? String == "office")
    var office = World.standard
    office.network.name = "office"
    office.network.bytesPerSecond = 400_000
    office.network.roundTrip = 120
    let expected = Simulation.run(
      SimulationSetup(
        trace: try Trace(contentsOf: URL(fileURLWithPath: trace)), strategy: .texture, world: office
      ))
    #expect(object["bytes"] as? Int == expected.bytes)
    #expect(object["blank_item_frames"] as? Int == expected.blankItemFrames)
    let overridden = Harness.run(
      ["simulate", "--trace", trace, "--strategy", "texture", "--world", world, "--network", "3g"])
    #expect(overridden.output.contains("network              3g"))
    let compare = Harness.run(
      ["compare", "--traces", folder.path, "--strategies", "texture", "--world", world])
    #expect(compare.exitCode == 0, "\(compare.error)")
    #expect(compare.output.hasPrefix("network office, layout feed\n"))
  }

  @Test("an invalid world file exits 2 with a one-line reason naming the field")
  func invalidWorld() throws {
    let folder = try Harness.temporaryFolder()
    let world = try write(#"{"network": {"bandwidth": -3}}"#, named: "bad.json", in: folder)
    for command in [
      ["compare"], ["simulate", "--trace", "x.csv", "--strategy", "texture"], ["world"],
    ] {
      let result = Harness.run(command + ["--world", world])
      #expect(result.exitCode == 2)
      #expect(result.output.isEmpty)
      #expect(
        result.errorLines.first == "Error: --world \(world): network.bandwidth must be positive")
      #expect(result.errorLines.dropFirst().first?.hasPrefix("Usage: lookahead") == true)
    }
    let missing = Harness.run(["world", "--world", folder.appendingPathComponent("no.json").path])
    #expect(missing.exitCode == 2)
    #expect(
      missing.errorLines.first?.hasSuffix("cannot be read (no such file or not readable)") == true)
  }

  @Test("compare with a short world's file stops its generated traces at the world's end")
  func shortWorld() throws {
    let folder = try Harness.temporaryFolder()
    let world = try write(
      #"{"pages": 5, "layout": {"kind": "grid"}}"#, named: "short.json", in: folder)
    // 100 items in 34 rows of 130 points: at most 4,420 − 844 points of scrolling.
    let short = try World(contentsOf: URL(fileURLWithPath: world))
    #expect(short.maximumOffset == 34 * 130 - 844)
    let command = try CompareCommand.parse(
      ["--world", world, "--scenarios", "flinger,random", "--seeds", "1-2"])
    let inputs = try command.traceInputs(in: short)
    #expect(inputs.count == 4)
    for input in inputs {
      #expect(input.trace.samples.allSatisfy { $0.offset <= short.maximumOffset }, "\(input.name)")
    }
    // Flings far away reach the end of the world's content.
    #expect(inputs[0].trace.samples.contains { $0.offset == short.maximumOffset })
    let standard = try CompareCommand.parse(["--scenarios", "flinger", "--seeds", "1-1"])
    let unclamped = try standard.traceInputs(in: .standard)
    #expect(unclamped.first?.trace == TraceGenerator(scenario: .flinger, seed: 1).generate())
  }
}
