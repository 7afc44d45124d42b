/// The changes between two consecutive answers of a policy, as ``WantedSet`` reports
/// them.
public struct WantedSetChanges<Key: Hashable & Sendable>: Sendable, Hashable {
  /// Requests that are new, or whose priority or order changed, in the answer's order.
  public var wanted: [WantedSet<Key>.Request]
  /// Keys no longer wanted, in the order they were first wanted.
  public var unwanted: [Key]

  /// Whether nothing changed.
  public var isEmpty: Bool { wanted.isEmpty && unwanted.isEmpty }
}

/// Remembers what a policy wanted last and reports what changed.
///
/// ```swift
/// var wanted = WantedSet<URL>()
/// let changes = wanted.update(to: requests.map { WantedSet.Request(key: url(of: $0.item), $0) })
/// for request in changes.wanted {
///   actions += queue.want(request.key, by: me, priority: request.priority, order: request.order, now: now)
/// }
/// for key in changes.unwanted { actions += queue.unwant(key, by: me, now: now) }
/// ```
///
/// Keys are resource keys (or item ids), not positions, so the set stays valid when
/// items are inserted before others. When several requests name the same key, the
/// most urgent one counts.
///
/// Updating in place keeps steady frames cheap: when the answer did not change, an
/// update allocates nothing.
///
/// `WantedSet` is a value type; confine it to one thread.
public struct WantedSet<Key: Hashable & Sendable>: Sendable {
  /// One wanted key with its priority.
  public struct Request: Sendable, Hashable, CustomStringConvertible {
    /// The resource.
    public var key: Key
    /// The priority class of its load.
    public var priority: LoadPriority
    /// The position inside the class; smaller loads sooner.
    public var order: Double

    /// Creates a request.
    public init(key: Key, priority: LoadPriority, order: Double) {
      self.key = key
      self.priority = priority
      self.order = order
    }

    /// A textual form such as `12 visible@0.0`.
    public var description: String { "\(key) \(priority)@\(order)" }

    /// Whether this request is more urgent than `other`.
    func isMoreUrgent(than other: Request) -> Bool {
      priority != other.priority ? priority > other.priority : order < other.order
    }
  }

  private struct Entry: Sendable {
    var request: Request
    var generation: UInt64
    /// When the key was first wanted in its current run; orders `unwanted`.
    var sequence: UInt64
  }

  private var current: [Key: Entry] = [:]
  private var generation: UInt64 = 0
  private var nextSequence: UInt64 = 0

  /// Creates an empty set.
  public init() {}

  /// The number of wanted keys.
  public var count: Int { current.count }

  /// The wanted keys, in the order they were first wanted.
  ///
  /// - Complexity: O(*n* log *n*).
  public var keys: [Key] {
    current.sorted { $0.value.sequence < $1.value.sequence }.map(\.key)
  }

  /// The request currently wanted for a key, if any.
  ///
  /// - Complexity: O(1).
  public func request(for key: Key) -> Request? { current[key]?.request }

  /// Whether a key is wanted.
  ///
  /// - Complexity: O(1).
  public func contains(_ key: Key) -> Bool { current[key] != nil }

  /// Replaces the wanted requests and returns the difference.
  ///
  /// - Parameter requests: The policy's complete answer. When a key appears more than
  ///   once, its most urgent request counts.
  /// - Complexity: O(*m* + *n* + *u* log *u*) for *m* requests, *n* previously wanted
  ///   keys and *u* unwanted ones.
  public mutating func update(to requests: some Sequence<Request>) -> WantedSetChanges<Key> {
    update(to: requests, onInsert: { _ in })
  }

  /// Replaces the wanted requests, returns the difference and passes `onInsert` the
  /// position in `requests` of each key that was not wanted before, in order (the first
  /// request for it, when a key appears more than once).
  ///
  /// A caller that keeps data per wanted key adds it there, without looking up every
  /// request's key a second time.
  mutating func update(
    to requests: some Sequence<Request>, onInsert: (Int) -> Void
  ) -> WantedSetChanges<Key> {
    generation &+= 1
    var position = -1
    var wanted: [Request] = []
    var stamped = 0  // distinct keys of this answer
    for request in requests {
      position += 1
      // One hash per request: the entry is read and updated through its index.
      if let index = current.index(forKey: request.key) {
        let previous = current.values[index]
        if previous.generation == generation {
          // A second request for a key already seen in this answer: keep the more urgent.
          guard request.isMoreUrgent(than: previous.request) else { continue }
          current.values[index].request = request
          if let position = wanted.lastIndex(where: { $0.key == request.key }) {
            wanted[position] = request
          } else {
            wanted.append(request)
          }
          continue
        }
        stamped += 1
        current.values[index].generation = generation
        if previous.request != request {
          current.values[index].request = request
          wanted.append(request)
        }
      } else {
        stamped += 1
        nextSequence &+= 1
        current[request.key] = Entry(
          request: request, generation: generation, sequence: nextSequence)
        wanted.append(request)
        onInsert(position)
      }
    }
    var unwanted: [Key] = []
    if current.count > stamped {
      var leaving: [(key: Key, sequence: UInt64)] = []
      for (key, entry) in current where entry.generation != generation {
        leaving.append((key, entry.sequence))
      }
      for (key, _) in leaving { current[key] = nil }
      // Dictionary order differs between processes; the order keys were first wanted
      // keeps drivers and the simulator deterministic.
      leaving.sort { $0.sequence < $1.sequence }
      unwanted = leaving.map(\.key)
    }
    return WantedSetChanges(wanted: wanted, unwanted: unwanted)
  }

  /// Forgets a key without reporting it, for example after its load finished, so that
  /// a later answer wanting it again reports it as new.
  ///
  /// - Complexity: O(1).
  public mutating func forget(_ key: Key) {
    current[key] = nil
  }
}
