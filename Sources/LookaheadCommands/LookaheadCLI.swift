import ArgumentParser

/// The `lookahead` command-line tool as a function: arguments in, exit code out.
///
/// Exit codes (SPEC §9): `0` success (and `--help`); `2` bad arguments: an unknown
/// strategy, profile, layout or scenario, a bad or missing flag, a missing file or a
/// malformed trace, with a one-line reason and the command's usage on standard error; `1` a
/// run failed, with the reason. ArgumentParser's own code for bad arguments (64) is mapped
/// to 2.
///
/// A namespace; thread-safe. Each call parses and runs one command.
public enum LookaheadCLI {
  /// Exit code of a successful run.
  public static let success: Int32 = 0

  /// Exit code of a run that failed after its arguments were accepted.
  public static let runFailed: Int32 = 1

  /// Exit code of bad arguments or unusable input files.
  public static let badArguments: Int32 = 2

  /// Parses `arguments` (without the program name) and runs the command.
  ///
  /// - Parameters:
  ///   - arguments: the command line after `lookahead`, e.g. `["strategies"]`.
  ///   - console: where results, progress and errors go.
  /// - Returns: the process exit code.
  public static func run(_ arguments: [String], console: Console) -> Int32 {
    let command: any ParsableCommand
    do {
      command = try LookaheadCommand.parseAsRoot(arguments)
    } catch {
      if LookaheadCommand.exitCode(for: error) == .success {
        console.writeOutput(LookaheadCommand.fullMessage(for: error) + "\n")
        return success
      }
      reportBadArguments(
        reason: LookaheadCommand.message(for: error),
        usage: usage(from: LookaheadCommand.fullMessage(for: error, columns: 100)),
        console: console)
      return badArguments
    }
    if command is LookaheadCommand || command is TracesCommand {
      reportBadArguments(
        reason: "missing subcommand",
        usage: LookaheadCommand.helpMessage(for: type(of: command), columns: 100),
        console: console)
      return badArguments
    }
    guard let runnable = command as? any ConsoleCommand else {
      // ArgumentParser's own commands (`help`) report their result by throwing.
      return runBuiltIn(command, console: console)
    }
    do {
      try runnable.run(console: console)
      return success
    } catch {
      switch error.kind {
      case .badInput:
        reportBadArguments(
          reason: error.description,
          usage: LookaheadCommand.usageString(for: type(of: runnable)), console: console)
        return badArguments
      case .runFailed:
        console.writeError("Error: \(oneLine(error.description))\n")
        return runFailed
      }
    }
  }

  /// Runs one of ArgumentParser's built-in commands, which ends by throwing its output.
  static func runBuiltIn(_ command: any ParsableCommand, console: Console) -> Int32 {
    var command = command
    do {
      try command.run()
      return success
    } catch {
      let message = LookaheadCommand.fullMessage(for: error, columns: 100)
      if LookaheadCommand.exitCode(for: error) == .success {
        console.writeOutput(message + "\n")
        return success
      }
      reportBadArguments(
        reason: LookaheadCommand.message(for: error), usage: usage(from: message),
        console: console)
      return badArguments
    }
  }

  /// Writes `Error: <reason>` on one line, then the usage.
  static func reportBadArguments(reason: String, usage: String, console: Console) {
    var usage = usage.trimmingTrailingNewlines
    if !usage.hasPrefix("Usage:") && !usage.hasPrefix("OVERVIEW:") { usage = "Usage: " + usage }
    console.writeError("Error: \(oneLine(reason))\n\(usage)\n")
  }

  /// The usage part of ArgumentParser's full error message (from `Usage:` on).
  static func usage(from fullMessage: String) -> String {
    guard let start = fullMessage.range(of: "Usage:") else {
      return LookaheadCommand.usageString()
    }
    return String(fullMessage[start.lowerBound...])
  }

  /// `text` with its lines joined, so a reason never spans lines.
  static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline).map { $0.trimmingPrefixSpaces }.joined(separator: " ")
  }
}

extension StringProtocol {
  fileprivate var trimmingPrefixSpaces: Substring {
    Substring(self).drop { $0 == " " }
  }

  fileprivate var trimmingTrailingNewlines: String {
    var text = String(self)
    while text.last?.isNewline == true { text.removeLast() }
    return text
  }
}
