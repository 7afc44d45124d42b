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
  /// run at once: while at most ``runningScanLimit`` run, the running keys are compared
  /// in place, so no key is hashed.
  ///
  /// - Complexity: O(*r*) for *r* ≤ ``runningScanLimit`` running loads, O(1) otherwise,
  ///   plus O(*w*) for the *w* waiters of a loading key; no allocation.
  func isLoading(_ key: Key, forAnyoneBut waiter: Waiter) -> Bool {
    let slot: Int
    if running.count <= Self.runningScanLimit {
      guard let index = running.firstIndex(where: { slots[$0].key == key }) else { return false }
      slot = running[index]
    } else {
      guard let found = slotOfKey[key], case .loading = phases[found] else { return false }
      slot = found
    }
    return slots[slot].requests.contains { $0.waiter != waiter }
  }

  /// Whether attempt `ticket` of `key` is running (``currentTicket(of:)`` is `ticket`).
  ///
  /// - Complexity: O(*r*) for *r* running loads, compared in place (tickets are unique);
  ///   no key is hashed.
  func isRunning(_ key: Key, ticket: LoadTicket) -> Bool {
    guard let slot = running.first(where: { phases[$0] == .loading(ticket) }) else {
      return false
    }
    return slots.withUnsafeBufferPointer { $0[slot].key == key }
  }

  /// The most running loads ``isLoading(_:forAnyoneBut:)`` compares one by one before it
  /// looks the key up by hash instead.
  static var runningScanLimit: Int { 16 }

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
