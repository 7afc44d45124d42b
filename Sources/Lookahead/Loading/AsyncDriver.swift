/// Runs a `LoadQueue` with Swift concurrency: loads through a ``Loader``,
/// sleeps on an injected clock for retries and rate limits, and remembers
/// results in an optional ``MemoryCache``.
///
/// Two ways to ask for a value:
/// - ``value(for:priority:order:)`` suspends until the value is there. A call
///   for a key that is already loading joins that load (and raises its
///   priority); cancelling the calling task withdraws the call, and the load is
///   cancelled when nobody else wants it.
/// - ``prefetch(_:priority:order:)`` and ``cancelPrefetching(_:)-(Key)`` are
///   fire-and-forget wants for preload policies; their results land in the
///   cache, so give the driver one if you prefetch.
///
/// All methods are thread-safe and cheap enough to call from the main thread
/// during scrolling: the queue is mutated under a short lock, and tasks are
/// started, cancelled and resumed only after the lock is released.
public final class AsyncDriver<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  enum Waiter: Hashable, Sendable {
    case prefetch
    case call(UInt64)
  }

  struct State: KeepsWakeUp {
    var queue: LoadQueue<Key, Waiter>
    var calls: [UInt64: CheckedContinuation<Value, any Error>] = [:]
    var nextCallID: UInt64 = 0
    var tasks: [Key: (ticket: LoadTicket, task: Task<Void, Never>)] = [:]
    var wakeUp = WakeUpTimer()
  }

  /// Work to do after leaving the lock.
  struct Effects {
    var starts: [(key: Key, ticket: LoadTicket, priority: LoadPriority)] = []
    var cancellations: [Task<Void, Never>] = []
    var resumptions: [(CheckedContinuation<Value, any Error>, Result<Value, any Error>)] = []
    var wakeUp: WakeUpTimer.Request?
  }

  let loader: any Loader<Key, Value>
  let cache: MemoryCache<Key, Value>?
  let cost: @Sendable (Value) -> Int
  let classify: @Sendable (any Error) -> LoadError
  let now: @Sendable () -> Duration
  let sleep: @Sendable (Duration) async throws -> Void
  let locked: Locked<State>

  /// Creates a driver.
  ///
  /// - Parameters:
  ///   - loader: What performs the loads.
  ///   - clock: The clock for retry backoff and the rate limit.
  ///   - configuration: The queue's cap, rate limit, retries and preemption.
  ///   - cache: Where loaded values are stored and looked up first, if any.
  ///   - cost: The cost of a value in the cache, usually its size in bytes.
  ///   - classify: Maps a loader's error to transient, permanent or cancelled;
  ///     ``LoadError/classifying(_:)`` by default.
  public init(
    loader: some Loader<Key, Value>,
    clock: some Clock<Duration> = ContinuousClock(),
    configuration: LoadQueueConfiguration = LoadQueueConfiguration(),
    cache: MemoryCache<Key, Value>? = nil,
    cost: @escaping @Sendable (Value) -> Int = { _ in 0 },
    classify: @escaping @Sendable (any Error) -> LoadError = LoadError.classifying
  ) {
    self.loader = loader
    self.cache = cache
    self.cost = cost
    self.classify = classify
    let epoch = clock.now
    self.now = { epoch.duration(to: clock.now) }
    self.sleep = { try await clock.sleep(until: epoch.advanced(by: $0), tolerance: nil) }
    self.locked = Locked(
      State(queue: LoadQueue(configuration: configuration.drawingJitterSeed())))
  }

  deinit {
    locked.withLock { $0.wakeUp.cancel() }?.cancel()
  }

  // MARK: - Asking for values

  /// Returns the value for `key`: from the cache, by joining a load in flight,
  /// or by queueing a new load.
  ///
  /// - Parameters:
  ///   - key: The resource.
  ///   - priority: How urgent this call is; `.visible` by default.
  ///   - order: The position inside the priority class; smaller runs sooner.
  /// - Returns: The loaded value.
  /// - Throws: `CancellationError` if the calling task is cancelled, or a
  ///   ``LoadError`` when the load failed permanently, ran out of retries, or
  ///   was cancelled by the loader itself.
  public func value(
    for key: Key, priority: LoadPriority = .visible, order: Double = 0
  ) async throws -> Value {
    if let value = cache?.value(forKey: key) { return value }
    let id = locked.withLock { state in
      state.nextCallID += 1
      return state.nextCallID
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: Continuation) in
        register(continuation, id: id, key: key, priority: priority, order: order)
      }
    } onCancel: {
      withdraw(id: id, key: key)
    }
  }

  typealias Continuation = CheckedContinuation<Value, any Error>

  private func register(
    _ continuation: Continuation, id: UInt64, key: Key, priority: LoadPriority, order: Double
  ) {
    let effects = locked.withLock { (state: inout State) -> Effects? in
      // Checked under the lock: a cancellation handler that runs later finds
      // the call registered and withdraws it.
      if Task.isCancelled { return nil }
      state.calls[id] = continuation
      let actions = state.queue.want(
        key, by: .call(id), priority: priority, order: order, now: now())
      return absorb(actions, into: &state, outcome: nil)
    }
    guard let effects else {
      continuation.resume(throwing: CancellationError())
      return
    }
    perform(effects)
  }

  private func withdraw(id: UInt64, key: Key) {
    let (continuation, effects) = locked.withLock {
      (state: inout State) -> (Continuation?, Effects) in
      guard let continuation = state.calls.removeValue(forKey: id) else {
        return (nil, Effects())
      }
      let actions = state.queue.unwant(key, by: .call(id), now: now())
      return (continuation, absorb(actions, into: &state, outcome: nil))
    }
    continuation?.resume(throwing: CancellationError())
    perform(effects)
  }

  /// Asks for `key` to be loaded into the cache without waiting for it.
  ///
  /// Calling it again updates the request's priority and order. Does nothing
  /// when the cache already holds the key.
  ///
  /// - Parameters:
  ///   - key: The resource.
  ///   - priority: How urgent the prefetch is; `.preload` by default.
  ///   - order: The position inside the priority class, such as the distance
  ///     from the viewport; smaller runs sooner.
  public func prefetch(_ key: Key, priority: LoadPriority = .preload, order: Double = 0) {
    if cache?.containsValue(forKey: key) == true { return }
    update { state, now in
      state.queue.want(key, by: .prefetch, priority: priority, order: order, now: now)
    }
  }

  /// Prefetches `keys` in the order given (the nearest first), as
  /// `UICollectionViewDataSourcePrefetching` lists them.
  ///
  /// - Parameters:
  ///   - keys: The resources, most urgent first.
  ///   - priority: The priority class of all of them.
  public func prefetch(_ keys: some Sequence<Key>, priority: LoadPriority = .preload) {
    for (index, key) in keys.enumerated() {
      prefetch(key, priority: priority, order: Double(index))
    }
  }

  /// Withdraws the prefetch of `key`; its load is cancelled unless a call to
  /// ``value(for:priority:order:)`` still waits for it. Harmless if there was no
  /// prefetch.
  ///
  /// - Parameter key: The resource.
  public func cancelPrefetching(_ key: Key) {
    update { state, now in state.queue.unwant(key, by: .prefetch, now: now) }
  }

  /// Withdraws the prefetches of `keys`.
  ///
  /// - Parameter keys: The resources.
  public func cancelPrefetching(_ keys: some Sequence<Key>) {
    for key in keys { cancelPrefetching(key) }
  }

  /// The state of `key` in the queue.
  public func state(of key: Key) -> LoadState {
    locked.withLock { $0.queue.state(of: key) }
  }

  /// The number of loads running.
  public var runningCount: Int { locked.withLock { $0.queue.runningCount } }

  /// The driver's bookkeeping, for leak checks in tests.
  package var storageCounts: (queue: LoadQueueStorageCounts, calls: Int, tasks: Int) {
    locked.withLock { ($0.queue.storageCounts, $0.calls.count, $0.tasks.count) }
  }
}
