import Lookahead

/// Tasks suspended until a condition on some state holds, for test doubles that let a
/// test wait without polling.
///
/// It lives inside the state it watches, behind that state's lock: whoever changes the
/// state calls ``takeSatisfied(by:)`` under the lock and resumes the continuations it
/// returns after unlocking.
struct ConditionWaiters<Snapshot>: Sendable {
  /// A condition on a snapshot of the watched state.
  typealias Condition = @Sendable (Snapshot) -> Bool

  private struct Waiter: Sendable {
    var id: UInt64
    var condition: Condition
    var continuation: CheckedContinuation<Bool, Never>
  }

  private var nextID: UInt64 = 0
  private var waiters: [Waiter] = []

  /// A new waiter identity.
  mutating func makeID() -> UInt64 {
    nextID += 1
    return nextID
  }

  /// Registers a waiter that `continuation` resumes.
  mutating func add(
    id: UInt64, condition: @escaping Condition, continuation: CheckedContinuation<Bool, Never>
  ) {
    waiters.append(Waiter(id: id, condition: condition, continuation: continuation))
  }

  /// Removes the waiter `id` and returns its continuation, or `nil` if it was resumed
  /// already.
  mutating func remove(id: UInt64) -> CheckedContinuation<Bool, Never>? {
    guard let index = waiters.firstIndex(where: { $0.id == id }) else { return nil }
    return waiters.remove(at: index).continuation
  }

  /// Removes the waiters whose condition holds for `snapshot` and returns their
  /// continuations, to be resumed with `true` outside the lock.
  mutating func takeSatisfied(by snapshot: Snapshot) -> [CheckedContinuation<Bool, Never>] {
    var ready: [CheckedContinuation<Bool, Never>] = []
    waiters.removeAll { waiter in
      guard waiter.condition(snapshot) else { return false }
      ready.append(waiter.continuation)
      return true
    }
    return ready
  }
}

extension Locked {
  /// Suspends until `condition` holds for the protected state's snapshot, or until
  /// `timeout` of real time has passed — a safety net so that a test waiting for
  /// something that never happens fails instead of hanging the whole run. It is never
  /// used to wait for work.
  ///
  /// - Parameters:
  ///   - waiters: Where the state keeps its waiters.
  ///   - snapshot: What the condition looks at.
  ///   - timeout: The real-time safety net.
  ///   - condition: The condition to wait for.
  /// - Returns: Whether the condition held (`false` after the timeout).
  func wait<Snapshot>(
    waiters: WritableKeyPath<Value, ConditionWaiters<Snapshot>> & Sendable,
    snapshot: (Value) -> Snapshot,
    timeout: Duration,
    until condition: @escaping @Sendable (Snapshot) -> Bool
  ) async -> Bool {
    let id = withLock { $0[keyPath: waiters].makeID() }
    let watchdog = Task {
      try await Task.sleep(for: timeout)
      withLock { $0[keyPath: waiters].remove(id: id) }?.resume(returning: false)
    }
    defer { watchdog.cancel() }
    return await withCheckedContinuation { continuation in
      let isSatisfied = withLock { state in
        if condition(snapshot(state)) { return true }
        state[keyPath: waiters].add(id: id, condition: condition, continuation: continuation)
        return false
      }
      if isSatisfied { continuation.resume(returning: true) }
    }
  }
}
