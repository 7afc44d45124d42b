import Foundation
import Lookahead

/// Where the command-line tool writes: standard output for results, standard error for
/// progress and errors.
///
/// Commands write through a `Console` rather than `print`, so tests run the tool in-process
/// and read both streams. Writing results can fail (a full disk, a closed standard output);
/// the console remembers the first failure, and the tool turns it into exit code 1 with
/// the reason (``CommandLineTool``). A failure to write to standard error is ignored: there
/// is nowhere left to report it.
///
/// A value type holding closures; thread-safe when they are (the standard console is: each
/// call is one locked sequence of `write(2)`s).
public struct Console: Sendable {
  /// Writes text to standard output.
  public var writeOutput: @Sendable (String) -> Void

  /// Writes text to standard error.
  public var writeError: @Sendable (String) -> Void

  /// Why writing to standard output first failed, or `nil` while every write succeeded.
  public var outputFailure: @Sendable () -> String?

  /// Creates a console from its two writers, and what reports a failed write of results.
  public init(
    writeOutput: @escaping @Sendable (String) -> Void,
    writeError: @escaping @Sendable (String) -> Void,
    outputFailure: @escaping @Sendable () -> String? = { nil }
  ) {
    self.writeOutput = writeOutput
    self.writeError = writeError
    self.outputFailure = outputFailure
  }

  /// The process's standard output and standard error.
  public static var standard: Console {
    let output = StandardStream(descriptor: 1)
    let error = StandardStream(descriptor: 2)
    return Console(
      writeOutput: { output.write($0) }, writeError: { error.write($0) },
      outputFailure: { output.failure })
  }
}

/// One of the process's standard streams, written with `write(2)`: a failure is
/// remembered instead of trapping (as `FileHandle.write(_:)` does), and nothing more is
/// written after it, so that a run whose output is lost ends with the reason.
private final class StandardStream: Sendable {
  private let descriptor: Int32
  private let state = Locked<String?>(nil)

  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// The reason of the first failed write, such as `No space left on device`.
  var failure: String? { state.withLock { $0 } }

  func write(_ text: String) {
    state.withLock { failure in
      guard failure == nil else { return }
      var text = text
      failure = text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
    }
  }
}
