import Foundation
import LookaheadCommands
import Testing

@Suite("Bad arguments exit with 2, a one-line reason and the usage")
struct BadArgumentsTests {
  /// Checks the bad-arguments rule (docs/DESIGN.md, "Command-line tools" and "Bad input and
  /// faults"): exit 2, nothing on standard output, `Error: <one line>` then the usage on
  /// standard error; returns the reason.
  @discardableResult
  private func expectBadArguments(
    _ arguments: [String], usage: String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> String {
    let result = CommandLineHarness.run(arguments)
    #expect(result.exitCode == 2, "\(result.error)", sourceLocation: sourceLocation)
    #expect(result.output.isEmpty, sourceLocation: sourceLocation)
    let lines = result.errorLines
    #expect(lines.count >= 2, sourceLocation: sourceLocation)
    #expect(lines.first?.hasPrefix("Error: ") == true, sourceLocation: sourceLocation)
    #expect(
      lines.dropFirst().first?.hasPrefix("Usage: \(usage)") == true, "\(result.error)",
      sourceLocation: sourceLocation)
    return String(lines.first ?? "")
  }

  @Test("an unknown strategy names the flag and lists the ids")
  func unknownStrategy() {
    let reason = expectBadArguments(
      ["simulate", "--trace", "x.csv", "--strategy", "fast"], usage: "lookahead simulate")
    #expect(reason.contains("'fast'") && reason.contains("--strategy"))
    #expect(reason.contains("infinite-scroll") && reason.contains("oracle"))
  }

  @Test("an unknown network profile names the flag")
  func unknownProfile() {
    let reason = expectBadArguments(
      ["simulate", "--trace", "x.csv", "--strategy", "texture", "--network", "5g"],
      usage: "lookahead simulate")
    #expect(reason.contains("'5g'") && reason.contains("--network"))
    #expect(reason.contains("wifi, lte, 3g"))
  }

  @Test("an unknown layout names the flag")
  func unknownLayout() {
    let reason = expectBadArguments(
      ["compare", "--layout", "masonry"], usage: "lookahead compare")
    #expect(reason.contains("'masonry'") && reason.contains("--layout"))
  }

  @Test("an unknown scenario is rejected by traces generate and by compare's list")
  func unknownScenario() {
    let generate = expectBadArguments(
      ["traces", "generate", "--scenario", "doomscroller", "--seed", "1"],
      usage: "lookahead traces generate")
    #expect(generate.contains("--scenario") && generate.contains("reader, skimmer"))
    let compare = expectBadArguments(
      ["compare", "--scenarios", "reader,doomscroller"], usage: "lookahead compare")
    #expect(compare.contains("`doomscroller`"))
  }

  @Test("an unknown strategy in compare's list names the item")
  func unknownStrategyInList() {
    let reason = expectBadArguments(
      ["compare", "--strategies", "texture,,adaptive"], usage: "lookahead compare")
    #expect(reason.contains("--strategies") && reason.contains("empty strategy name"))
    let unknown = expectBadArguments(
      ["compare", "--strategies", "texture,smart"], usage: "lookahead compare")
    #expect(unknown.contains("`smart`"))
  }

  @Test("a malformed trace names its file and line")
  func malformedTrace() throws {
    let folder = try CommandLineHarness.temporaryFolder()
    let url = folder.appendingPathComponent("broken.csv")
    try Data("t_ms,offset_pt\n0,0\n16.7,3\n16.7,9\n".utf8).write(to: url)
    let reason = expectBadArguments(
      ["simulate", "--trace", url.path, "--strategy", "texture"], usage: "lookahead simulate")
    #expect(
      reason == "Error: \(url.path): line 4: t_ms must be strictly increasing (16.7 after 16.7)")
    let compare = expectBadArguments(
      ["compare", "--traces", folder.path], usage: "lookahead compare")
    #expect(compare.contains("broken.csv: line 4"))
  }

  @Test("a missing trace file or folder is named")
  func missingFile() throws {
    let folder = try CommandLineHarness.temporaryFolder()
    let missing = folder.appendingPathComponent("nope.csv").path
    let reason = expectBadArguments(
      ["simulate", "--trace", missing, "--strategy", "texture"], usage: "lookahead simulate")
    #expect(reason == "Error: cannot read trace file \(missing): no such file")
    let noFolder = expectBadArguments(
      ["compare", "--traces", folder.appendingPathComponent("none").path],
      usage: "lookahead compare")
    #expect(noFolder.contains("--traces: no such folder"))
    let empty = expectBadArguments(
      ["compare", "--traces", folder.path], usage: "lookahead compare")
    #expect(empty.contains("no *.csv files"))
  }

  @Test("unknown flags, missing options, bad numbers and unknown subcommands")
  func badFlags() {
    expectBadArguments(["strategies", "--verbose"], usage: "lookahead strategies")
    let missing = expectBadArguments(["simulate", "--trace", "x.csv"], usage: "lookahead simulate")
    #expect(missing.contains("--strategy"))
    expectBadArguments(
      ["traces", "generate", "--scenario", "reader", "--seed", "minus-one"],
      usage: "lookahead traces generate")
    let duration = expectBadArguments(
      ["traces", "generate", "--scenario", "reader", "--seed", "1", "--duration", "-5"],
      usage: "lookahead traces generate")
    #expect(duration.contains("--duration"))
    expectBadArguments(["benchmark"], usage: "lookahead")
  }

  @Test("a missing subcommand prints the group's help after the reason")
  func missingSubcommand() {
    let result = CommandLineHarness.run(["traces"])
    #expect(result.exitCode == 2)
    #expect(result.errorLines.first == "Error: missing subcommand")
    #expect(result.error.contains("generate"))
  }

  @Test("--help succeeds and prints to standard output")
  func help() {
    let result = CommandLineHarness.run(["compare", "--help"])
    #expect(result.exitCode == 0)
    #expect(result.output.contains("--strategies"))
    #expect(result.error.isEmpty)
  }
}
