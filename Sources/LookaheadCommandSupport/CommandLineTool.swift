import ArgumentParser

/// The steps every Lookahead tool takes between a command line and an exit code, shared by
/// `lookahead` and `lookahead-live` so that both report errors and exit the same way.
///
/// Exit codes (docs/DESIGN.md, "Command-line tools"): ``success`` (also for `--help`);
/// ``badArguments`` for an unknown or invalid flag or an unusable input file, with
/// `Error: <one line>` and the command's usage on standard error (ArgumentParser's own
/// code, 64, is mapped to it); ``runFailed`` when the run itself failed, with
/// `Error: <one line>`.
///
/// A tool parses with ``parse(_:arguments:console:)``, runs the command it gets, and turns
/// a ``CommandFailure`` into its exit code with ``exitCode(_:for:of:console:)``; the tool
/// decides only how its commands run (synchronously or not) and which commands merely
/// dispatch.
///
/// A namespace; thread-safe.
public enum CommandLineTool {
  /// Exit code of a successful run.
  public static let success: Int32 = 0

  /// Exit code of a run that failed after its arguments were accepted.
  public static let runFailed: Int32 = 1

  /// Exit code of bad arguments or unusable input files.
  public static let badArguments: Int32 = 2

  /// What parsing a command line gave.
  ///
  /// A closed set of values.
  public enum Parsed {
    /// A command to run.
    case command(any ParsableCommand)
    /// Nothing to run: help was printed or the arguments were reported as bad, and the
    /// tool exits with this code.
    case finished(Int32)
  }

  /// Parses `arguments` (without the program name) as a command of `root`.
  ///
  /// - Parameters:
  ///   - root: The tool's root command.
  ///   - arguments: The command line after the tool's name.
  ///   - console: Where help and errors go.
  public static func parse<Root: ParsableCommand>(
    _ root: Root.Type, arguments: [String], console: Console
  ) -> Parsed {
    do {
      return .command(try root.parseAsRoot(arguments))
    } catch {
      if root.exitCode(for: error) == .success {
        console.writeOutput(root.fullMessage(for: error) + "\n")
        return .finished(success)
      }
      reportBadArguments(
        reason: root.message(for: error),
        usage: usage(root, from: root.fullMessage(for: error, columns: 100)), console: console)
      return .finished(badArguments)
    }
  }

  /// Reports a command that only dispatches to subcommands, run without one.
  ///
  /// - Returns: ``badArguments``.
  public static func missingSubcommand<Root: ParsableCommand>(
    _ root: Root.Type, command: any ParsableCommand, console: Console
  ) -> Int32 {
    reportBadArguments(
      reason: "missing subcommand",
      usage: root.helpMessage(for: type(of: command), columns: 100), console: console)
    return badArguments
  }

  /// Runs one of ArgumentParser's built-in commands (`help`), which ends by throwing its
  /// output.
  public static func runBuiltIn<Root: ParsableCommand>(
    _ root: Root.Type, _ command: any ParsableCommand, console: Console
  ) -> Int32 {
    var command = command
    do {
      try command.run()
      return success
    } catch {
      let message = root.fullMessage(for: error, columns: 100)
      if root.exitCode(for: error) == .success {
        console.writeOutput(message + "\n")
        return success
      }
      reportBadArguments(
        reason: root.message(for: error), usage: usage(root, from: message), console: console)
      return badArguments
    }
  }

  /// Reports why `command` failed and returns its exit code: ``badArguments`` with the
  /// command's usage for bad input, ``runFailed`` otherwise.
  public static func exitCode<Root: ParsableCommand>(
    _ root: Root.Type, for failure: CommandFailure, of command: any ParsableCommand.Type,
    console: Console
  ) -> Int32 {
    switch failure.kind {
    case .badInput:
      reportBadArguments(
        reason: failure.description, usage: root.usageString(for: command), console: console)
      return badArguments
    case .runFailed:
      console.writeError("Error: \(oneLine(failure.description))\n")
      return runFailed
    }
  }

  /// The exit code of a run that ended with `code`, once its results were written: when
  /// writing standard output failed (a full disk, a closed stream), the run failed, and
  /// `Error: cannot write standard output: <reason>` says so on standard error.
  ///
  /// - Parameters:
  ///   - code: The exit code the command ended with.
  ///   - console: The console it wrote to.
  /// - Returns: `code`, or ``runFailed`` when it was ``success`` and the output was lost.
  public static func finish(_ code: Int32, console: Console) -> Int32 {
    guard let failure = console.outputFailure() else { return code }
    console.writeError("Error: cannot write standard output: \(oneLine(failure))\n")
    return code == success ? runFailed : code
  }

  /// Writes `Error: <reason>` on one line, then the usage.
  static func reportBadArguments(reason: String, usage: String, console: Console) {
    var usage = usage
    while usage.last?.isNewline == true { usage.removeLast() }
    if !usage.hasPrefix("Usage:") && !usage.hasPrefix("OVERVIEW:") { usage = "Usage: " + usage }
    console.writeError("Error: \(oneLine(reason))\n\(usage)\n")
  }

  /// The usage part of ArgumentParser's full error message (from `Usage:` on).
  static func usage<Root: ParsableCommand>(_ root: Root.Type, from fullMessage: String)
    -> String
  {
    guard let start = fullMessage.range(of: "Usage:") else { return root.usageString() }
    return String(fullMessage[start.lowerBound...])
  }

  /// `text` with its lines joined, so a reason never spans lines.
  static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline)
      .map { $0.drop { $0 == " " } }
      .joined(separator: " ")
  }
}
