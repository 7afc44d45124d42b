import Lookahead

/// A clock that only moves when a test tells it to.
///
/// `sleep(until:)` suspends until ``advance(by:)`` or ``advance(to:)`` passes the
/// deadline, or the sleeping task is cancelled. ``waitForSleepers(count:)`` lets
/// a test wait, without polling, until the code under test has gone to sleep.
///
/// All methods are thread-safe.
public final class ManualClock: Clock, Sendable {
  /// A point on the manual clock: a duration since the clock was created.
  public struct Instant: InstantProtocol, CustomStringConvertible {
    /// The time since the clock was created.
    public var offset: Duration

    /// Creates an instant `offset` after the clock's creation.
    public init(offset: Duration) {
      self.offset = offset
    }

    /// The instant `duration` later.
    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    /// The duration from this instant to `other`.
    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    /// Whether `lhs` is earlier than `rhs`.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }

    /// The offset, as in `0.5 seconds`.
    public var description: String { "\(offset)" }
  }

  private struct Sleeper {
    var deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var nextID = 0
    var sleepers: [Int: Sleeper] = [:]
    /// Tests waiting for a number of sleepers; they look at the sleeper count.
    var sleeperWaiters = ConditionWaiters<Int>()

    mutating func satisfiedWaiters() -> [CheckedContinuation<Bool, Never>] {
      sleeperWaiters.takeSatisfied(by: sleepers.count)
    }
  }

  private let state = Locked(State())

  /// Creates a clock at offset zero.
  public init() {}

  /// The current instant.
  public var now: Instant { state.withLock { $0.now } }

  /// Zero: the clock has no granularity.
  public var minimumResolution: Duration { .zero }

  /// The number of tasks sleeping on this clock.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// When the sleeping tasks wake, earliest first.
  public var sleeperDeadlines: [Instant] {
    state.withLock { $0.sleepers.values.map(\.deadline).sorted() }
  }

  /// Suspends until the clock reaches `deadline`.
  ///
  /// - Throws: `CancellationError` if the task is cancelled first.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let (outcome, ready) = state.withLock {
          state -> (Result<Void, any Error>?, [CheckedContinuation<Bool, Never>]) in
          if Task.isCancelled { return (.failure(CancellationError()), []) }
          if deadline <= state.now { return (.success(()), []) }
          state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
          return (nil, state.satisfiedWaiters())
        }
        for continuation in ready { continuation.resume(returning: true) }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves the clock forward by `duration`, waking every sleeper whose deadline
  /// has come.
  public func advance(by duration: Duration) {
    advance(to: now.advanced(by: duration))
  }

  /// Moves the clock to `instant` (never backwards), waking every sleeper whose
  /// deadline has come.
  public func advance(to instant: Instant) {
    let due = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
      precondition(instant >= state.now, "instant must not be earlier than now")
      state.now = instant
      let ids = state.sleepers.filter { $0.value.deadline <= instant }.map(\.key)
      return ids.compactMap { state.sleepers.removeValue(forKey: $0)?.continuation }
    }
    for continuation in due { continuation.resume() }
  }

  /// Suspends until at least `count` tasks sleep on this clock, or until `timeout` of
  /// real time has passed — a safety net so that a test waiting for a sleeper that never
  /// comes fails instead of hanging the whole run.
  ///
  /// - Returns: Whether `count` tasks slept (`false` after the timeout).
  @discardableResult
  public func waitForSleepers(count: Int, timeout: Duration = .seconds(30)) async -> Bool {
    await state.wait(
      waiters: \.sleeperWaiters, snapshot: \.sleepers.count, timeout: timeout
    ) { $0 >= count }
  }
}
