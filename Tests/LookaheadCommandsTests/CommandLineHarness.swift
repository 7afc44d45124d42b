import Foundation
import Lookahead
import LookaheadCommandSupport
import LookaheadCommands
import LookaheadSimulation

/// Runs `lookahead` in-process and keeps what it wrote.
struct CommandLineResult {
  var exitCode: Int32
  var output: String
  var error: String

  var errorLines: [Substring] { error.split(separator: "\n", omittingEmptySubsequences: false) }
}

enum CommandLineHarness {
  static func run(_ arguments: [String]) -> CommandLineResult {
    let output = Locked("")
    let error = Locked("")
    let console = Console(
      writeOutput: { text in output.withLock { $0 += text } },
      writeError: { text in error.withLock { $0 += text } })
    let code = LookaheadCLI.run(arguments, console: console)
    return CommandLineResult(
      exitCode: code, output: output.withLock { $0 }, error: error.withLock { $0 })
  }

  /// A new empty folder under the temporary directory.
  static func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("lookahead-cli-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Writes a short generated trace as `<folder>/<name>.csv` and returns its path.
  @discardableResult
  static func writeTrace(
    _ scenario: TraceScenario, seed: UInt64, seconds: Double = 10, named name: String,
    in folder: URL
  ) throws -> String {
    let trace = TraceGenerator(scenario: scenario, seed: seed, duration: seconds * 1000)
      .generate()
    let url = folder.appendingPathComponent("\(name).csv")
    try Data(trace.csv.utf8).write(to: url)
    return url.path
  }
}
