import Foundation

/// Where `lookahead-live` writes: standard output for results, standard error for progress
/// and errors. Tests run the tool in-process and read both.
///
/// A value type holding two closures; thread-safe when they are.
public struct LiveConsole: Sendable {
  /// Writes text to standard output.
  public var writeOutput: @Sendable (String) -> Void
  /// Writes text to standard error.
  public var writeError: @Sendable (String) -> Void

  /// Creates a console from its two writers.
  public init(
    writeOutput: @escaping @Sendable (String) -> Void,
    writeError: @escaping @Sendable (String) -> Void
  ) {
    self.writeOutput = writeOutput
    self.writeError = writeError
  }

  /// The process's standard output and standard error.
  public static var standard: LiveConsole {
    LiveConsole(
      writeOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
      writeError: { FileHandle.standardError.write(Data($0.utf8)) })
  }
}

/// Why a command stopped after its arguments were parsed, and so its exit code.
struct CommandFailure: Error, CustomStringConvertible {
  enum Kind {
    /// Input named on the command line is unusable: exit code 2, with the usage.
    case badInput
    /// The run failed: exit code 1.
    case runFailed
  }

  let kind: Kind
  /// One line saying what happened.
  let description: String

  static func badInput(_ reason: String) -> Self { Self(kind: .badInput, description: reason) }
  static func runFailed(_ reason: String) -> Self { Self(kind: .runFailed, description: reason) }
}

/// The reason an option's value was rejected.
struct ArgumentProblem: Error, CustomStringConvertible {
  let description: String
}
