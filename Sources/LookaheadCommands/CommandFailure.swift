/// Why a command stopped after its arguments were parsed, and so which exit code it gets.
///
/// A value type; thread-safe.
struct CommandFailure: Error, CustomStringConvertible {
  enum Kind {
    /// The input named on the command line is unusable: exit code 2, with the usage.
    case badInput
    /// The run itself failed: exit code 1.
    case runFailed
  }

  let kind: Kind

  /// One line saying what happened.
  let description: String

  /// A file or folder named on the command line is missing or malformed.
  static func badInput(_ reason: String) -> Self { Self(kind: .badInput, description: reason) }

  /// The work could not be completed (for example an output file could not be written).
  static func runFailed(_ reason: String) -> Self { Self(kind: .runFailed, description: reason) }
}

/// The reason an option's value was rejected; ArgumentParser prints it after
/// "The value 'x' is invalid for '--flag <value>': ".
struct ArgumentProblem: Error, CustomStringConvertible {
  let description: String
}
