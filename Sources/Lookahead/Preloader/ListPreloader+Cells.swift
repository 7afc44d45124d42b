import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

extension ListPreloader {
  /// The resource key of an item, as the preloader computes it: cells, prefetches and
  /// the cache all use this one key, so a prefetched resource is always found.
  ///
  /// - Parameter item: An item of the list.
  public func resourceKey(for item: Item) -> Key? { resourceKey(item) }

  /// The item's resource if the cache holds it in memory: call it when configuring a
  /// cell to show the resource at once. Never touches the disk or the network.
  ///
  /// - Parameter item: The cell's item.
  /// - Returns: The resource, or `nil` when it is not in memory yet (or the item has
  ///   none).
  /// - Complexity: O(1): one cache lookup.
  public func cachedResource(for item: Item) -> Resource? {
    guard let key = resourceKey(item) else { return nil }
    return cache.memoryValue(forKey: key)
  }

  /// The item's resource, loading it if needed: from memory at once; otherwise a load
  /// already in flight (a prefetch) is joined and raised to `priority`, or a load is
  /// started. Cancel the calling task (the cell was reused) to withdraw the request: the
  /// load goes on while the strategy still wants it, and is cancelled otherwise.
  ///
  /// - Parameters:
  ///   - item: The cell's item.
  ///   - priority: How urgent the request is; `.visible` for a cell on screen.
  /// - Returns: The resource.
  /// - Throws: `CancellationError` when the task is cancelled or the preloader released;
  ///   ``ListPreloaderError/noResource(_:)`` when the item has no resource; a
  ///   ``LoadError`` when the load failed for good.
  public func resource(for item: Item, priority: LoadPriority = .visible) async throws
    -> Resource
  {
    guard let key = resourceKey(item) else { throw ListPreloaderError.noResource("\(item.id)") }
    if let value = cache.memoryValue(forKey: key) { return value }
    let id = locked.withLock { state in
      state.nextCallID += 1
      return state.nextCallID
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: Continuation) in
        register(continuation, id: id, key: key, priority: priority)
      }
    } onCancel: {
      withdraw(id: id, key: key)
    }
  }

  private func register(
    _ continuation: Continuation, id: UInt64, key: Key, priority: LoadPriority
  ) {
    let cache = cache
    let answer = locked.withLock { (state: inout State) -> Answer in
      // Checked under the lock: a cancellation handler that runs later finds the call
      // registered and withdraws it.
      if Task.isCancelled { return .now(.failure(CancellationError())) }
      // The value may have arrived since the caller looked.
      if let value = cache.memoryValue(forKey: key) { return .now(.success(value)) }
      state.calls[id] = continuation
      let now = now()
      let actions = state.machine.request(key, id: id, priority: priority, now: now)
      return .wait(state.absorb(actions, now: now, outcome: nil))
    }
    switch answer {
    case .wait(let effects): perform(effects)
    case .now(let result): continuation.resume(with: result)
    }
  }

  /// What registering a cell's request leads to.
  private enum Answer {
    case wait(Effects)
    case now(Result<Resource, any Error>)
  }

  private func withdraw(id: UInt64, key: Key) {
    let (continuation, effects) = locked.withLock {
      (state: inout State) -> (Continuation?, Effects) in
      guard let continuation = state.calls.removeValue(forKey: id) else { return (nil, Effects()) }
      let now = now()
      let actions = state.machine.withdrawRequest(key, id: id, now: now)
      return (continuation, state.absorb(actions, now: now, outcome: nil))
    }
    continuation?.resume(throwing: CancellationError())
    perform(effects)
  }
}

extension ListPreloader where Resource == Data {
  /// Creates a preloader of raw bytes; a resource's size is its byte count.
  ///
  /// - Parameters:
  ///   - strategy: When to page and which resources to load; adaptive unless given.
  ///   - configuration: The viewport, the geometry and the load queue's settings.
  ///   - pages: Where pages come from.
  ///   - loader: Loads a resource the cache does not have.
  ///   - cache: Where resources live; the one owner of loaded values.
  ///   - resourceKey: The key of an item's resource, or `nil` when it has none.
  ///   - itemLength: An item's length along the scrolling axis.
  ///   - clock: The clock of retries, latencies and metrics.
  ///   - traceCapacity: How many scroll samples to record, or `nil`.
  public convenience init(
    strategy: PreloadStrategy = .adaptive,
    configuration: ListPreloaderConfiguration,
    pages: some PageSource<Item>,
    loader: some Loader<Key, Data>,
    cache: some Caching<Key, Data>,
    resourceKey: @escaping @Sendable (Item) -> Key?,
    itemLength: @escaping @Sendable (Item) -> CGFloat,
    clock: some Clock<Duration> = ContinuousClock(),
    traceCapacity: Int? = nil
  ) {
    self.init(
      strategy: strategy, configuration: configuration, pages: pages, loader: loader,
      cache: cache, resourceKey: resourceKey, itemLength: itemLength, size: { $0.count },
      clock: clock, traceCapacity: traceCapacity)
  }
}
