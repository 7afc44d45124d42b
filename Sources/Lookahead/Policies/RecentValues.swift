/// The last `capacity` values observed, kept in arrival order (a ring once full) and
/// in ascending order, for online quantiles of recent behaviour.
///
/// Once `capacity` values have been appended, nothing allocates.
///
/// A value type; confine it to one thread.
struct RecentValues<Value: Comparable & Hashable & Sendable>: Sendable, Hashable {
  /// How many recent values are kept.
  let capacity: Int
  /// The kept values in arrival order (a ring once full).
  private var arrivals: [Value] = []
  /// The kept values, ascending.
  private(set) var ascending: [Value] = []
  private var next = 0

  /// Creates an empty window.
  ///
  /// - Parameter capacity: How many recent values are kept; at least 1.
  init(capacity: Int) {
    precondition(capacity >= 1, "capacity must be at least 1, got \(capacity)")
    self.capacity = capacity
  }

  /// The number of values kept.
  var count: Int { arrivals.count }

  /// Keeps `value`, forgetting the oldest one when full.
  ///
  /// - Complexity: O(*k*) for *k* kept values (one insertion and at most one removal in
  ///   the ascending array, found by binary search).
  mutating func append(_ value: Value) {
    if arrivals.count < capacity {
      arrivals.append(value)
    } else {
      let evicted = arrivals[next]
      arrivals[next] = value
      ascending.remove(at: firstIndex(notBefore: evicted))
    }
    ascending.insert(value, at: firstIndex(notBefore: value))
    next = (next + 1) % capacity
  }

  private func firstIndex(notBefore value: Value) -> Int {
    Search.partitionPoint(in: 0..<ascending.count) { ascending[$0] >= value }
  }
}
