import Lookahead

/// A loader whose loads suspend until the test answers them, counting every
/// start and cancellation.
///
/// Loads are answered in the order they started with ``succeed(_:with:)`` and
/// ``fail(_:with:)``; ``waitUntil(_:)`` suspends (without polling) until the
/// loader's record satisfies a condition. Cancelling a load's task makes it
/// throw `CancellationError` at once.
///
/// All methods are thread-safe.
public final class ScriptedLoader<Key: Hashable & Sendable, Value: Sendable>: Loader, Sendable {
  /// What the loader has seen so far.
  public struct Record: Sendable {
    /// Keys of the loads that wait for an answer, oldest first.
    public var pendingKeys: [Key] = []
    /// How many loads started, per key.
    public var starts: [Key: Int] = [:]
    /// How many loads were cancelled before being answered.
    public var cancellations = 0

    /// How many loads started in total.
    public var totalStarts: Int { starts.values.reduce(0, +) }
  }

  private struct Pending {
    var id: Int
    var key: Key
    var continuation: CheckedContinuation<Value, any Error>
  }

  private struct State {
    var record = Record()
    var pending: [Pending] = []
    var nextID = 0
    /// Tests waiting for a condition on the record.
    var waiters = ConditionWaiters<Record>()

    mutating func satisfiedWaiters() -> [CheckedContinuation<Bool, Never>] {
      record.pendingKeys = pending.map(\.key)
      return waiters.takeSatisfied(by: record)
    }
  }

  private let state = Locked(State())

  /// Creates a loader with no loads.
  public init() {}

  /// A copy of the loader's record.
  public var record: Record { state.withLock { $0.record } }

  /// Starts a load that suspends until the test answers it.
  public func load(_ key: Key) async throws -> Value {
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let (isCancelled, ready) = state.withLock {
          state -> (Bool, [CheckedContinuation<Bool, Never>]) in
          state.record.starts[key, default: 0] += 1
          // Read once: a cancellation between two reads left the load pending for the
          // cancellation handler and resumed it here as well.
          let isCancelled = Task.isCancelled
          if isCancelled {
            state.record.cancellations += 1
          } else {
            state.pending.append(Pending(id: id, key: key, continuation: continuation))
          }
          return (isCancelled, state.satisfiedWaiters())
        }
        for continuation in ready { continuation.resume(returning: true) }
        if isCancelled { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      let (pending, ready) = state.withLock { state in
        guard let index = state.pending.firstIndex(where: { $0.id == id }) else {
          return (Pending?.none, [CheckedContinuation<Bool, Never>]())
        }
        state.record.cancellations += 1
        let pending = state.pending.remove(at: index)
        return (pending, state.satisfiedWaiters())
      }
      for continuation in ready { continuation.resume(returning: true) }
      pending?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Answers the oldest pending load of `key` with `value`.
  ///
  /// - Returns: `false` if no load of `key` was pending.
  @discardableResult
  public func succeed(_ key: Key, with value: Value) -> Bool {
    answer(key, with: .success(value))
  }

  /// Answers the oldest pending load of `key` by throwing `error`.
  ///
  /// - Returns: `false` if no load of `key` was pending.
  @discardableResult
  public func fail(_ key: Key, with error: any Error) -> Bool {
    answer(key, with: .failure(error))
  }

  /// Suspends until `condition` holds for the loader's record, or until `timeout` of
  /// real time has passed — a safety net so that a test whose condition never holds
  /// fails instead of hanging the whole run. It is never used to wait for work.
  ///
  /// - Returns: Whether the condition held (`false` after the timeout).
  @discardableResult
  public func waitUntil(
    timeout: Duration = .seconds(30), _ condition: @escaping @Sendable (Record) -> Bool
  ) async -> Bool {
    await state.wait(waiters: \.waiters, snapshot: \.record, timeout: timeout, until: condition)
  }

  private func answer(_ key: Key, with result: Result<Value, any Error>) -> Bool {
    let (pending, ready) = state.withLock { state in
      guard let index = state.pending.firstIndex(where: { $0.key == key }) else {
        return (Pending?.none, [CheckedContinuation<Bool, Never>]())
      }
      let pending = state.pending.remove(at: index)
      return (pending, state.satisfiedWaiters())
    }
    for continuation in ready { continuation.resume(returning: true) }
    pending?.continuation.resume(with: result)
    return pending != nil
  }
}
