import HeapModule

extension LoadQueue {
  struct Request: Sendable {
    var waiter: Waiter
    var priority: LoadPriority
    var order: Double
  }

  /// What preemption compares of a running key: its priority, then its order.
  struct Rank: Sendable {
    var priority: LoadPriority
    var order: Double
  }

  enum Phase: Sendable {
    case queued(sequence: UInt64)
    case loading(LoadTicket)
    case backingOff(retryAt: Duration, sequence: UInt64, error: LoadError)
  }

  struct Entry: Sendable {
    var phase: Phase = .queued(sequence: 0)
    var requests: [Request]
    var priority: LoadPriority
    var order: Double
    /// When the key entered its priority class: breaks ties between keys of equal
    /// priority and order. A change of order alone keeps it, and so do a preemption and
    /// a retry.
    var arrival: UInt64
    var failures = 0

    init(request: Request, arrival: UInt64) {
      requests = [request]
      priority = request.priority
      order = request.order
      self.arrival = arrival
    }

    private init() {
      requests = []
      priority = .preload
      order = 0
      arrival = 0
    }

    /// An entry without requests that holds a key's place while its own entry is
    /// changed; it allocates nothing.
    static var vacant: Entry { Entry() }

    /// Recomputes the key's priority and order from its waiters; returns
    /// whether they changed.
    mutating func refreshPriority() -> Bool {
      var best = requests[0]
      for request in requests.dropFirst()
      where request.priority > best.priority
        || (request.priority == best.priority && request.order < best.order)
      {
        best = request
      }
      defer { (priority, order) = (best.priority, best.order) }
      return best.priority != priority || best.order != order
    }
  }

  /// A queued key in the priority heap. The heap is lazy: an element is stale
  /// once its key's entry no longer holds the same sequence number.
  ///
  /// Elements rank by priority, then order, then arrival, and no two live elements
  /// tie (arrivals are unique), so the order of starts depends on the keys' current
  /// priorities and orders, never on when their orders were last updated.
  struct PendingElement: Comparable, Sendable {
    var priority: LoadPriority
    var order: Double
    var arrival: UInt64
    var sequence: UInt64
    var key: Key

    static func < (lhs: Self, rhs: Self) -> Bool {
      if lhs.priority != rhs.priority { return lhs.priority < rhs.priority }
      if lhs.order != rhs.order { return lhs.order > rhs.order }
      if lhs.arrival != rhs.arrival { return lhs.arrival > rhs.arrival }
      return lhs.sequence > rhs.sequence
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.sequence == rhs.sequence }
  }

  /// A key waiting to retry, in the min-heap of retry times; lazy like
  /// ``PendingElement``.
  struct RetryElement: Comparable, Sendable {
    var retryAt: Duration
    var sequence: UInt64
    var key: Key

    static func < (lhs: Self, rhs: Self) -> Bool {
      lhs.retryAt != rhs.retryAt ? lhs.retryAt < rhs.retryAt : lhs.sequence < rhs.sequence
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.sequence == rhs.sequence }
  }

  // MARK: - Phase changes

  mutating func takeSequence() -> UInt64 {
    nextSequence &+= 1
    return nextSequence
  }

  mutating func enqueue(_ key: Key, _ entry: inout Entry) {
    let sequence = takeSequence()
    entry.phase = .queued(sequence: sequence)
    if !defersPendingHeap {
      pending.insert(
        PendingElement(
          priority: entry.priority, order: entry.order, arrival: entry.arrival,
          sequence: sequence, key: key))
    }
    queuedCount += 1
  }

  /// Takes the entry at `position` out of the table, leaving a vacant one (which
  /// allocates nothing) in its place, so that its request array stays uniquely
  /// referenced while it changes; ``putBack(_:at:)`` returns it. Found once by the
  /// caller, the key is hashed once. Rescheduling touches the heaps, never `entries`,
  /// so the position stays valid in between. Inlined: called out of line, the returned
  /// entry took one more copy (2 % more instructions for `texture` on a scrolling grid).
  @inline(__always)
  mutating func takeEntry(at position: Dictionary<Key, Entry>.Index) -> Entry {
    var entry = Entry.vacant
    swap(&entry, &entries.values[position])
    return entry
  }

  /// Returns an entry taken with ``takeEntry(at:)`` to its place.
  @inline(__always)
  mutating func putBack(_ entry: inout Entry, at position: Dictionary<Key, Entry>.Index) {
    swap(&entry, &entries.values[position])
  }

  /// Rebuilds the heap of queued keys from the table, without stale elements: O(n) for
  /// n keys, and no key is hashed. The order of starts is unchanged, since elements
  /// never compare equal (their sequence numbers differ).
  mutating func rebuildPendingHeap() {
    defersPendingHeap = false
    var elements: [PendingElement] = []
    elements.reserveCapacity(queuedCount)
    for index in entries.indices {
      // Read in place: copying an entry would retain its request array.
      guard case .queued(let sequence) = entries.values[index].phase else { continue }
      elements.append(
        PendingElement(
          priority: entries.values[index].priority, order: entries.values[index].order,
          arrival: entries.values[index].arrival, sequence: sequence, key: entries.keys[index]))
    }
    pending = Heap(elements)
    stalePending = 0
  }

  mutating func backOff(_ key: Key, _ entry: inout Entry, error: LoadError, until retryAt: Duration)
  {
    let sequence = takeSequence()
    entry.phase = .backingOff(retryAt: retryAt, sequence: sequence, error: error)
    retries.insert(RetryElement(retryAt: retryAt, sequence: sequence, key: key))
    backingOffCount += 1
  }

  /// Accounts for `key` leaving `phase`: its heap element becomes stale or its
  /// running slot is freed.
  mutating func leavePhase(_ key: Key, _ phase: Phase) {
    switch phase {
    case .queued:
      queuedCount -= 1
      stalePending += 1
    case .backingOff:
      backingOffCount -= 1
      staleRetries += 1
    case .loading:
      guard let index = running.firstIndex(of: key) else {
        preconditionFailure("Internal inconsistency: \(key) is loading but not running")
      }
      running.swapAt(index, running.count - 1)
      running.removeLast()
      runningRanks.swapAt(index, runningRanks.count - 1)
      runningRanks.removeLast()
    }
  }

  mutating func reprioritize(_ key: Key, _ entry: inout Entry) {
    let previousPriority = entry.priority
    guard entry.refreshPriority() else { return }
    // A key that changes class comes last among its new class's ties.
    if entry.priority != previousPriority { entry.arrival = takeSequence() }
    switch entry.phase {
    case .queued:
      leavePhase(key, entry.phase)
      enqueue(key, &entry)
    case .loading:
      guard let index = running.firstIndex(of: key) else {
        preconditionFailure("Internal inconsistency: \(key) is loading but not running")
      }
      runningRanks[index] = Rank(priority: entry.priority, order: entry.order)
    case .backingOff:
      break
    }
  }

  // MARK: - Scheduling

  func isLive(_ element: PendingElement) -> Bool {
    guard case .queued(let sequence) = entries[element.key]?.phase else { return false }
    return sequence == element.sequence
  }

  func isLive(_ element: RetryElement) -> Bool {
    guard case .backingOff(_, let sequence, _) = entries[element.key]?.phase else { return false }
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
  func preemptionVictim() -> (key: Key, priority: LoadPriority)? {
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

  mutating func start(_ element: PendingElement, now: Duration, into actions: inout [Action]) {
    pending.removeMax()
    guard let position = entries.index(forKey: element.key) else {
      preconditionFailure("Internal inconsistency: live queued key \(element.key) has no entry")
    }
    queuedCount -= 1
    let ticket = LoadTicket(rawValue: takeSequence())
    // Changed in place: the key is hashed once and its entry is not copied. A live
    // element holds its entry's current priority and order (a change re-queues it).
    entries.values[position].phase = .loading(ticket)
    let rank = Rank(priority: element.priority, order: element.order)
    running.append(element.key)
    runningRanks.append(rank)
    if configuration.rateLimit != nil { recentStarts.append(now) }
    actions.append(.start(element.key, ticket, rank.priority))
  }

  mutating func preempt(_ key: Key, into actions: inout [Action]) {
    guard let position = entries.index(forKey: key),
      case .loading(let ticket) = entries.values[position].phase
    else {
      preconditionFailure("Internal inconsistency: preempted key \(key) is not loading")
    }
    leavePhase(key, .loading(ticket))
    actions.append(.cancel(key, ticket))
    var entry = takeEntry(at: position)
    enqueue(key, &entry)
    putBack(&entry, at: position)
  }

  /// Queues due retries, starts what fits, preempts for visible keys, compacts
  /// the heaps and announces the next wake-up.
  mutating func pump(now: Duration, into actions: inout [Action]) {
    if let announced = announcedWakeUp, announced <= now { announcedWakeUp = nil }
    while let retry = earliestRetry(), retry.retryAt <= now {
      retries.removeMin()
      guard var entry = entries.removeValue(forKey: retry.key) else { break }
      backingOffCount -= 1
      enqueue(retry.key, &entry)
      entries[retry.key] = entry
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
        preempt(victim.key, into: &actions)
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

  #if LOOKAHEAD_INTERNAL_CHECKS
    /// Recounts every phase and waiter from scratch: O(n), so only compiled
    /// with `-D LOOKAHEAD_INTERNAL_CHECKS`.
    func checkInvariants() {
      var queued = 0
      var backingOff = 0
      var loading = 0
      var waiters = 0
      for (key, entry) in entries {
        precondition(!entry.requests.isEmpty, "Internal inconsistency: \(key) has no waiter")
        waiters += entry.requests.count
        switch entry.phase {
        case .queued: queued += 1
        case .backingOff: backingOff += 1
        case .loading:
          loading += 1
          precondition(running.contains(key), "Internal inconsistency: \(key) not running")
        }
      }
      precondition(queued == queuedCount, "Internal inconsistency: queued count")
      precondition(backingOff == backingOffCount, "Internal inconsistency: backing-off count")
      precondition(loading == running.count, "Internal inconsistency: running count")
      precondition(
        running.count == runningRanks.count, "Internal inconsistency: running ranks count")
      for (key, rank) in zip(running, runningRanks) {
        precondition(
          entries[key]?.priority == rank.priority && entries[key]?.order == rank.order,
          "Internal inconsistency: rank of running \(key)")
      }
      precondition(waiters == waiterCount, "Internal inconsistency: waiter count")
      precondition(
        pending.count - stalePending == queuedCount, "Internal inconsistency: queued heap")
      precondition(
        retries.count - staleRetries == backingOffCount, "Internal inconsistency: retry heap")
    }
  #endif
}
