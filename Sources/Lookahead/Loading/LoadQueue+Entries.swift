extension LoadQueue {
  /// One waiter's request for a key.
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

  /// Where a key stands, in `LoadQueue.phases` beside the key's entry: a trivial value,
  /// so that reading it copies nothing that needs retaining (reading a field of an
  /// array's element can copy the whole element; the error of a retry is kept in
  /// ``Entry/failure``).
  enum Phase: Sendable, Equatable {
    /// Waiting for a free slot; its live heap element has `sequence`.
    case queued(sequence: UInt64)
    /// Running as the attempt with this ticket.
    case loading(LoadTicket)
    /// Waiting to retry at `retryAt`; its live retry element has `sequence`.
    case backingOff(retryAt: Duration, sequence: UInt64)
    /// A slot no key holds (listed in `LoadQueue.freeSlots`); no heap element matches
    /// it.
    case free
  }

  /// What the queue knows of a key, in the key's slot (its phase is in
  /// `LoadQueue.phases`).
  struct Entry: Sendable {
    /// The key whose slot this is (for a free slot, the last key that held it).
    var key: Key
    /// The waiters' requests; a key with one waiter allocates nothing for them.
    var requests: NonEmptyList<Request>
    var priority: LoadPriority
    var order: Double
    /// When the key entered its priority class: breaks ties between keys of equal
    /// priority and order. A change of order alone keeps it, and so do a preemption and
    /// a retry.
    var arrival: UInt64
    var failures = 0
    /// The error of the last failed attempt, while the key waits to retry.
    var failure: LoadError?

    init(key: Key, request: Request, arrival: UInt64) {
      self.key = key
      requests = NonEmptyList(request)
      priority = request.priority
      order = request.order
      self.arrival = arrival
    }

    /// Makes the entry of a free slot (one request, no error: see
    /// `LoadQueue.release(_:)`) the entry of `key`, wanted by `request` alone, as
    /// ``init(key:request:arrival:)`` would.
    mutating func reuse(key: Key, request: Request, arrival: UInt64) {
      self.key = key
      requests[0] = request
      priority = request.priority
      order = request.order
      self.arrival = arrival
      failures = 0
    }

    /// Recomputes the key's priority and order from its waiters; returns
    /// whether they changed.
    mutating func refreshPriority() -> Bool {
      var best = requests[0]
      // By index, not over `dropFirst()`: the slice holds a copy of the list, retained
      // and released on every call, and a scrolling frame re-ranks keys by the dozen.
      for index in 1..<requests.count {
        let request = requests[index]
        if request.priority > best.priority
          || (request.priority == best.priority && request.order < best.order)
        {
          best = request
        }
      }
      defer { (priority, order) = (best.priority, best.order) }
      return best.priority != priority || best.order != order
    }
  }

  /// A queued key in the priority heap. The heap is lazy: an element is stale once its
  /// slot's phase no longer holds the same sequence number. Sequence numbers are never
  /// reused, so the element of a key that left stays stale when another key takes its
  /// slot.
  ///
  /// Elements rank by priority, then order, then arrival, and no two live elements
  /// tie (arrivals are unique), so the order of starts depends on the keys' current
  /// priorities and orders, never on when their orders were last updated.
  struct PendingElement: Comparable, Sendable {
    var priority: LoadPriority
    var order: Double
    var arrival: UInt64
    var sequence: UInt64
    /// The slot of the queued key.
    var slot: Int

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
    /// The slot of the key waiting to retry.
    var slot: Int

    static func < (lhs: Self, rhs: Self) -> Bool {
      lhs.retryAt != rhs.retryAt ? lhs.retryAt < rhs.retryAt : lhs.sequence < rhs.sequence
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.sequence == rhs.sequence }
  }
}
