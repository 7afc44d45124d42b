import Foundation

extension ListPreloaderStateMachine {
  /// Whether the range mode allows only what is on screen.
  var isConstrained: Bool { viewing.isConstrained }

  /// Tells the adaptive page trigger the frame's motion, then asks the page trigger,
  /// unless the tail is busy, exhausted or paged by hand.
  mutating func decidePages(now: Duration) -> [Action] {
    let axis = geometry.axis
    let velocity = axis == .vertical ? viewing.tracker.velocity.y : viewing.tracker.velocity.x
    // Every frame, a page in flight or not: the top speed it remembers is the user's.
    pages.scrolled(
      velocity: Double(velocity), viewportLength: Double(axis.length(of: viewport.size)),
      at: now)
    guard !viewing.isInBackground, pages.armTrigger() else { return [] }
    let input = PageTriggerInput(
      offset: axis.offset(of: viewport.origin), viewportLength: axis.length(of: viewport.size),
      contentLength: geometry.contentLength, velocity: velocity,
      isMovingTowardHead: !viewing.tracker.direction.isForward(along: axis),
      loadedItemCount: geometry.itemCount, pageSize: configuration.pageSize,
      isVisible: viewing.isListVisible)
    return translate(pages.pager.scrolled(input, now: Timestamp(now)), now: now)
  }

  /// Asks the policy, diffs its answer by key and turns the differences into load
  /// queue events.
  mutating func decideItems(
    now: Duration, readiness: some ResourceReadiness<Key>, into actions: inout [Action]
  ) {
    precondition(
      itemKeys.count == pages.pager.list.count,
      "Internal inconsistency: \(itemKeys.count) item keys for \(pages.pager.list.count) items")
    scratch.requests.removeAll(keepingCapacity: true)
    var loadingKeys = scratch.loadingKeys
    scratch.loadingKeys = []
    self.loadingKeys(into: &loadingKeys)
    defer {
      loadingKeys.removeAllKeepingCapacity()
      scratch.loadingKeys = loadingKeys
    }
    policy.wantedItems(
      for: PolicyInput(
        time: now, layout: geometry, viewport: viewport, tracker: viewing.tracker,
        rangeMode: viewing.modes.mode),
      status: Status(
        keys: itemKeys, isPageLoading: pages.pager.tail.isLoading || pages.pager.head.isLoading,
        loadingKeys: loadingKeys,
        loadingKeySet: loadingKeys.count > loadQueueRunningScanLimit ? Set(loadingKeys) : [],
        readiness: readiness),
      into: &scratch.requests)
    let reportsItems = hasInterfaceRanges
    let visible = isConstrained || reportsItems ? visibleItems : 0..<0
    var prefetch: [Int] = []
    var kept = scratch.keptRequests
    scratch.keptRequests = []
    let keptCount = keepRequests(readiness: readiness, visible: visible, now: now, into: &kept)
    if wanted.answerRepeats(requests: scratch.requests, kept: kept, keptCount: keptCount) {
      // The wanted set would report nothing, and nothing would be allocated: the frame
      // passes on the requests of the last answer it diffed, in the same order.
      scratch.keptRequests = kept
      updateInterfaceStates(prefetch: [], cancelled: [], into: &actions)
      return
    }
    // At every exit below, once `scratch.keptRequests` holds `kept` again.
    defer {
      wanted.keepDiffedAnswer(
        requests: &scratch.requests, kept: &scratch.keptRequests, count: keptCount)
    }
    var inserted = scratch.insertedPositions
    scratch.insertedPositions = []
    inserted.removeAll(keepingCapacity: true)
    // A frame that moves the viewport changes the order of every wanted key; while the
    // queue cannot act on orders alone, those changes wait (see `sendDeferredOrders`).
    var deferredCount = 0
    var changes = scratch.changes
    scratch.changes = WantedSetChanges(wanted: [], unwanted: [])
    defer {
      // Emptied, so that nothing of this frame stays alive until the next.
      changes.wanted.removeAllKeepingCapacity()
      changes.unwanted.removeAllKeepingCapacity()
      scratch.changes = changes
    }
    wanted.set.update(
      to: WantedSet.Answer(
        requests: scratch.requests, kept: kept, keys: itemKeys, count: keptCount),
      defersOrders: wanted.defersOrders,
      deferredCount: &deferredCount,
      into: &changes
    ) { inserted.append(($0, $1)) }
    // The wanted keys' slots hold an item exactly: a key gets its item's id when it is
    // first wanted, and loses it when unwanted below (a slot freed by this update is not
    // taken by it).
    for (position, slot) in inserted {
      let index = scratch.requests[kept[position]].item
      wanted.keyEntered(slot: slot, id: pages.pager.list[index].id, position: index)
      if reportsItems && !visible.contains(index) { prefetch.append(index) }
    }
    scratch.insertedPositions = inserted
    scratch.keptRequests = kept
    guard !changes.wanted.isEmpty || !changes.unwanted.isEmpty || deferredCount > 0 else {
      // Nothing changed: nothing to tell the queue, and nothing allocated.
      updateInterfaceStates(prefetch: prefetch, cancelled: [], into: &actions)
      return
    }
    var cancelled: [Int] = []
    if !changes.unwanted.isEmpty {
      // Unwanted in list order: a dictionary's order differs between processes, and the
      // order of withdrawals decides which running load a later preemption picks.
      var positions = scratch.unwantedPositions
      scratch.unwantedPositions = []
      positions.removeAllKeepingCapacity()
      for (offset, key) in changes.unwanted.enumerated() {
        let position = wanted.keyLeft(slot: wanted.set.unwantedSlots[offset], in: pages.pager.list)
        positions.append((key, position ?? Int.max, offset))
        if reportsItems, let position, !visible.contains(position) { cancelled.append(position) }
      }
      // The order keys were first wanted (`offset`) breaks ties between equal positions,
      // as a stable sort would; no two entries compare equal.
      positions.sort { ($0.position, $0.offset) < ($1.position, $1.offset) }
      changes.unwanted.removeAllKeepingCapacity()
      for entry in positions { changes.unwanted.append(entry.key) }
      positions.removeAllKeepingCapacity()
      scratch.unwantedPositions = positions
    }
    // One event for the whole frame: withdrawals first, then starts, so that a slot
    // freed by one withdrawal never goes to a key the frame withdraws too.
    absorbQueueActions(now: now, into: &actions) { machine, queueActions in
      machine.queue.record(
        unwanted: changes.unwanted.lazy.map { .resource($0) },
        wanted: changes.wanted.lazy.map {
          WantedSet.Request(key: .resource($0.key), priority: $0.priority, order: $0.order)
        }, by: .policy, into: &queueActions)
      // Deferred orders stay deferred only while no start or preemption depends on them.
      if !machine.queue.isSettled(now: now) && !machine.pumpIgnoresDeferredOrders(now: now) {
        machine.sendDeferredOrders()
      }
      machine.queue.pump(now: now, into: &queueActions)
    }
    announceWakeUp(into: &actions)
    updateInterfaceStates(prefetch: prefetch, cancelled: cancelled, into: &actions)
  }

  /// Whether the queue's next pump reads no order that frames deferred: it can start
  /// only queued `visible` keys by preemption (`LoadQueue.startsOnlyVisibleKeys(now:)`),
  /// and no deferred change is of a `visible` request or of a running key.
  ///
  /// A fast scroll on a slow link meets this on most frames that preempt: the loads of
  /// items that just left the screen give way to items that just entered it.
  func pumpIgnoresDeferredOrders(now: Duration) -> Bool {
    guard !wanted.set.hasDeferredOrders(of: .visible), queue.startsOnlyVisibleKeys(now: now)
    else { return false }
    var ignoresThem = true
    queue.forEachRunningKey { key in
      if ignoresThem, case .resource(let key) = key, wanted.set.hasDeferredOrder(for: key) {
        ignoresThem = false
      }
    }
    return ignoresThem
  }

  /// Tells the queue the changes of order that frames deferred.
  ///
  /// A scrolling frame changes the order of every wanted key (its distance or deadline),
  /// which on a grid is a hundred keys a frame. While the queue `LoadQueue.isSettled(now:)`
  /// — every slot busy, no preemption possible, nothing due — orders alone cannot make
  /// it start or cancel anything, and while its next pump can only start visible keys
  /// whose orders are current (``pumpIgnoresDeferredOrders(now:)``), the others' orders
  /// do not matter; so ``decideItems(now:readiness:into:)`` leaves them in the wanted
  /// set and only the latest order of each key is sent, once the queue may read it.
  /// Every other queue event goes through ``queueEvent(_:)``, which calls this first, so
  /// the queue always decides on current orders, and the decisions are the same as
  /// without deferral (only the tickets are numbered differently: the queue counts fewer
  /// updates).
  mutating func sendDeferredOrders() {
    guard wanted.set.hasDeferredOrders else { return }
    var orders = scratch.deferredOrders
    scratch.deferredOrders = []
    wanted.set.takeDeferredOrders(into: &orders)
    queue.record(
      orders.lazy.map {
        WantedSet.Request(key: .resource($0.key), priority: $0.priority, order: $0.order)
      }, by: .policy)
    orders.removeAllKeepingCapacity()
    scratch.deferredOrders = orders
  }

  /// Sends the deferred orders, then lets `event` change the queue: every queue event but
  /// a frame's own decisions goes through here.
  mutating func queueEvent<Result>(
    _ event: (inout LoadQueue<QueueKey, ListPreloaderWaiter>) -> Result
  ) -> Result {
    sendDeferredOrders()
    return event(&queue)
  }

  /// Moves the interface ranges (when reported) and adds the item events of the frame.
  mutating func updateInterfaceStates(
    prefetch: [Int], cancelled: [Int], into actions: inout [Action]
  ) {
    guard var ranges = interfaceRanges else { return }
    let transitions = ranges.update(
      layout: geometry, viewport: viewport, direction: viewing.tracker.direction,
      mode: viewing.modes.mode, isListVisible: viewing.isListVisible)
    interfaceRanges = ranges
    if !transitions.isEmpty { actions.append(.interfaceStatesChanged(transitions)) }
    if !prefetch.isEmpty { actions.append(.prefetch(prefetch)) }
    if !cancelled.isEmpty { actions.append(.cancelPrefetching(cancelled)) }
  }

  // MARK: - Translation

  /// Lets `produce` append load queue actions to storage kept between calls (so that a
  /// frame or a finished load allocates none), then turns them into the machine's
  /// actions.
  mutating func absorbQueueActions(
    now: Duration, into actions: inout [Action],
    _ produce: (inout Self, inout [LoadQueue<QueueKey, ListPreloaderWaiter>.Action]) -> Void
  ) {
    // Kept empty between calls: emptying an empty array is not free.
    var queueActions = scratch.queueActions
    scratch.queueActions = []
    produce(&self, &queueActions)
    if !queueActions.isEmpty {
      absorb(queueActions, now: now, into: &actions)
      queueActions.removeAllKeepingCapacity()
    }
    scratch.queueActions = queueActions
  }

  /// Turns load queue actions into the machine's actions.
  mutating func absorb(
    _ queueActions: [LoadQueue<QueueKey, ListPreloaderWaiter>.Action], now: Duration,
    into actions: inout [Action]
  ) {
    for action in queueActions {
      switch action {
      case .start(.resource(let key), let ticket, let priority):
        actions.append(.startLoad(key, ticket, priority))
      case .start(.page(let end), let ticket, _):
        actions.append(.fetchPage(pages.requests.start(end, ticket: ticket)))
      case .cancel(.resource(let key), let ticket):
        actions.append(.cancelLoad(key, ticket))
      case .cancel(.page(let end), _):
        if let request = pages.requests.stop(end) { actions.append(.cancelPage(request)) }
      case .deliver(.resource(let key), let waiters):
        // The queue forgot the key: the policy's next change of it queues it anew.
        if waiters.contains(.policy) { wanted.set.reportNextChange(of: key) }
        let ids = interests.delivered(key, to: Self.requestIDs(of: waiters))
        if !ids.isEmpty { actions.append(.deliver(key, to: ids)) }
      case .fail(.resource(let key), let error, let waiters):
        if waiters.contains(.policy) { wanted.set.reportNextChange(of: key) }
        if error.kind != .cancelled { coolDown(key, now: now) }
        actions.append(
          .fail(
            key, error, to: interests.failed(key, to: Self.requestIDs(of: waiters), error: error)))
      case .deliver(.page, _), .fail(.page, _, _):
        // The pager learns a page's outcome from the driver, not from the queue.
        break
      case .scheduleWakeUp(let at):
        schedule.wakeUps.queue = at
      }
    }
  }

  /// Frees the queue slot of a page request that ended (a late answer of a cancelled
  /// request frees nothing).
  mutating func releasePage(_ request: PageRequest, now: Duration, into actions: inout [Action]) {
    guard let entry = pages.requests.end(request), case .running(let ticket) = entry.stage else {
      return
    }
    absorb(
      queueEvent { $0.loadFinished(.page(request.end), ticket: ticket, now: now) }, now: now,
      into: &actions)
  }

  private static func requestIDs(of waiters: [ListPreloaderWaiter]) -> [UInt64] {
    waiters.compactMap { waiter in
      if case .request(let id) = waiter { return id }
      return nil
    }
  }

  /// Announces the earliest pending wake-up when it changed.
  mutating func announceWakeUp(into actions: inout [Action]) {
    guard
      let earliest = schedule.announcement(coolDownEnd: cooldowns.nextExpiry)
    else { return }
    actions.append(.scheduleWakeUp(at: earliest))
  }

  /// Turns pager actions into the machine's actions, applying list changes to the
  /// geometry and rebasing what remembers positions.
  mutating func translate(_ pagerActions: [PagerAction<Timestamp>], now: Duration) -> [Action] {
    var actions: [Action] = []
    for action in pagerActions {
      switch action {
      case .fetch(let request):
        pages.requests.ask(request, now: now)
        absorb(
          queueEvent {
            $0.want(
              .page(request.end), by: .pager, priority: .visible,
              order: -Double.greatestFiniteMagnitude, now: now)
          },
          now: now, into: &actions)
      case .cancel(let request):
        guard pages.requests.isCurrent(request) else { break }
        // Unwanted while still current, so that a running request's slot is cancelled.
        absorb(
          queueEvent { $0.unwant(.page(request.end), by: .pager, now: now) }, now: now,
          into: &actions)
        _ = pages.requests.end(request)
      case .tailFailed(let error, let retryAt):
        schedule.wakeUps.pageRetry = retryAt?.sinceEpoch
        actions.append(.pageFailed(error, retryAt: retryAt?.sinceEpoch))
        announceWakeUp(into: &actions)
      case .listChanged(let change):
        apply(change.indexChanges)
        actions.append(.listChanged(change))
      case .refreshFailed(let error):
        actions.append(.refreshFailed(error))
      }
    }
    return actions
  }
}
