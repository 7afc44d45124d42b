/// Identifies one attempt to load a key.
///
/// Every `start` action carries a fresh ticket, and the driver hands it back with
/// the outcome. An outcome whose ticket is no longer current (the attempt was
/// cancelled or preempted and perhaps restarted) is ignored, so a late answer
/// can never be delivered twice or to the wrong attempt.
@_spi(Machines) public struct LoadTicket: Hashable, Sendable, CustomStringConvertible {
  /// The ticket number, unique within one queue.
  package let rawValue: UInt64

  /// Creates a ticket from its number.
  package init(rawValue: UInt64) {
    self.rawValue = rawValue
  }

  /// `#` followed by the number.
  @_spi(Machines) public var description: String { "#\(rawValue)" }
}

/// Where a key stands in a `LoadQueue`.
///
/// There is no `ready` state: the queue delivers a finished result to its
/// waiters and forgets the key at once. Answering "ready" is the cache's job
/// (``MemoryCache``), so the queue's memory never grows with the number of keys
/// ever requested.
public enum LoadState: Sendable, Equatable, CustomStringConvertible {
  /// Nobody wants the key, or its result was delivered.
  case notRequested
  /// Waiting for a free slot, with the priority of its most urgent waiter.
  case queued(LoadPriority)
  /// A load is running.
  case loading
  /// The last attempt failed transiently; the next starts at `retryAt`.
  case failed(LoadError, retryAt: Duration)

  /// Whether two states are the same; failed states compare the error's kind
  /// and the retry time.
  public static func == (lhs: LoadState, rhs: LoadState) -> Bool {
    switch (lhs, rhs) {
    case (.notRequested, .notRequested), (.loading, .loading): true
    case (.queued(let left), .queued(let right)): left == right
    case (.failed(let left, let leftRetry), .failed(let right, let rightRetry)):
      left.kind == right.kind && leftRetry == rightRetry
    default: false
    }
  }

  /// A short description such as `queued(visible)`.
  public var description: String {
    switch self {
    case .notRequested: "notRequested"
    case .queued(let priority): "queued(\(priority))"
    case .loading: "loading"
    case .failed(let error, let retryAt): "failed(\(error.kind), retryAt: \(retryAt))"
    }
  }
}

/// How much storage a `LoadQueue` holds right now; all zero when nothing is
/// wanted.
@_spi(Inspection) public struct LoadQueueStorageCounts: Sendable, Hashable, CustomStringConvertible
{
  /// Keys the queue knows (queued, loading or waiting to retry).
  @_spi(Inspection) public var keys: Int
  /// Waiter registrations over all keys.
  @_spi(Inspection) public var waiters: Int
  /// Elements in the priority heap of queued keys, including stale ones.
  @_spi(Inspection) public var queuedHeapElements: Int
  /// Elements in the heap of retry times, including stale ones.
  @_spi(Inspection) public var retryHeapElements: Int
  /// Loads running.
  @_spi(Inspection) public var running: Int
  /// Start times remembered for the rate limit.
  @_spi(Inspection) public var rateLimitStarts: Int

  /// Whether the queue holds nothing at all.
  @_spi(Inspection) public var isEmpty: Bool {
    keys == 0 && waiters == 0 && queuedHeapElements == 0 && retryHeapElements == 0
      && running == 0
  }

  /// The counts on one line.
  @_spi(Inspection) public var description: String {
    "keys \(keys), waiters \(waiters), queued heap \(queuedHeapElements), "
      + "retry heap \(retryHeapElements), running \(running), rate starts \(rateLimitStarts)"
  }
}

extension LoadQueue {
  /// What the driver must do after an event.
  @_spi(Machines) public enum Action: Sendable, CustomStringConvertible {
    /// Start loading `key`; report the outcome with `ticket`. `priority` is the
    /// key's priority when it started, for the task's priority.
    case start(Key, LoadTicket, LoadPriority)
    /// Cancel the running attempt `ticket` of `key`; its outcome will be ignored.
    case cancel(Key, LoadTicket)
    /// Hand the loaded value of `key` to `waiters` (at least one).
    case deliver(Key, to: [Waiter])
    /// Tell `waiters` that `key` failed for good with `error`.
    case fail(Key, LoadError, to: [Waiter])
    /// Call `LoadQueue.tick(now:)` at `at` (a retry is due, or the rate limit
    /// lets the next load start). Replaces any earlier request.
    case scheduleWakeUp(at: Duration)

    /// A compact form for scripts and logs, such as `start a` or `deliver a → [1, 2]`.
    @_spi(Machines) public var description: String {
      switch self {
      case .start(let key, _, let priority): "start \(key) \(priority)"
      case .cancel(let key, _): "cancel \(key)"
      case .deliver(let key, let waiters): "deliver \(key) → \(waiters)"
      case .fail(let key, let error, let waiters): "fail \(key) \(error.kind) → \(waiters)"
      case .scheduleWakeUp(let at): "wake at \(at)"
      }
    }
  }
}
