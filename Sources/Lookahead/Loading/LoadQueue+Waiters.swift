extension LoadQueue {
  /// Whether `waiter` has a request for `key`.
  ///
  /// - Complexity: O(*w*) for the *w* waiters of `key`; no allocation.
  func hasRequest(for key: Key, by waiter: Waiter) -> Bool {
    guard let slot = slotOfKey[key] else { return false }
    return slots[slot].requests.contains { $0.waiter == waiter }
  }

  /// Whether anyone other than `waiter` has a request for `key`.
  ///
  /// - Complexity: O(*w*) for the *w* waiters of `key`; no allocation.
  func hasRequest(for key: Key, byAnyoneBut waiter: Waiter) -> Bool {
    guard let slot = slotOfKey[key] else { return false }
    return slots[slot].requests.contains { $0.waiter != waiter }
  }

  /// Whether `key` is loading for anyone other than `waiter`.
  ///
  /// A policy asks this of every item near the viewport on every frame, and few loads
  /// run at once: while at most `loadQueueRunningScanLimit` run, the running keys are compared
  /// in place, so no key is hashed.
  ///
  /// - Complexity: O(*r*) for *r* ≤ `loadQueueRunningScanLimit` running loads, O(1) otherwise,
  ///   plus O(*w*) for the *w* waiters of a loading key; no allocation.
  func isLoading(_ key: Key, forAnyoneBut waiter: Waiter) -> Bool {
    let slot: Int
    if running.count <= loadQueueRunningScanLimit {
      guard let index = running.firstIndex(where: { slots[$0].key == key }) else { return false }
      slot = running[index]
    } else {
      guard let found = slotOfKey[key], case .loading = phases[found] else { return false }
      slot = found
    }
    return slots[slot].requests.contains { $0.waiter != waiter }
  }

  /// Whether attempt `ticket` of `key` is running (its current ticket is `ticket`).
  ///
  /// - Complexity: O(*r*) for *r* running loads, compared in place (tickets are unique);
  ///   no key is hashed.
  func isRunning(_ key: Key, ticket: LoadTicket) -> Bool {
    guard let slot = running.first(where: { phases[$0] == .loading(ticket) }) else {
      return false
    }
    return slots.withUnsafeBufferPointer { $0[slot].key == key }
  }

  /// Reports that attempt `ticket` of `key` produced a value, as
  /// ``loadFinished(_:ticket:now:)`` does, but hands its waiters' requests to `deliver`
  /// in place instead of appending a `deliver` action, whose array of waiters a load
  /// with one waiter would allocate for nothing.
  ///
  /// `deliver` is called with `actions` before the loads that the freed slot lets start
  /// are appended, where the `deliver` action would have been: it may append what stands
  /// for it. An outcome of an attempt that is no longer current delivers nothing.
  mutating func loadFinished(
    _ key: Key, ticket: LoadTicket, now: Duration, into actions: inout [Action],
    deliver: (NonEmptyList<Request>, inout [Action]) -> Void
  ) {
    guard let position = slotOfKey.index(forKey: key) else { return }
    let slot = slotOfKey.values[position]
    guard case .loading(let current) = phases[slot], current == ticket else { return }
    slotOfKey.remove(at: position)
    leavePhase(slot)
    waiterCount -= slots[slot].requests.count
    // Read in place: reading a field of an array's element may copy the whole element.
    slots.withUnsafeBufferPointer { deliver($0[slot].requests, &actions) }
    release(slot)
    pump(now: now, into: &actions)
  }

  /// Calls `body` with the key of each running load, in the order the queue keeps them.
  ///
  /// - Parameter waiter: When given, the loads that only `waiter` waits for are skipped.
  /// - Complexity: O(*r*) for *r* running loads, plus their waiters; no key is hashed.
  func forEachRunningKey(waitedForByAnyoneBut waiter: Waiter? = nil, _ body: (Key) -> Void) {
    for slot in running {
      if let waiter, !slots[slot].requests.contains(where: { $0.waiter != waiter }) { continue }
      body(slots[slot].key)
    }
  }
}

/// The most running loads `LoadQueue.isLoading(_:forAnyoneBut:)` compares one by one
/// before it looks the key up by hash instead: a constant outside the generic type, so
/// that reading it in unspecialized code looks up no type's metadata.
let loadQueueRunningScanLimit = 16
