/// The changes of order a ``WantedSet`` has not told its caller yet: at most one request
/// per key (its latest), in the order the keys first changed.
///
/// Each key holds a ``Place``: where its deferred request is, valid while the place's
/// round is current. Taking the requests starts a new round, which invalidates every
/// place at once without visiting the keys.
///
/// A value type; confine it to one thread.
struct DeferredOrders<Key: Hashable & Sendable>: Sendable {
  typealias Request = WantedSet<Key>.Request

  /// Where one key's deferred request is.
  struct Place: Sendable {
    var index = 0
    /// The round the index belongs to; round 0 is never current, so a new place holds
    /// no request.
    var round: UInt64 = 0
  }

  /// The deferred requests, in the order their keys first changed; `nil` where a later
  /// change or withdrawal replaced one.
  private var requests: [Request?] = []
  private var round: UInt64 = 1
  /// How many of `requests` are of each priority, by raw value.
  private var byPriority = [Int](repeating: 0, count: LoadPriority.allCases.count)

  /// How many requests wait to be told.
  private var liveCount: Int { byPriority.reduce(0, +) }

  /// Whether some request waits to be told.
  var isEmpty: Bool { !byPriority.contains { $0 > 0 } }

  /// Whether a request of `priority` waits to be told.
  ///
  /// - Complexity: O(1).
  func contains(_ priority: LoadPriority) -> Bool { byPriority[priority.rawValue] > 0 }

  /// The places the requests take, replaced ones included; for tests.
  var storageCount: Int { requests.count }

  /// The request at `place`, if it waits to be told.
  func request(at place: Place) -> Request? {
    place.round == round ? requests[place.index] : nil
  }

  /// Defers `request`, replacing the one at `place` if it still waits (its priority is
  /// the same), or appending it and pointing `place` at it.
  ///
  /// Before appending, drops the places of replaced requests once they are half the
  /// storage, so that a caller that rarely takes them keeps storage proportional to its
  /// keys: O(*d*) for *d* places, paid for by the drops that emptied half of them.
  ///
  /// - Returns: After such a compaction, the new index of each old one (or -1): the
  ///   caller moves every other place with ``relocated(_:by:)``.
  ///
  /// Inlined: a scrolling frame replaces a request for each of a hundred keys.
  @inline(__always)
  mutating func add(_ request: Request, at place: inout Place) -> [Int]? {
    if place.round == round {
      requests[place.index] = request
      return nil
    }
    return append(request, at: &place)
  }

  /// Replaces the request at `place` with `request` if it still waits (its priority is
  /// the same), as ``add(_:at:)`` does, and returns whether it did; `place` stays valid.
  @inline(__always)
  mutating func replace(_ request: Request, at place: Place) -> Bool {
    guard place.round == round else { return false }
    requests[place.index] = request
    return true
  }

  /// Appends `request`, as ``add(_:at:)`` does for a key without a waiting request.
  private mutating func append(_ request: Request, at place: inout Place) -> [Int]? {
    var newIndex: [Int]?
    if requests.count >= 64 && requests.count >= 2 * liveCount {
      var moved = [Int](repeating: -1, count: requests.count)
      var kept: [Request?] = []
      kept.reserveCapacity(liveCount)
      for (index, request) in requests.enumerated() where request != nil {
        moved[index] = kept.count
        kept.append(request)
      }
      requests = kept
      newIndex = moved
    }
    place = Place(index: requests.count, round: round)
    requests.append(request)
    byPriority[request.priority.rawValue] += 1
    return newIndex
  }

  /// `place` after a compaction that moved the requests by `newIndex`.
  func relocated(_ place: Place, by newIndex: [Int]) -> Place {
    guard place.round == round else { return place }
    return Place(index: newIndex[place.index], round: round)
  }

  /// Drops the request at `place`, if it waits; the key's next deferral appends a new
  /// one.
  mutating func drop(_ place: inout Place) {
    guard place.round == round else { return }
    place.round = 0
    guard let request = requests[place.index] else { return }
    requests[place.index] = nil
    byPriority[request.priority.rawValue] -= 1
  }

  /// Puts the waiting requests in `taken` (emptied first), in the order their keys first
  /// changed, and forgets them: every place becomes stale.
  ///
  /// - Complexity: O(*d*) for *d* places; no key is hashed.
  mutating func take(into taken: inout [Request]) {
    taken.removeAllKeepingCapacity()
    for request in requests {
      if let request { taken.append(request) }
    }
    requests.removeAllKeepingCapacity()
    for index in byPriority.indices { byPriority[index] = 0 }
    round &+= 1
  }
}
