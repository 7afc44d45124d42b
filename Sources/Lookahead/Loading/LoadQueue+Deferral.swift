extension LoadQueue {
  // MARK: - Recording changes and deferring orders
  //
  // The list preloader records a frame's changes, tells the queue a change of order
  // alone only when the queue may act on it, and then pumps (see
  // `ListPreloaderStateMachine.sendDeferredOrders()`).

  /// Records one waiter's changes without starting anything: first every withdrawal
  /// (its cancellations go to `actions`), then every new or changed request. A
  /// ``pump(now:into:)`` must follow before the next event, unless the queue
  /// ``isSettled(now:)`` and the changes were orders alone.
  mutating func record(
    _ changes: WantedSetChanges<Key>, by waiter: Waiter, into actions: inout [Action]
  ) {
    record(unwanted: changes.unwanted, wanted: changes.wanted, by: waiter, into: &actions)
  }

  /// Records one waiter's changes as ``record(_:by:into:)`` does, from any collections
  /// (a caller whose keys are wrapped maps them lazily instead of copying them).
  mutating func record(
    unwanted: some Sequence<Key>, wanted: some Collection<WantedSet<Key>.Request>,
    by waiter: Waiter, into actions: inout [Action]
  ) {
    for key in unwanted { _ = withdraw(key, by: waiter, into: &actions) }
    record(wanted, by: waiter)
  }

  /// Records new or changed requests of one waiter without starting anything.
  mutating func record(
    _ requests: some Collection<WantedSet<Key>.Request>, by waiter: Waiter
  ) {
    // A scrolling frame moves every wanted key's order. Pushing each into the heap (and
    // compacting the stale elements, a hash each) costs more than one rebuild from the
    // table once the changes outnumber half the queued keys; the rebuild, O(n), is paid
    // for by those changes. Below 9 changes the pushes are cheap whatever the size.
    defersPendingHeap = requests.count > 8 && requests.count * 2 > queuedCount
    for request in requests {
      register(request.key, by: waiter, priority: request.priority, order: request.order)
    }
    if defersPendingHeap { rebuildPendingHeap() }
  }

  /// Whether a change of order alone cannot make the queue act now: no key waits for a
  /// free slot, no preemption is possible, no retry is due, no announced wake-up has
  /// come, and no rate limit counts time.
  ///
  /// None of these depends on the keys' orders, so while the queue is settled, a change
  /// of order alone would start, cancel and announce nothing. A caller may then tell the
  /// queue about it later — before the queue's next event — and the queue decides
  /// exactly as if it had been told at once: starts depend on the orders at the moment
  /// of the start, and ties go to the key longest in its class, never to the key whose
  /// order was updated last.
  ///
  /// Discards the stale elements at the top of the heap of queued keys, as the next
  /// start would.
  ///
  /// - Complexity: O(*c*) for the concurrency cap *c*, plus the stale elements
  ///   discarded, each paid for by the event that made it stale.
  mutating func isSettled(now: Duration) -> Bool {
    guard configuration.rateLimit == nil else { return false }
    if let announced = announcedWakeUp, announced <= now { return false }
    if let retry = retries.min, retry.retryAt <= now { return false }
    guard queuedCount > 0 else { return true }
    guard running.count >= configuration.maximumConcurrentLoads else { return false }
    // A change of priority may have left a stale element of a higher class on top.
    guard configuration.allowsPreemption, let top = topPending(), top.priority > .idle else {
      return true
    }
    for rank in runningRanks {
      if rank.priority == .idle || (top.priority == .visible && rank.priority < .visible) {
        return false
      }
    }
    return true
  }

  /// Whether the next ``pump(now:into:)`` can start nothing but queued `visible` keys,
  /// each by preempting a running load: every slot is busy, no running load is `idle`,
  /// no retry is due, no announced wake-up has come, and no rate limit counts time.
  ///
  /// Such a pump reads the orders of queued `visible` keys and of running keys, and no
  /// other: `visible` keys rank above every other class, and without a free slot or an
  /// `idle` victim, a key of a lower class cannot start. A caller that deferred changes
  /// of order of other keys only may let it run (see ``isSettled(now:)``).
  ///
  /// - Complexity: O(*c*) for the concurrency cap *c*.
  func startsOnlyVisibleKeys(now: Duration) -> Bool {
    guard configuration.rateLimit == nil else { return false }
    if let announced = announcedWakeUp, announced <= now { return false }
    if let retry = retries.min, retry.retryAt <= now { return false }
    guard running.count >= configuration.maximumConcurrentLoads else { return false }
    for rank in runningRanks where rank.priority == .idle { return false }
    return true
  }
}
