/// Why a command stopped after its arguments were parsed, and so which exit code it gets.
///
/// A value type; thread-safe.
public struct CommandFailure: Error, CustomStringConvertible {
  /// The two ways a command fails.
  ///
  /// A closed set of values; thread-safe.
  public enum Kind: Sendable {
    /// The input named on the command line is unusable: exit code 2, with the usage.
    case badInput
    /// The run itself failed: exit code 1.
    case runFailed
  }

  /// How the command failed.
  public let kind: Kind

  /// One line saying what happened.
  public let description: String

  /// A file or folder named on the command line is missing or malformed.
  public static func badInput(_ reason: String) -> Self {
    Self(kind: .badInput, description: reason)
  }

  /// The work could not be completed (for example an output file could not be written).
  public static func runFailed(_ reason: String) -> Self {
    Self(kind: .runFailed, description: reason)
  }
}

/// The reason an option's value was rejected; ArgumentParser prints it after
/// "The value 'x' is invalid for '--flag <value>': ".
///
/// A value type; thread-safe.
public struct ArgumentProblem: Error, CustomStringConvertible {
  /// The reason, on one line.
  public let description: String

  /// Creates a problem.
  ///
  /// - Parameter description: The reason, on one line.
  public init(description: String) {
    self.description = description
  }
}
