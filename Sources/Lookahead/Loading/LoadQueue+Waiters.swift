extension LoadQueue {
  /// Whether `waiter` has a request for `key`.
  ///
  /// - Complexity: O(*w*) for the *w* waiters of `key`; no allocation.
  func hasRequest(for key: Key, by waiter: Waiter) -> Bool {
    entries[key]?.requests.contains { $0.waiter == waiter } ?? false
  }

  /// Whether anyone other than `waiter` has a request for `key`.
  ///
  /// - Complexity: O(*w*) for the *w* waiters of `key`; no allocation.
  func hasRequest(for key: Key, byAnyoneBut waiter: Waiter) -> Bool {
    entries[key]?.requests.contains { $0.waiter != waiter } ?? false
  }

  /// Whether `key` is loading for anyone other than `waiter`.
  ///
  /// A policy asks this of every item near the viewport on every frame, and few loads
  /// run at once: while at most ``runningScanLimit`` run, the running keys are compared
  /// in place, so a key that is not loading costs no hashing.
  ///
  /// - Complexity: O(*r*) for *r* ≤ ``runningScanLimit`` running loads, O(1) otherwise,
  ///   plus O(*w*) for the *w* waiters of a loading key; no allocation.
  func isLoading(_ key: Key, forAnyoneBut waiter: Waiter) -> Bool {
    if running.count <= Self.runningScanLimit {
      guard running.contains(key) else { return false }
    } else {
      guard case .loading = entries[key]?.phase else { return false }
    }
    return hasRequest(for: key, byAnyoneBut: waiter)
  }

  /// The most running loads ``isLoading(_:forAnyoneBut:)`` compares one by one before it
  /// looks the key up by hash instead.
  static var runningScanLimit: Int { 16 }
}
