/// The requests of views that show the list's items (cells, rows), while they wait for
/// their resources.
///
/// A cell's request is an *interest*, not an order to load: the strategy alone starts
/// and cancels the loads of the items the list shows (see
/// `ListPreloaderStateMachine.request(_:id:priority:order:waitsForStrategy:now:)`). An
/// interest never enters the load queue, so it can neither start a load nor keep one
/// alive that the strategy withdrew; it waits for whichever load of its key ends (the
/// strategy's, a hint's, another caller's) and is answered with it.
///
/// A value type; confine it to one thread, as the machine that holds it.
struct CellInterests<Key: Hashable & Sendable>: Sendable {
  /// The ids of the callers waiting for each key.
  private var interests: [Key: [UInt64]] = [:]

  /// Whether no interest waits.
  var isEmpty: Bool { interests.isEmpty }

  /// The number of interests waiting, over all keys.
  var count: Int { interests.values.reduce(0) { $0 + $1.count } }

  /// Whether `key` has an interest.
  func contains(_ key: Key) -> Bool { interests[key] != nil }

  /// Records the interest of caller `id` in `key`.
  mutating func add(_ key: Key, id: UInt64) {
    interests[key, default: []].append(id)
  }

  /// Removes the interest of caller `id` in `key`.
  ///
  /// - Returns: Whether there was one (otherwise the caller made a direct request, or
  ///   was answered already).
  mutating func remove(_ key: Key, id: UInt64) -> Bool {
    guard var ids = interests[key], let index = ids.firstIndex(of: id) else { return false }
    ids.remove(at: index)
    interests[key] = ids.isEmpty ? nil : ids
    return true
  }

  /// The callers to answer when a load of `key` delivers to the queue's waiters
  /// `requestIDs`: those, and every interest in `key`, which ends.
  ///
  /// - Complexity: O(1) when `key` has no interest.
  mutating func delivered(_ key: Key, to requestIDs: [UInt64]) -> [UInt64] {
    guard let ids = interests.removeValue(forKey: key) else { return requestIDs }
    return requestIDs + ids
  }

  /// The callers to answer when a load of `key` fails for its queue waiters
  /// `requestIDs` with `error`. A cancellation (`ListPreloaderStateMachine.cancelAll(now:)`,
  /// a loader that cancelled by itself) answers no interest: they wait for the
  /// strategy's next load of the key. Any other failure answers every interest in `key`.
  mutating func failed(_ key: Key, to requestIDs: [UInt64], error: LoadError) -> [UInt64] {
    guard error.kind != .cancelled, let ids = interests.removeValue(forKey: key) else {
      return requestIDs
    }
    return requestIDs + ids
  }
}
