import ArgumentParser
import LookaheadCommandSupport

/// The `lookahead-live` tool as a function: arguments in, exit code out.
///
/// Exit codes and error reports are `lookahead`'s (`CommandLineTool`; docs/DESIGN.md,
/// "Command-line tools"): `0` success; `2` bad arguments (an unknown or invalid flag, an
/// unreadable trace or world file), with `Error: <one line>` and the usage on standard
/// error; `1` a run failed (a port in use, an unreachable server), with
/// `Error: <one line>`.
///
/// A namespace; thread-safe.
public enum LiveCLI {
  /// Exit code of a successful run.
  public static let success = CommandLineTool.success
  /// Exit code of a run that failed after its arguments were accepted.
  public static let runFailed = CommandLineTool.runFailed
  /// Exit code of bad arguments.
  public static let badArguments = CommandLineTool.badArguments

  /// Parses `arguments` (without the program name) and runs the command.
  ///
  /// - Parameters:
  ///   - arguments: The command line after `lookahead-live`, such as `["serve"]`.
  ///   - console: Where results, progress and errors go.
  /// - Returns: The process exit code.
  public static func run(_ arguments: [String], console: Console) async -> Int32 {
    CommandLineTool.finish(await runCommand(arguments, console: console), console: console)
  }

  private static func runCommand(_ arguments: [String], console: Console) async -> Int32 {
    let root = LiveToolCommand.self
    let command: any ParsableCommand
    switch CommandLineTool.parse(root, arguments: arguments, console: console) {
    case .finished(let code): return code
    case .command(let parsed): command = parsed
    }
    if command is LiveToolCommand {
      return CommandLineTool.missingSubcommand(root, command: command, console: console)
    }
    guard let runnable = command as? any LiveConsoleCommand else {
      return CommandLineTool.runBuiltIn(root, command, console: console)
    }
    do {
      try await runnable.run(console: console)
      return success
    } catch {
      return CommandLineTool.exitCode(
        root, for: error, of: type(of: runnable), console: console)
    }
  }
}

/// The root of `lookahead-live`: only dispatches to its subcommands.
struct LiveToolCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lookahead-live",
    abstract: "Serve a simulated world over real HTTP, and replay scroll traces against it.",
    subcommands: [ServeCommand.self, LiveCommand.self])
}

/// A subcommand that does its work through a `Console`.
protocol LiveConsoleCommand: ParsableCommand {
  /// Runs the parsed command.
  ///
  /// - Throws: ``CommandFailure`` saying what went wrong and which exit code it gets.
  func run(console: Console) async throws(CommandFailure)
}
