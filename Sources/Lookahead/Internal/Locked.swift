import Foundation

/// A value protected by a lock.
///
/// `Synchronization.Mutex` needs iOS 18, so Lookahead funnels every lock through
/// this small `NSLock`-backed box. Keep critical sections short and never `await`,
/// call back into user code, or start tasks while holding the lock: mutate state
/// inside, act outside.
@usableFromInline
package final class Locked<Value>: @unchecked Sendable {
  // Not private so that `withLock` can be inlined into `@inlinable` callers
  // such as MemoryCache's hit path; touch `value` only through `withLock`.
  @usableFromInline let lock = NSLock()
  @usableFromInline var value: Value

  /// Creates a lock protecting `value`.
  @usableFromInline
  package init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the protected value.
  ///
  /// - Complexity: O(1) plus the cost of `body`.
  @inlinable @inline(__always)
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
