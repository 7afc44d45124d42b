import Foundation

/// A message the stores of `LookaheadStore` report about faults they recovered from,
/// such as a corrupt value file removed or a damaged database rebuilt.
///
/// `LookaheadStore` has no logging dependency: pass a ``StoreLogger`` closure to
/// forward messages to `os.Logger`, swift-log or your crash reporter.
public struct StoreLogMessage: Sendable, CustomStringConvertible {
  /// How serious a message is.
  public enum Level: Int, Sendable, Comparable {
    /// Routine information, such as orphan files cleaned up at launch.
    case info
    /// A fault the store recovered from, such as corrupt data that was removed.
    case warning
    /// A fault the store could not recover from on its own, such as a failed write.
    case error

    /// Orders levels by severity.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// How serious the message is.
  public let level: Level
  /// What happened, naming the key or path involved.
  public let text: String

  /// Creates a message.
  public init(level: Level, text: String) {
    self.level = level
    self.text = text
  }

  /// The level and the text, for example `"warning: rebuilt the damaged index …"`.
  public var description: String { "\(level): \(text)" }
}

/// Receives the messages of a store. Called on the thread that detected the fault;
/// must be thread-safe and quick.
public typealias StoreLogger = @Sendable (StoreLogMessage) -> Void

/// Ready-made loggers.
public enum StoreLoggers {
  /// Writes warnings and errors to standard error, one line per message.
  public static let standardError: StoreLogger = { message in
    guard message.level >= .warning else { return }
    FileHandle.standardError.write(Data("LookaheadStore \(message)\n".utf8))
  }

  /// Drops every message.
  public static let none: StoreLogger = { _ in }
}
