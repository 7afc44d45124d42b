/// The changes between two consecutive answers of an ``ItemPolicy``.
public struct WantedSetChanges: Sendable, Hashable {
  /// Requests that are new, or whose priority or order changed, in the policy's order.
  public var wanted: [PreloadRequest]
  /// Items no longer wanted, in ascending order.
  public var unwanted: [Int]

  /// Whether nothing changed.
  public var isEmpty: Bool { wanted.isEmpty && unwanted.isEmpty }
}

/// Remembers what a policy wanted last and reports what changed.
///
/// ```swift
/// let changes = wanted.update(to: policy.wantedItems(for: input, isReady: cache.contains))
/// for request in changes.wanted { queue.want(key(request.item), by: me, priority: request.priority, order: request.order, now: now) }
/// for item in changes.unwanted { queue.unwant(key(item), by: me, now: now) }
/// ```
///
/// `WantedSet` is a value type; confine it to one thread.
public struct WantedSet: Sendable {
  private var current: [Int: PreloadRequest] = [:]

  /// Creates an empty set.
  public init() {}

  /// The requests currently wanted, by item.
  public var requests: [Int: PreloadRequest] { current }

  /// Replaces the wanted requests and returns the difference.
  ///
  /// - Parameter requests: The policy's complete answer; duplicate items keep the
  ///   last request.
  /// - Complexity: O(*m* + *u* log *u*) for *m* requests and *u* unwanted items.
  public mutating func update(to requests: [PreloadRequest]) -> WantedSetChanges {
    var next: [Int: PreloadRequest] = [:]
    next.reserveCapacity(requests.count)
    var wanted: [PreloadRequest] = []
    for request in requests {
      next[request.item] = request
      if current[request.item] != request { wanted.append(request) }
    }
    var unwanted: [Int] = []
    for item in current.keys where next[item] == nil { unwanted.append(item) }
    // Dictionary order differs between processes; sorted output keeps drivers and the
    // simulator deterministic.
    unwanted.sort()
    current = next
    return WantedSetChanges(wanted: wanted, unwanted: unwanted)
  }

  /// Forgets an item without reporting it, for example after its load finished.
  public mutating func forget(_ item: Int) {
    current[item] = nil
  }
}
