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
}
