import Foundation

extension ListPreloader: MachineRunner {
  /// Runs an event on the state machine under the lock, with the current time, then
  /// performs the resulting effects.
  func update(_ event: (inout State, Duration) -> [StateMachine.Action]) {
    run { state, now in state.absorb(event(&state, now), now: now, outcome: nil) }
  }

  /// Performs effects; never called with the lock held.
  func perform(_ effects: Effects) {
    if effects.hasEvents { deliverEvents() }
    effects.perform()
    for start in effects.starts {
      launch(start.key, ticket: start.ticket, priority: start.priority)
    }
    for request in effects.fetches { fetch(request) }
    if let wakeUp = effects.wakeUp { scheduleWakeUp(wakeUp) }
  }

  // MARK: - Events

  /// Gives the queued events to the observers, in the order they happened, outside the
  /// lock; never called with the lock held.
  ///
  /// Yielding may resume a consumer's task, which takes that task's own lock, and the
  /// runtime holds that lock while the task's cancellation handlers run — which may
  /// call the preloader (a cell's request withdrawn, an app's own handler). Yielding
  /// under the preloader's lock would make the two wait on each other. One caller at a
  /// time delivers, and also what others queue meanwhile, so events keep their order;
  /// a caller that finds another delivering leaves its events to it. A stream whose
  /// consumer has gone is forgotten at the first event that finds it terminated (its
  /// termination handler, run under the task's lock, takes no lock of ours).
  func deliverEvents() {
    var isDelivering = false
    var ended: [UInt64] = []
    while true {
      let batch = locked.withLock { state -> EventBatch? in
        for id in ended { state.observers.removeValue(forKey: id) }
        if state.isDelivering && !isDelivering { return nil }
        guard !state.outbox.isEmpty else {
          state.isDelivering = false
          return nil
        }
        state.isDelivering = true
        defer { state.outbox.removeAll(keepingCapacity: true) }
        return EventBatch(events: state.outbox, observers: Array(state.observers))
      }
      guard let batch else { return }
      isDelivering = true
      ended.removeAll()
      for (event, lastObserverID) in batch.events {
        for (id, observer) in batch.observers where id <= lastObserverID {
          if case .terminated = observer.yield(event) { ended.append(id) }
        }
      }
    }
  }

  /// Events taken from the outbox, and the observers to give them to.
  private struct EventBatch {
    var events: [(event: Event, lastObserverID: UInt64)]
    var observers: [(key: UInt64, value: AsyncStream<Event>.Continuation)]
  }

  // MARK: - Loads

  private func launch(_ key: Key, ticket: LoadTicket, priority: LoadPriority) {
    // A start is a network request unless a cache tier holds the key, as the simulator
    // counts it; decided now, so the count never waits for a disk read to end.
    let isLocal = cache.containsMemoryValue(forKey: key) || cache.containsLocalValue(forKey: key)
    locked.startTask(priority: priority.taskPriority) { [weak self, fetch, cache, size] in
      let result: Result<Loaded, any Error>
      do {
        result = .success(try await Self.load(key, fetch: fetch, cache: cache, size: size))
      } catch {
        result = .failure(error)
      }
      self?.finishLoad(key, ticket: ticket, result: result)
    } adopt: { state, task in
      // The load may already be over, or cancelled, by the time it is recorded.
      guard state.loads[key]?.ticket == ticket else {
        // Cancelled before its launch (a finished load settled its own count).
        if isLocal && state.abandonedLoads.contains(ticket) { state.network.requests -= 1 }
        return false
      }
      state.loads[key]?.task = task
      if isLocal {
        state.loads[key]?.isNetworkRequest = false
        state.network.requests -= 1
      }
      return true
    }
  }

  /// A resource a load produced: where it came from, what it cost the network, and
  /// whether the memory tier kept it.
  typealias Loaded = (value: Resource, source: LoadSource, transferred: Int, kept: Bool)

  /// Memory, then the cache's slower tiers, then the loader and the processing step,
  /// whose value is stored.
  private static func load(
    _ key: Key, fetch: @Sendable (Key) async throws -> (Resource, transferred: Int),
    cache: any Caching<Key, Resource>, size: @Sendable (Resource) -> Int
  ) async throws -> Loaded {
    if let value = cache.memoryValue(forKey: key) { return (value, .memory, 0, true) }
    if let value = cache.localValue(forKey: key) {
      return (value, .disk, 0, cache.containsMemoryValue(forKey: key))
    }
    try Task.checkCancellation()
    let (value, transferred) = try await fetch(key)
    cache.store(value, forKey: key, cost: size(value))
    return (value, .network, transferred, cache.containsMemoryValue(forKey: key))
  }

  private func finishLoad(_ key: Key, ticket: LoadTicket, result: Result<Loaded, any Error>) {
    run { state, now -> Effects in
      guard let load = state.loads[key], load.ticket == ticket else {
        // A cancelled load: what it transferred crossed the network all the same.
        if state.abandonedLoads.remove(ticket) != nil {
          let bytes =
            switch result {
            case .success(let loaded): loaded.transferred
            case .failure(let error): classify(error).transferredBytes
            }
          state.network.bytes += bytes
          state.network.cancelledBytes += bytes
        }
        return Effects()
      }
      state.loads[key] = nil
      let actions: [StateMachine.Action]
      let outcome: Result<Resource, any Error>
      switch result {
      case .success(let (value, source, transferred, kept)):
        let bytes = source == .network ? transferred : size(value)
        if source == .network {
          state.network.bytes += bytes
          state.recorder.recordNetworkLoad(key, bytes: bytes)
        }
        // The tiers changed between the launch and the load: settle the count.
        if load.isNetworkRequest != (source == .network) {
          state.network.requests += source == .network ? 1 : -1
        }
        state.recorder.recordResourceReady(key, at: now.inMilliseconds)
        state.notify(.resourceLoaded(key))
        actions =
          state.machine.loadFinished(
            key, ticket: ticket, bytes: bytes, duration: now - load.startedAt, source: source,
            now: now) + (kept ? [] : state.machine.resourceNotKept(key, now: now))
        outcome = .success(value)
      case .failure(let error):
        let loadError = classify(error)
        actions = state.machine.loadFailed(key, ticket: ticket, error: loadError, now: now)
        outcome = .failure(loadError)
      }
      return state.absorb(actions, now: now, outcome: outcome)
    }
  }

  // MARK: - Pages

  private func fetch(_ request: PageRequest) {
    locked.startTask { [weak self, pages] in
      let result: Result<Page<Item>, any Error>
      do {
        result = .success(try await pages.page(for: request))
      } catch {
        result = .failure(error)
      }
      self?.finishPage(request, result: result)
    } adopt: { state, task in
      // The request may have been answered or cancelled by now.
      guard state.machine.tail.request == request || state.machine.head.request == request
      else { return false }
      state.pageTasks[request.id] = task
      return true
    }
  }

  private func finishPage(_ request: PageRequest, result: Result<Page<Item>, any Error>) {
    run { state, now -> Effects in
      state.pageTasks[request.id] = nil
      let actions: [StateMachine.Action]
      switch result {
      case .success(let page):
        guard state.machine.tail.request == request || state.machine.head.request == request
        else { return Effects() }
        state.network.pages += 1
        if let bytes = page.byteCount {
          state.network.bytes += bytes
          state.recorder.recordPage(bytes: bytes, items: page.items.map(\.id))
        }
        actions = state.machine.pageLoaded(request, page: page, now: now)
      case .failure(let error):
        actions = state.machine.pageFailed(request, error: error, now: now)
      }
      return state.absorb(actions, now: now, outcome: nil)
    }
  }

  // MARK: - Time

  /// A wake-up the machine asked for: due retries, and a frame at rest that no scroll
  /// sample answered (`ListPreloaderStateMachine.restFrameDelay`).
  func wake() {
    let cache = cache
    update { state, now in
      state.machine.tick(now: now, readiness: CacheReadiness(cache: cache, loads: state.loads))
    }
  }
}
