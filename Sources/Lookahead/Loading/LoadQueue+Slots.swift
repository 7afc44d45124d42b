import HeapModule

extension LoadQueue {
  // MARK: - Slots
  //
  // Each key the queue knows has a slot in `slots`, found by one hash in `slotOfKey`;
  // the heaps and the running loads refer to slots, so that starting, preempting and
  // discarding stale heap elements hash no key.

  /// A new sequence number (also used for tickets and arrivals): never given out twice.
  mutating func takeSequence() -> UInt64 {
    nextSequence &+= 1
    return nextSequence
  }

  /// The slot of `key` and whether it is new, with a single hash: a key the queue does
  /// not know is given a free slot (or a new one), which the caller fills with
  /// ``occupy(_:with:)``.
  mutating func slot(for key: Key) -> (slot: Int, isNew: Bool) {
    let candidate = freeSlots.last ?? slots.count
    var isNew = false
    let slot = Self.resolve(&slotOfKey[key, default: -1], candidate: candidate, isNew: &isNew)
    return (slot, isNew)
  }

  /// Stores `candidate` in a missing value (-1) and returns the value.
  private static func resolve(_ stored: inout Int, candidate: Int, isNew: inout Bool) -> Int {
    if stored < 0 {
      stored = candidate
      isNew = true
    }
    return stored
  }

  /// Gives `slot`, a slot ``slot(for:)`` gave a new key, to `key` wanted by `request`
  /// alone; its phase is set next.
  mutating func occupy(_ slot: Int, key: Key, request: Request, arrival: UInt64) {
    if slot == slots.count {
      slots.append(Entry(key: key, request: request, arrival: arrival))
      phases.append(.free)
    } else {
      precondition(freeSlots.last == slot, "Internal inconsistency: slot \(slot) is not free")
      freeSlots.removeLast()
      // Changed field by field, in place: assigning a whole entry destroys the free one
      // first, which costs more than the rest of a new key's registration.
      slots.withUnsafeMutableBufferPointer {
        $0[slot].reuse(key: key, request: request, arrival: arrival)
      }
    }
  }

  /// The waiters of the key in `slot`, read in place: reading a field of an array's
  /// element through the array's subscript may copy the whole element.
  func waiters(inSlot slot: Int) -> [Waiter] {
    slots.withUnsafeBufferPointer { $0[slot].requests.map(\.waiter) }
  }

  /// Frees the slot of a key that left (the caller removed it from `slotOfKey` and
  /// accounted for its phase). The slot keeps the key's first request until another
  /// key takes it; the others are released.
  mutating func release(_ slot: Int) {
    phases[slot] = .free
    slots[slot].requests.removeAllButFirst()
    slots[slot].failure = nil
    freeSlots.append(slot)
  }

  // MARK: - Phase changes

  /// Queues the key of `slot` with a new sequence number, pushing its heap element unless
  /// the heap is rebuilt later (``defersPendingHeap``).
  mutating func enqueue(_ slot: Int) {
    let sequence = takeSequence()
    phases[slot] = .queued(sequence: sequence)
    if !defersPendingHeap {
      pending.insert(
        PendingElement(
          priority: slots[slot].priority, order: slots[slot].order, arrival: slots[slot].arrival,
          sequence: sequence, slot: slot))
    }
    queuedCount += 1
  }

  /// Rebuilds the heap of queued keys from the slots, without stale elements: O(s) for s
  /// slots, and no key is hashed. The order of starts is unchanged, since elements
  /// never compare equal (their sequence numbers differ).
  mutating func rebuildPendingHeap() {
    defersPendingHeap = false
    var elements: [PendingElement] = []
    elements.reserveCapacity(queuedCount)
    for slot in slots.indices {
      guard case .queued(let sequence) = phases[slot] else { continue }
      elements.append(
        PendingElement(
          priority: slots[slot].priority, order: slots[slot].order, arrival: slots[slot].arrival,
          sequence: sequence, slot: slot))
    }
    pending = Heap(elements)
    stalePending = 0
  }

  /// Makes the key of `slot` wait until `retryAt` to retry after `error`.
  mutating func backOff(_ slot: Int, error: LoadError, until retryAt: Duration) {
    let sequence = takeSequence()
    phases[slot] = .backingOff(retryAt: retryAt, sequence: sequence)
    slots[slot].failure = error
    retries.insert(RetryElement(retryAt: retryAt, sequence: sequence, slot: slot))
    backingOffCount += 1
  }

  /// Accounts for the key of `slot` leaving its phase: its heap element becomes stale or
  /// its running slot is freed. The phase itself is left for the caller to change.
  mutating func leavePhase(_ slot: Int) {
    switch phases[slot] {
    case .queued:
      queuedCount -= 1
      stalePending += 1
    case .backingOff:
      backingOffCount -= 1
      staleRetries += 1
    case .loading:
      guard let index = running.firstIndex(of: slot) else {
        preconditionFailure(
          "Internal inconsistency: \(slots[slot].key) is loading but not running")
      }
      running.swapAt(index, running.count - 1)
      running.removeLast()
      runningRanks.swapAt(index, runningRanks.count - 1)
      runningRanks.removeLast()
    case .free:
      preconditionFailure("Internal inconsistency: slot \(slot) is free")
    }
  }

  /// Recomputes the priority and order of the key of `slot` from its waiters, and re-ranks
  /// it where it waits or runs.
  mutating func reprioritize(_ slot: Int) {
    // Read and refreshed in place: reading a field through the array's subscript may copy
    // the whole entry (retaining its waiters).
    let (previousPriority, changed) = slots.withUnsafeMutableBufferPointer {
      ($0[slot].priority, $0[slot].refreshPriority())
    }
    guard changed else { return }
    // A key that changes class comes last among its new class's ties.
    if slots[slot].priority != previousPriority { slots[slot].arrival = takeSequence() }
    switch phases[slot] {
    case .queued:
      leavePhase(slot)
      enqueue(slot)
    case .loading:
      guard let index = running.firstIndex(of: slot) else {
        preconditionFailure(
          "Internal inconsistency: \(slots[slot].key) is loading but not running")
      }
      runningRanks[index] = Rank(priority: slots[slot].priority, order: slots[slot].order)
    case .backingOff:
      break
    case .free:
      preconditionFailure("Internal inconsistency: slot \(slot) is free")
    }
  }

  #if LOOKAHEAD_INTERNAL_CHECKS
    /// Recounts every phase and waiter from scratch and checks the slots: O(s) for s
    /// slots, so only compiled with `-D LOOKAHEAD_INTERNAL_CHECKS`.
    func checkInvariants() {
      var queued = 0
      var backingOff = 0
      var loading = 0
      var waiters = 0
      for (key, slot) in slotOfKey {
        precondition(slots.indices.contains(slot), "Internal inconsistency: slot of \(key)")
        let entry = slots[slot]
        precondition(entry.key == key, "Internal inconsistency: \(key)'s slot holds another key")
        waiters += entry.requests.count
        switch phases[slot] {
        case .queued: queued += 1
        case .backingOff:
          backingOff += 1
          precondition(entry.failure != nil, "Internal inconsistency: \(key) retries no error")
        case .loading:
          loading += 1
          precondition(running.contains(slot), "Internal inconsistency: \(key) not running")
        case .free: preconditionFailure("Internal inconsistency: \(key)'s slot is free")
        }
      }
      precondition(
        Set(freeSlots).count == freeSlots.count
          && freeSlots.allSatisfy { slots.indices.contains($0) && phases[$0] == .free },
        "Internal inconsistency: free slots")
      precondition(phases.count == slots.count, "Internal inconsistency: phases count")
      precondition(
        freeSlots.allSatisfy { slots[$0].requests.count == 1 && slots[$0].failure == nil },
        "Internal inconsistency: a free slot keeps more than its first request")
      precondition(
        slotOfKey.count + freeSlots.count == slots.count,
        "Internal inconsistency: slots neither free nor held")
      precondition(queued == queuedCount, "Internal inconsistency: queued count")
      precondition(backingOff == backingOffCount, "Internal inconsistency: backing-off count")
      precondition(loading == running.count, "Internal inconsistency: running count")
      precondition(
        running.count == runningRanks.count, "Internal inconsistency: running ranks count")
      for (slot, rank) in zip(running, runningRanks) {
        precondition(
          slots[slot].priority == rank.priority && slots[slot].order == rank.order,
          "Internal inconsistency: rank of running \(slots[slot].key)")
      }
      precondition(waiters == waiterCount, "Internal inconsistency: waiter count")
      precondition(
        pending.count - stalePending == queuedCount, "Internal inconsistency: queued heap")
      precondition(
        retries.count - staleRetries == backingOffCount, "Internal inconsistency: retry heap")
      precondition(
        pending.unordered.filter { isLive($0) }.count == queuedCount,
        "Internal inconsistency: live queued heap elements")
    }
  #endif
}
