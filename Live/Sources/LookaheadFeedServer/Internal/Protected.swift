import Foundation

/// A value behind an `NSLock`: state changes inside ``withLock(_:)``, effects (resuming
/// continuations, starting tasks) after it. Shared by the targets of this package.
package final class Protected<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  /// Protects `value`.
  package init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value; never `await` or call out inside.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
