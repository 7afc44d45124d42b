import HeapModule

extension LoadQueue {
  // MARK: - Scheduling

  /// Whether `element` is its slot's current queued element, not a stale one.
  func isLive(_ element: PendingElement) -> Bool {
    phases[element.slot] == .queued(sequence: element.sequence)
  }

  /// Whether `element` is its slot's current retry element, not a stale one.
  func isLive(_ element: RetryElement) -> Bool {
    guard case .backingOff(_, let sequence) = phases[element.slot] else { return false }
    return sequence == element.sequence
  }

  /// The most urgent queued key, after discarding stale heap tops.
  mutating func topPending() -> PendingElement? {
    while let top = pending.max {
      if isLive(top) { return top }
      pending.removeMax()
      stalePending -= 1
    }
    return nil
  }

  /// The key that retries first, after discarding stale heap tops.
  mutating func earliestRetry() -> RetryElement? {
    while let top = retries.min {
      if isLive(top) { return top }
      retries.removeMin()
      staleRetries -= 1
    }
    return nil
  }

  /// Whether the rate limit lets a load start now; forgets starts that left
  /// the window.
  mutating func rateAllowsStart(now: Duration) -> Bool {
    guard let limit = configuration.rateLimit else { return true }
    while let first = recentStarts.first, first + limit.window <= now {
      recentStarts.removeFirst()
    }
    return recentStarts.count < limit.maximumStarts
  }

  /// The running non-visible key that preemption would cancel: the least
  /// urgent, farthest one.
  ///
  /// - Complexity: O(*c*) for the concurrency cap *c*; no key is hashed.
  func preemptionVictim() -> (slot: Int, priority: LoadPriority)? {
    var victim: (index: Int, rank: Rank)?
    for (index, rank) in runningRanks.enumerated() where rank.priority < .visible {
      if let current = victim?.rank,
        rank.priority > current.priority
          || (rank.priority == current.priority && rank.order <= current.order)
      {
        continue
      }
      victim = (index, rank)
    }
    return victim.map { (running[$0.index], $0.rank.priority) }
  }

  /// Starts the key of `element`, the live top of `pending`, with a new ticket.
  mutating func start(_ element: PendingElement, now: Duration, into actions: inout [Action]) {
    pending.removeMax()
    queuedCount -= 1
    let ticket = LoadTicket(rawValue: takeSequence())
    // A live element holds its entry's current priority and order (a change re-queues
    // it).
    phases[element.slot] = .loading(ticket)
    let rank = Rank(priority: element.priority, order: element.order)
    running.append(element.slot)
    runningRanks.append(rank)
    if configuration.rateLimit != nil { recentStarts.append(now) }
    actions.append(.start(slots[element.slot].key, ticket, rank.priority))
  }

  /// Cancels the running load of the key of `slot` and queues the key again.
  mutating func preempt(_ slot: Int, into actions: inout [Action]) {
    guard case .loading(let ticket) = phases[slot] else {
      preconditionFailure("Internal inconsistency: preempted \(slots[slot].key) is not loading")
    }
    leavePhase(slot)
    actions.append(.cancel(slots[slot].key, ticket))
    enqueue(slot)
  }

  /// Queues due retries, starts what fits, preempts for visible keys, compacts
  /// the heaps and announces the next wake-up.
  mutating func pump(now: Duration, into actions: inout [Action]) {
    if let announced = announcedWakeUp, announced <= now { announcedWakeUp = nil }
    while let retry = earliestRetry(), retry.retryAt <= now {
      retries.removeMin()
      backingOffCount -= 1
      slots[retry.slot].failure = nil
      enqueue(retry.slot)
    }
    while let top = topPending() {
      if running.count < configuration.maximumConcurrentLoads {
        guard rateAllowsStart(now: now) else { break }
        start(top, now: now, into: &actions)
      } else if configuration.allowsPreemption, top.priority > .idle,
        let victim = preemptionVictim(),
        top.priority == .visible || victim.priority == .idle,
        rateAllowsStart(now: now)
      {
        preempt(victim.slot, into: &actions)
        start(top, now: now, into: &actions)
      } else {
        break
      }
    }
    compactIfNeeded()
    announceWakeUp(now: now, into: &actions)
  }

  mutating func announceWakeUp(now: Duration, into actions: inout [Action]) {
    var wakeUp = earliestRetry()?.retryAt
    if let limit = configuration.rateLimit, queuedCount > 0,
      recentStarts.count >= limit.maximumStarts, let first = recentStarts.first
    {
      let unblocked = first + limit.window
      wakeUp = wakeUp.map { min($0, unblocked) } ?? unblocked
    }
    guard let wakeUp, wakeUp != announcedWakeUp else { return }
    announcedWakeUp = wakeUp
    actions.append(.scheduleWakeUp(at: wakeUp))
  }

  /// Rebuilds a heap once stale elements outnumber live ones, so its size stays
  /// below twice the live count. Each rebuild is paid for by the events that
  /// made its elements stale: O(1) amortized per event.
  mutating func compactIfNeeded() {
    if stalePending > 0 && stalePending >= queuedCount {
      pending = queuedCount == 0 ? Heap() : Heap(pending.unordered.filter { isLive($0) })
      stalePending = 0
    }
    if staleRetries > 0 && staleRetries >= backingOffCount {
      retries = backingOffCount == 0 ? Heap() : Heap(retries.unordered.filter { isLive($0) })
      staleRetries = 0
    }
    #if LOOKAHEAD_INTERNAL_CHECKS
      checkInvariants()
    #endif
  }
}
