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
/// let changes = wanted.update(to: policy.wantedItems(for: input, status: status))
/// for request in changes.wanted {
///   actions += queue.want(request.item, by: me, priority: request.priority, order: request.order, now: now)
/// }
/// for item in changes.unwanted { actions += queue.unwant(item, by: me, now: now) }
/// ```
///
/// Updating in place keeps steady frames cheap: when the answer did not change, an
/// update allocates nothing.
///
/// `WantedSet` is a value type; confine it to one thread.
public struct WantedSet: Sendable {
  private struct Entry: Sendable {
    var request: PreloadRequest
    var generation: UInt64
  }

  private var current: [Int: Entry] = [:]
  private var generation: UInt64 = 0

  /// Creates an empty set.
  public init() {}

  /// The number of wanted items.
  public var count: Int { current.count }

  /// The wanted items, in ascending order.
  ///
  /// - Complexity: O(*n* log *n*).
  public var items: [Int] { current.keys.sorted() }

  /// The request currently wanted for an item, if any.
  public func request(for item: Int) -> PreloadRequest? { current[item]?.request }

  /// Replaces the wanted requests and returns the difference.
  ///
  /// - Parameter requests: The policy's complete answer; duplicate items keep the
  ///   last request.
  /// - Complexity: O(*m* + *n* + *u* log *u*) for *m* requests, *n* previously wanted
  ///   items and *u* unwanted ones.
  public mutating func update(to requests: [PreloadRequest]) -> WantedSetChanges {
    generation &+= 1
    var wanted: [PreloadRequest] = []
    var stamped = 0  // distinct items of this answer
    for request in requests {
      let previous = current[request.item]
      if previous?.generation != generation { stamped += 1 }
      if let previous, previous.request == request {
        current[request.item]?.generation = generation
      } else {
        current[request.item] = Entry(request: request, generation: generation)
        wanted.append(request)
      }
    }
    var unwanted: [Int] = []
    if current.count > stamped {
      for (item, entry) in current where entry.generation != generation { unwanted.append(item) }
    }
    if !unwanted.isEmpty {
      for item in unwanted { current[item] = nil }
      // Dictionary order differs between processes; sorting keeps drivers and the
      // simulator deterministic.
      unwanted.sort()
    }
    return WantedSetChanges(wanted: wanted, unwanted: unwanted)
  }

  /// Forgets an item without reporting it, for example after its load finished, so
  /// that a later answer wanting it again reports it as new.
  public mutating func forget(_ item: Int) {
    current[item] = nil
  }
}
