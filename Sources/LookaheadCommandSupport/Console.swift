import Foundation

/// Where the command-line tool writes: standard output for results, standard error for
/// progress and errors.
///
/// Commands write through a `Console` rather than `print`, so tests run the tool in-process
/// and read both streams. A value type holding two closures; thread-safe when they are (the
/// standard console is: each call is one `write(2)`).
public struct Console: Sendable {
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
  public static var standard: Console {
    Console(
      writeOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
      writeError: { FileHandle.standardError.write(Data($0.utf8)) })
  }
}
