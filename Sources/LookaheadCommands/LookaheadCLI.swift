import ArgumentParser
import LookaheadCommandSupport

/// The `lookahead` command-line tool as a function: arguments in, exit code out.
///
/// Exit codes (docs/DESIGN.md, "Command-line tools"): `0` success (and `--help`); `2` bad
/// arguments: an unknown strategy, profile, layout or scenario, a bad or missing flag, a
/// missing file or a malformed trace, with a one-line reason and the command's usage on
/// standard error; `1` a run failed, with the reason (also when its results could not be
/// written to standard output). ArgumentParser's own code for bad arguments (64) is mapped
/// to 2. The reporting is ``CommandLineTool``'s, shared with `lookahead-live`.
///
/// A namespace; thread-safe. Each call parses and runs one command.
public enum LookaheadCLI {
  /// Exit code of a successful run.
  public static let success = CommandLineTool.success

  /// Exit code of a run that failed after its arguments were accepted.
  public static let runFailed = CommandLineTool.runFailed

  /// Exit code of bad arguments or unusable input files.
  public static let badArguments = CommandLineTool.badArguments

  /// Parses `arguments` (without the program name) and runs the command.
  ///
  /// - Parameters:
  ///   - arguments: the command line after `lookahead`, e.g. `["strategies"]`.
  ///   - console: where results, progress and errors go.
  /// - Returns: the process exit code.
  public static func run(_ arguments: [String], console: Console) -> Int32 {
    CommandLineTool.finish(runCommand(arguments, console: console), console: console)
  }

  private static func runCommand(_ arguments: [String], console: Console) -> Int32 {
    let root = LookaheadCommand.self
    let command: any ParsableCommand
    switch CommandLineTool.parse(root, arguments: arguments, console: console) {
    case .finished(let code): return code
    case .command(let parsed): command = parsed
    }
    if command is LookaheadCommand || command is TracesCommand {
      return CommandLineTool.missingSubcommand(root, command: command, console: console)
    }
    guard let runnable = command as? any ConsoleCommand else {
      return CommandLineTool.runBuiltIn(root, command, console: console)
    }
    do {
      try runnable.run(console: console)
      return success
    } catch {
      return CommandLineTool.exitCode(
        root, for: error, of: type(of: runnable), console: console)
    }
  }
}
