import ArgumentParser
import LookaheadCommandSupport

/// The root of `lookahead`: only dispatches to its subcommands (docs/DESIGN.md,
/// "Command-line tools").
struct LookaheadCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lookahead",
    abstract: "Replay scroll traces through Lookahead's strategies and compare them.",
    subcommands: [
      CompareCommand.self, SimulateCommand.self, TracesCommand.self, StrategiesCommand.self,
      WorldCommand.self,
    ])
}

/// A subcommand that does its work through a ``Console``.
protocol ConsoleCommand: ParsableCommand {
  /// Runs the parsed command.
  ///
  /// - Throws: ``CommandFailure`` saying what went wrong and which exit code it gets.
  func run(console: Console) throws(CommandFailure)
}

/// The group `lookahead traces`.
struct TracesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "traces", abstract: "Work with scroll traces.",
    subcommands: [GenerateTraceCommand.self, DescribeTracesCommand.self])
}
