import ArgumentParser

/// The `lookahead-live` tool as a function: arguments in, exit code out.
///
/// Exit codes, as `lookahead`'s (SPEC §9): `0` success; `2` bad arguments (an unknown or
/// invalid flag, an unreadable trace or world file), with `Error: <one line>` and the
/// usage on standard error; `1` a run failed (a port in use, an unreachable server), with
/// `Error: <one line>`.
///
/// A namespace; thread-safe.
public enum LiveCLI {
  /// Exit code of a successful run.
  public static let success: Int32 = 0
  /// Exit code of a run that failed after its arguments were accepted.
  public static let runFailed: Int32 = 1
  /// Exit code of bad arguments.
  public static let badArguments: Int32 = 2

  /// Parses `arguments` (without the program name) and runs the command.
  ///
  /// - Parameters:
  ///   - arguments: The command line after `lookahead-live`, such as `["serve"]`.
  ///   - console: Where results, progress and errors go.
  /// - Returns: The process exit code.
  public static func run(_ arguments: [String], console: LiveConsole) async -> Int32 {
    let command: any ParsableCommand
    do {
      command = try LiveToolCommand.parseAsRoot(arguments)
    } catch {
      if LiveToolCommand.exitCode(for: error) == .success {
        console.writeOutput(LiveToolCommand.fullMessage(for: error) + "\n")
        return success
      }
      report(
        reason: LiveToolCommand.message(for: error),
        usage: usage(from: LiveToolCommand.fullMessage(for: error, columns: 100)),
        console: console)
      return badArguments
    }
    guard let runnable = command as? any LiveConsoleCommand else {
      if command is LiveToolCommand {
        report(
          reason: "missing subcommand",
          usage: LiveToolCommand.helpMessage(for: LiveToolCommand.self, columns: 100),
          console: console)
        return badArguments
      }
      var builtIn = command
      do {
        try builtIn.run()
        return success
      } catch {
        let message = LiveToolCommand.fullMessage(for: error, columns: 100)
        if LiveToolCommand.exitCode(for: error) == .success {
          console.writeOutput(message + "\n")
          return success
        }
        report(
          reason: LiveToolCommand.message(for: error), usage: usage(from: message), console: console
        )
        return badArguments
      }
    }
    do {
      try await runnable.run(console: console)
      return success
    } catch {
      switch error.kind {
      case .badInput:
        report(
          reason: error.description,
          usage: LiveToolCommand.usageString(for: type(of: runnable)), console: console)
        return badArguments
      case .runFailed:
        console.writeError("Error: \(oneLine(error.description))\n")
        return runFailed
      }
    }
  }

  static func report(reason: String, usage: String, console: LiveConsole) {
    var usage = usage
    while usage.last?.isNewline == true { usage.removeLast() }
    if !usage.hasPrefix("Usage:") && !usage.hasPrefix("OVERVIEW:") { usage = "Usage: " + usage }
    console.writeError("Error: \(oneLine(reason))\n\(usage)\n")
  }

  static func usage(from fullMessage: String) -> String {
    guard let start = fullMessage.range(of: "Usage:") else { return LiveToolCommand.usageString() }
    return String(fullMessage[start.lowerBound...])
  }

  /// `text` with its lines joined, so a reason never spans lines.
  static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline)
      .map { $0.drop { $0 == " " } }
      .joined(separator: " ")
  }
}

/// The root of `lookahead-live`: only dispatches to its subcommands.
struct LiveToolCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lookahead-live",
    abstract: "Serve a simulated world over real HTTP, and replay scroll traces against it.",
    subcommands: [ServeCommand.self, LiveCommand.self])
}

/// A subcommand that does its work through a ``LiveConsole``.
protocol LiveConsoleCommand: ParsableCommand {
  /// Runs the parsed command.
  ///
  /// - Throws: ``CommandFailure`` saying what went wrong and which exit code it gets.
  func run(console: LiveConsole) async throws(CommandFailure)
}
