import DequeModule
import HeapModule

/// The load scheduler: a pure state machine that decides which keys load, when,
/// and who gets each result.
///
/// Events go in (``want(_:by:priority:order:now:)``, ``unwant(_:by:now:)``,
/// ``loadFinished(_:ticket:now:)``, ``loadFailed(_:ticket:error:now:)``,
/// ``tick(now:)``) and ``Action``s come out (start, cancel, deliver, fail,
/// schedule a wake-up). The queue never loads, sleeps or reads a clock: a driver
/// performs its actions (``AsyncDriver`` with Swift concurrency; the simulator on
/// virtual time) and passes the time in.
///
/// **Time** is a `Duration` since an arbitrary epoch chosen by the driver
/// (``AsyncDriver`` uses its clock's `now` at creation). Times passed in must
/// never go backwards.
///
/// **Behaviour.**
/// - A key is loaded once however many waiters want it; a new waiter *joins* a
///   queued or running load and raises its priority if it is more urgent. A
///   key's priority is its most urgent waiter's; its order is the smallest order
///   among the waiters of that priority.
/// - Queued keys start by priority class, then by order (smaller first), then
///   first come first served (the key longest in its priority class first, however
///   often its order changed), while fewer than
///   ``LoadQueueConfiguration/maximumConcurrentLoads`` run and the optional
///   ``RateLimit`` allows.
/// - When every slot is busy and a `visible` key waits, the least urgent running
///   non-visible load is cancelled and requeued (preemption). An `idle` load yields
///   its slot the same way to any more urgent key: idle work runs only when nothing
///   else waits.
/// - When the last waiter leaves, a queued key is removed and a running load is
///   cancelled; leaving twice is harmless.
/// - Transient failures retry with exponential backoff and seeded jitter
///   (``RetryPolicy``); permanent failures fail fast; a cancellation the loader
///   reports by itself is passed to the waiters as ``LoadError/cancelled``.
/// - Results are delivered and forgotten: the queue knows only the keys wanted *now*
///   (a leak check can count its storage). Their slots grow to the most keys known at
///   once and are reused; a free slot keeps the last key and first waiter that held it
///   until another key takes it or ``removeAll(now:)`` runs.
///
/// `LoadQueue` is a value type without internal synchronization: confine it to
/// one thread or protect it with a lock, as ``AsyncDriver`` does.
@_spi(Machines)
public struct LoadQueue<Key: Hashable & Sendable, Waiter: Hashable & Sendable>: Sendable {
  /// The tuning this queue was created with.
  @_spi(Machines) public let configuration: LoadQueueConfiguration

  /// The slot of each key the queue knows (queued, loading or waiting to retry): an
  /// event hashes its key once, and the heaps and running loads refer to slots.
  var slotOfKey: [Key: Int] = [:]
  /// What the queue knows of each key, in slots that stay put while the key is known,
  /// so that knowing a key allocates nothing once the slots have grown to the most keys
  /// known at once.
  var slots: [Entry] = []
  /// The phase of each slot's key, `free` for a slot no key holds.
  var phases: [Phase] = []
  /// The slots no key holds.
  var freeSlots: [Int] = []
  /// The queued keys by rank, lazily: an element is stale once its slot's phase no
  /// longer carries its sequence number.
  var pending = Heap<PendingElement>()
  /// How many elements of `pending` are stale.
  var stalePending = 0
  /// Set while ``apply(_:by:now:)`` re-queues many keys: their heap elements are not
  /// pushed one by one, the heap is rebuilt from the slots once at the end.
  var defersPendingHeap = false
  /// How many keys are queued.
  var queuedCount = 0
  /// The keys waiting to retry, by retry time; lazy like `pending`.
  var retries = Heap<RetryElement>()
  /// How many elements of `retries` are stale.
  var staleRetries = 0
  /// How many keys wait to retry.
  var backingOffCount = 0
  /// The slots of the running keys.
  var running: [Int] = []
  /// The priority and order of each running key, at the same index as in `running`:
  /// looking for a preemption victim, and ``isSettled(now:)``, read them whenever every
  /// slot is busy, without hashing a key.
  var runningRanks: [Rank] = []
  /// The start times within the rate limit's window, oldest first.
  var recentStarts = Deque<Duration>()
  /// The last wake-up time announced to the driver.
  var announcedWakeUp: Duration?
  /// Waiter registrations over all keys.
  var waiterCount = 0
  /// The last sequence number, ticket or arrival given out; never reused.
  var nextSequence: UInt64 = 0
  /// The retry jitter's seeded generator.
  var random: SplitMix64

  /// Creates an empty queue.
  ///
  /// - Parameter configuration: The concurrency cap, rate limit, retries and
  ///   preemption setting.
  @_spi(Machines) public init(configuration: LoadQueueConfiguration = LoadQueueConfiguration()) {
    self.configuration = configuration
    self.random = SplitMix64(seed: configuration.jitterSeed)
  }

  // MARK: - Events

  /// Registers `waiter`'s interest in `key`, or updates its priority and order.
  ///
  /// A key nobody wanted is queued; a queued, running or retrying key is joined.
  ///
  /// - Parameters:
  ///   - key: The resource.
  ///   - waiter: Who wants it; one waiter holds at most one request per key.
  ///   - priority: How urgent the request is.
  ///   - order: The position inside the priority class; smaller runs sooner.
  ///     Must not be NaN.
  ///   - now: The current time.
  /// - Returns: The actions to perform.
  /// - Complexity: O(log n + w) amortized, where n is the number of keys wanted
  ///   and w the number of waiters of `key`, plus O(c) for preemption where c
  ///   is the concurrency cap.
  @_spi(Machines) public mutating func want(
    _ key: Key, by waiter: Waiter, priority: LoadPriority, order: Double = 0, now: Duration
  ) -> [Action] {
    register(key, by: waiter, priority: priority, order: order)
    var actions: [Action] = []
    pump(now: now, into: &actions)
    return actions
  }

  /// Withdraws `waiter`'s interest in `key`.
  ///
  /// When no waiter remains, a queued or retrying key is forgotten and a running
  /// load is cancelled. Unknown keys and waiters are ignored, so withdrawing
  /// twice, or after delivery, is harmless.
  ///
  /// - Parameters:
  ///   - key: The resource.
  ///   - waiter: Who no longer wants it.
  ///   - now: The current time.
  /// - Returns: The actions to perform.
  /// - Complexity: O(log n + w) amortized, as ``want(_:by:priority:order:now:)``.
  @_spi(Machines) public mutating func unwant(_ key: Key, by waiter: Waiter, now: Duration)
    -> [Action]
  {
    var actions: [Action] = []
    guard withdraw(key, by: waiter, into: &actions) else { return [] }
    pump(now: now, into: &actions)
    return actions
  }

  /// Applies one waiter's changes of a frame as one event: first every withdrawal, then
  /// every new or changed request, and only then are loads started, so that a slot
  /// freed by one withdrawal never goes to a key that a later one withdraws too.
  ///
  /// - Parameters:
  ///   - changes: What the waiter no longer wants and what it wants anew, as
  ///     `WantedSet` reports it; withdrawals are applied in their order.
  ///   - waiter: Whose changes they are.
  ///   - now: The current time.
  /// - Returns: The actions to perform: cancellations first, then starts.
  /// - Complexity: O((*u* + *w*) log *n*) amortized for *u* withdrawals and *w* requests,
  ///   plus the starts.
  package mutating func apply(
    _ changes: WantedSetChanges<Key>, by waiter: Waiter, now: Duration
  ) -> [Action] {
    var actions: [Action] = []
    record(changes, by: waiter, into: &actions)
    pump(now: now, into: &actions)
    return actions
  }

  /// Records a request without starting anything.
  mutating func register(
    _ key: Key, by waiter: Waiter, priority: LoadPriority, order: Double
  ) {
    precondition(!order.isNaN, "order must not be NaN")
    let request = Request(waiter: waiter, priority: priority, order: order)
    let (slot, isNew) = slot(for: key)
    if isNew {
      occupy(slot, key: key, request: request, arrival: takeSequence())
      waiterCount += 1
      enqueue(slot)
    } else {
      if let index = slots[slot].requests.firstIndex(where: { $0.waiter == waiter }) {
        slots[slot].requests[index] = request
      } else {
        slots[slot].requests.append(request)
        waiterCount += 1
      }
      reprioritize(slot)
    }
  }

  /// Removes a request without starting anything; cancels a load nobody waits for.
  ///
  /// - Returns: Whether `waiter` had a request for `key`.
  mutating func withdraw(
    _ key: Key, by waiter: Waiter, into actions: inout [Action]
  ) -> Bool {
    guard let position = slotOfKey.index(forKey: key) else { return false }
    let slot = slotOfKey.values[position]
    guard let index = slots[slot].requests.firstIndex(where: { $0.waiter == waiter }) else {
      return false
    }
    waiterCount -= 1
    if slots[slot].requests.count == 1 {
      slotOfKey.remove(at: position)
      if case .loading(let ticket) = phases[slot] {
        actions.append(.cancel(key, ticket))
      }
      leavePhase(slot)
      release(slot)
    } else {
      slots[slot].requests.swapAt(index, slots[slot].requests.count - 1)
      slots[slot].requests.removeLast()
      reprioritize(slot)
    }
    return true
  }

  /// Reports that attempt `ticket` of `key` produced a value.
  ///
  /// The waiters get a `deliver` action and the key is forgotten. An outcome of
  /// an attempt that is no longer current is ignored.
  ///
  /// - Parameters:
  ///   - key: The resource.
  ///   - ticket: The ticket of the `start` action.
  ///   - now: The current time.
  /// - Returns: The actions to perform.
  /// - Complexity: O(log n + c) amortized.
  @_spi(Machines) public mutating func loadFinished(_ key: Key, ticket: LoadTicket, now: Duration)
    -> [Action]
  {
    var actions: [Action] = []
    loadFinished(key, ticket: ticket, now: now, into: &actions)
    return actions
  }

  /// Reports that attempt `ticket` of `key` produced a value, appending the actions to
  /// `actions`; see ``loadFinished(_:ticket:now:)``.
  mutating func loadFinished(
    _ key: Key, ticket: LoadTicket, now: Duration, into actions: inout [Action]
  ) {
    loadFinished(key, ticket: ticket, now: now, into: &actions) { requests, actions in
      actions.append(.deliver(key, to: requests.map(\.waiter)))
    }
  }

  /// Reports that attempt `ticket` of `key` failed with `error`.
  ///
  /// Transient errors are retried after a backoff while retries remain;
  /// permanent errors, exhausted retries and cancellations reach the waiters
  /// as a `fail` action and the key is forgotten. An outcome of an attempt
  /// that is no longer current is ignored.
  ///
  /// - Parameters:
  ///   - key: The resource.
  ///   - ticket: The ticket of the `start` action.
  ///   - error: The classified error (see ``LoadError/classifying(_:)``).
  ///   - now: The current time.
  /// - Returns: The actions to perform.
  /// - Complexity: O(log n + c) amortized.
  @_spi(Machines) public mutating func loadFailed(
    _ key: Key, ticket: LoadTicket, error: LoadError, now: Duration
  ) -> [Action] {
    guard let position = slotOfKey.index(forKey: key) else { return [] }
    let slot = slotOfKey.values[position]
    guard case .loading(let current) = phases[slot], current == ticket else { return [] }
    leavePhase(slot)
    var actions: [Action] = []
    if error.kind == .transient
      && slots[slot].failures < configuration.retryPolicy.maximumRetries
    {
      slots[slot].failures += 1
      let delay = configuration.retryPolicy.delay(
        beforeRetry: slots[slot].failures, unit: random.nextUnit())
      backOff(slot, error: error, until: now + delay)
    } else {
      slotOfKey.remove(at: position)
      waiterCount -= slots[slot].requests.count
      actions.append(.fail(key, error, to: waiters(inSlot: slot)))
      release(slot)
    }
    pump(now: now, into: &actions)
    return actions
  }

  /// Lets time pass: due retries are queued and loads the rate limit held back
  /// may start.
  ///
  /// Drivers call it when a `scheduleWakeUp` time arrives; calling it at any
  /// other time is harmless.
  ///
  /// - Parameter now: The current time.
  /// - Returns: The actions to perform.
  /// - Complexity: O((r + s) log n) amortized for r due retries and s starts.
  @_spi(Machines) public mutating func tick(now: Duration) -> [Action] {
    var actions: [Action] = []
    pump(now: now, into: &actions)
    return actions
  }

  /// Forgets every key: running loads are cancelled and every waiter is told the load
  /// was cancelled (``LoadError/cancelled``).
  ///
  /// - Parameter now: The current time.
  /// - Returns: The actions to perform: a `cancel` for each running load and a `fail`
  ///   for each key, in no particular order.
  /// - Complexity: O(*n* + *w*) for *n* keys and *w* waiters.
  @_spi(Machines) public mutating func removeAll(now: Duration) -> [Action] {
    var actions: [Action] = []
    for (key, slot) in slotOfKey {
      if case .loading(let ticket) = phases[slot] { actions.append(.cancel(key, ticket)) }
      actions.append(.fail(key, .cancelled, to: slots[slot].requests.map(\.waiter)))
    }
    slotOfKey = [:]
    slots = []
    phases = []
    freeSlots = []
    pending = Heap()
    stalePending = 0
    queuedCount = 0
    retries = Heap()
    staleRetries = 0
    backingOffCount = 0
    running = []
    runningRanks = []
    waiterCount = 0
    announcedWakeUp = nil
    return actions
  }

  // MARK: - Queries

  /// The state of `key`.
  ///
  /// - Complexity: O(1).
  @_spi(Machines) public func state(of key: Key) -> LoadState {
    guard let slot = slotOfKey[key] else { return .notRequested }
    let entry = slots[slot]
    switch phases[slot] {
    case .queued: return .queued(entry.priority)
    case .loading: return .loading
    case .backingOff(let retryAt, _):
      guard let error = entry.failure else {
        preconditionFailure("Internal inconsistency: \(key) waits to retry without an error")
      }
      return .failed(error, retryAt: retryAt)
    case .free: preconditionFailure("Internal inconsistency: \(key)'s slot is free")
    }
  }

  /// The ticket of the running attempt of `key`, or `nil` if it is not loading.
  ///
  /// - Complexity: O(1).
  @_spi(Inspection) public func currentTicket(of key: Key) -> LoadTicket? {
    guard let slot = slotOfKey[key], case .loading(let ticket) = phases[slot] else {
      return nil
    }
    return ticket
  }

  /// The waiters of `key`, in no particular order.
  ///
  /// - Complexity: O(w) for w waiters.
  @_spi(Machines) public func waiters(of key: Key) -> [Waiter] {
    guard let slot = slotOfKey[key] else { return [] }
    return slots[slot].requests.map(\.waiter)
  }

  /// The number of loads running.
  ///
  /// - Complexity: O(1).
  @_spi(Machines) public var runningCount: Int { running.count }

  /// The number of keys waiting for a slot.
  ///
  /// - Complexity: O(1).
  @_spi(Machines) public var queuedKeyCount: Int { queuedCount }

  /// Whether nothing is wanted: no key queued, loading or waiting to retry.
  ///
  /// - Complexity: O(1).
  @_spi(Machines) public var isIdle: Bool { slotOfKey.isEmpty }

  /// How much storage the queue holds, for tests and benchmarks.
  ///
  /// - Complexity: O(1).
  @_spi(Inspection) public var storageCounts: LoadQueueStorageCounts {
    LoadQueueStorageCounts(
      keys: slotOfKey.count, waiters: waiterCount, queuedHeapElements: pending.count,
      retryHeapElements: retries.count, running: running.count,
      rateLimitStarts: recentStarts.count)
  }
}
