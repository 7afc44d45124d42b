import Foundation

/// An error thrown by the stores of `LookaheadStore`.
///
/// The set of cases will grow, so it is a struct: compare ``code`` to tell errors
/// apart and read ``description`` for a sentence that says what happened.
public struct StoreError: Error, Sendable, CustomStringConvertible {
  /// The kind of failure.
  public enum Code: Sendable, Hashable {
    /// A value file could not be written (unwritable folder, disk full).
    case fileWriteFailed
    /// The SQLite database could not be opened, read or written.
    case databaseFailed
    /// The store's folder is read-only: reads work, writes are refused.
    case readOnly
    /// The store was closed; no further calls are allowed.
    case closed
    /// A value could not be encoded or decoded.
    case codingFailed
  }

  /// The kind of failure.
  public let code: Code
  /// A sentence that says what happened, naming the path or key involved.
  public let description: String
  /// The error reported by the system, SQLite or a coder, if any.
  public let underlying: (any Error)?

  private init(_ code: Code, _ description: String, underlying: (any Error)? = nil) {
    self.code = code
    self.description = description
    self.underlying = underlying
  }

  static func fileWriteFailed(_ url: URL, _ error: any Error) -> Self {
    Self(.fileWriteFailed, "Could not write \(url.path): \(error)", underlying: error)
  }

  static func databaseFailed(_ operation: String, _ path: String, _ error: any Error) -> Self {
    Self(
      .databaseFailed, "Could not \(operation) the database at \(path): \(error)", underlying: error
    )
  }

  static func readOnly(_ url: URL) -> Self {
    Self(.readOnly, "The store at \(url.path) is read-only; the write was refused")
  }

  static func closed(_ url: URL) -> Self {
    Self(.closed, "The store at \(url.path) was closed")
  }

  static func codingFailed(_ what: String, _ error: any Error) -> Self {
    Self(.codingFailed, "Could not \(what): \(error)", underlying: error)
  }
}
