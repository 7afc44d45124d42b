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

  /// The item's resource: from memory at once; otherwise the caller waits for its load.
  ///
  /// For an item the list shows (within a screen of the viewport, where views configure
  /// their cells) the request is a cell's *interest*: it joins a load in flight and
  /// raises it to `priority`, or waits for the strategy to load the resource by its own
  /// rules, which start nothing for an item a fling flies over. Any other item (a detail
  /// screen's) is loaded at once. `cancelAll()` does not end the wait: the strategy's
  /// next load of the resource answers it. Cancel the calling task (the cell was reused)
  /// to withdraw the request: the load goes on while the strategy still wants it, and is
  /// cancelled otherwise.
  ///
  /// A view that stays bound to its item, and shows failures, is better served by
  /// ``observeResource(for:priority:onChange:)`` (which ``ResourceBinding`` uses).
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

  /// Observes the item's resource for a view that shows it: the state now (the resource
  /// when it is in memory, otherwise a placeholder), then every change until the
  /// observation is cancelled.
  ///
  /// The request is an interest, as for ``resource(for:priority:)``: it joins a load in
  /// flight or waits for the strategy, for an item the list shows, and loads any other
  /// item at once. The view is never stranded: it gets the resource whenever a load of it
  /// ends, whoever started that load (a prefetch, another view, the strategy's next load
  /// after ``cancelAll()`` or after a failure). A failure for good is reported as
  /// ``ResourceState/failed(_:)`` and the observation goes on: the view gets the resource
  /// when the strategy wants the item anew. ``ResourceState/loaded(_:)`` is the last change.
  ///
  /// - Parameters:
  ///   - item: The view's item.
  ///   - priority: How urgent the request is; `.visible` for a view on screen.
  ///   - onChange: Called with each change after the first state, on the thread that
  ///     ended the load, outside the preloader's lock. A change already on its way when
  ///     the observation is cancelled may still arrive: a view that was rebound checks
  ///     that the change is for its current item (``ResourceBinding`` does).
  /// - Returns: The observation; keep it while the view shows the item.
  /// - Complexity: O(1) when the resource is in memory; otherwise O(*s*) for the *s*
  ///   items within a screen of the viewport.
  public func observeResource(
    for item: Item, priority: LoadPriority = .visible,
    onChange: @escaping @Sendable (ResourceState<Resource>) -> Void
  ) -> ResourceObservation<Resource> {
    guard let key = resourceKey(item) else {
      return ResourceObservation(
        initialState: .failed(ListPreloaderError.noResource("\(item.id)")), cancel: nil)
    }
    if let value = cache.memoryValue(forKey: key) {
      return ResourceObservation(initialState: .loaded(value), cancel: nil)
    }
    let cache = cache
    let (initial, id, effects) = locked.withLock {
      (state: inout State) -> (ResourceState<Resource>, UInt64?, Effects) in
      // The value may have arrived since the caller looked.
      if let value = cache.memoryValue(forKey: key) { return (.loaded(value), nil, Effects()) }
      state.nextCallID += 1
      let id = state.nextCallID
      state.calls[id] = .observer(key: key, onChange: onChange)
      let now = now()
      let actions = state.machine.request(key, id: id, priority: priority, now: now)
      return (.placeholder, id, state.absorb(actions, now: now, outcome: nil))
    }
    perform(effects)
    guard let id else { return ResourceObservation(initialState: initial, cancel: nil) }
    return ResourceObservation(initialState: initial) { [weak self] in
      self?.withdraw(id: id, key: key)
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
      state.calls[id] = .task(continuation)
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
    let (caller, effects) = locked.withLock { (state: inout State) -> (Caller?, Effects) in
      guard let caller = state.calls.removeValue(forKey: id) else { return (nil, Effects()) }
      let now = now()
      let actions = state.machine.withdrawRequest(key, id: id, now: now)
      return (caller, state.absorb(actions, now: now, outcome: nil))
    }
    if case .task(let continuation) = caller { continuation.resume(throwing: CancellationError()) }
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
