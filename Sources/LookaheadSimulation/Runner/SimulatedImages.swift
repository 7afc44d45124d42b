import Lookahead

/// The images of one simulated run — its memory cache and the loads in flight — shared by
/// its driver and its oracle.
///
/// The oracle asks whether each of the hundreds of items within its horizon is ready or
/// loading, every frame. Through the list preloader's `LoadStatus` those questions run
/// generic code unspecialized (the state machine's item type is unknown where the oracle
/// is compiled), and a 60-minute flinger trace took 2–3 s; read here each is a lookup.
/// The answers are the same: the simulator's posts have their index as resource key, the
/// driver passes this cache's readiness to the machine on every frame, and it holds a
/// ticket exactly while the machine's load queue runs that item's load (checked by the
/// byte-identical `compare` output of every world).
///
/// A reference type confined to the thread running its simulation (`@unchecked
/// Sendable` only so that the oracle, a `Sendable` policy, can hold it).
final class SimulatedImages: @unchecked Sendable {
  /// The memory cache, changed only through ``store(_:size:)`` and ``markUsed(_:)``
  /// (the oracle's index and the skipped markings rely on it).
  private(set) var cache: ImageCacheModel
  /// Each image load in flight, by item.
  var loads = InFlightLoads()
  /// Whether ``store(_:size:)`` notes the items whose readiness changed, for a reader
  /// that keeps its own index of the images not ready (the oracle).
  var notesReadinessChanges = false
  /// The items stored or evicted since the reader last drained them, while
  /// ``notesReadinessChanges``; an item may appear more than once.
  private var readinessChanges: [Int] = []

  /// Creates an empty cache of `capacity` bytes and no load in flight.
  init(capacity: Int) {
    cache = ImageCacheModel(capacity: capacity)
  }

  /// Stores the image of `item` in the cache, evicting the least recently used ones.
  func store(_ item: Int, size: Int) {
    lastMarked = nil
    guard notesReadinessChanges else {
      cache.store(item, size: size) { _ in }
      return
    }
    // Taken out for the call: appending to the property from the closure would check
    // exclusive access for every eviction.
    var changes = readinessChanges
    readinessChanges = []
    changes.append(item)
    cache.store(item, size: size) { changes.append($0) }
    readinessChanges = changes
  }

  /// The items last marked used, while no image was stored since: marking them, or a
  /// suffix of them, again would leave the cache's order as it is.
  private var lastMarked: Range<Int>?

  /// Marks the images of `items` as the most recently used, in order.
  func markUsed(_ items: Range<Int>) {
    // With nothing stored since the last marking, the ready images of the items last
    // marked are the newest, in their order. Marking again a suffix of them, in order,
    // leaves the order as it is: a frame at rest changes nothing, and a frame that
    // scrolls forward moves only the items that entered.
    var unmarked = items
    if let last = lastMarked, last.lowerBound <= items.lowerBound,
      items.lowerBound <= last.upperBound, last.upperBound <= items.upperBound
    {
      unmarked = last.upperBound..<items.upperBound
    }
    if !unmarked.isEmpty { Self.markUsed(unmarked, in: &cache) }
    lastMarked = items
  }

  /// Whether the image of `item` is on the disk tier, read in place (reading ``cache``
  /// copies it).
  func isOnDisk(_ item: Int) -> Bool {
    cache.isOnDisk(item)
  }

  /// One access to the cache for the whole frame, not an exclusivity check per item.
  private static func markUsed(_ items: Range<Int>, in cache: inout ImageCacheModel) {
    for item in items { cache.markUsed(item) }
  }

  /// Passes `body` each item whose readiness changed since the last call, then forgets
  /// them.
  func drainReadinessChanges(_ body: (Int) -> Void) {
    for item in readinessChanges { body(item) }
    readinessChanges.removeAll(keepingCapacity: true)
  }
}

/// The image loads in flight of a simulated run, by item: an array indexed by item (the
/// world's items are dense indices from 0), so that a load's start and end look nothing
/// up by hash, and the list of the items in flight.
struct InFlightLoads: Sendable {
  private var byItem: [InFlightLoad?] = []
  /// The items in flight, in no particular order.
  private(set) var items: [Int] = []

  /// The number of loads in flight.
  var count: Int { items.count }

  /// The load of `item` in flight, if any.
  subscript(item: Int) -> InFlightLoad? {
    item < byItem.count ? byItem[item] : nil
  }

  /// Records the load of `item`, replacing one in flight.
  mutating func start(_ load: InFlightLoad, for item: Int) {
    if item >= byItem.count {
      byItem.append(
        contentsOf: repeatElement(nil, count: Swift.max(item + 1, 2 * byItem.count) - byItem.count))
    }
    if byItem[item] == nil { items.append(item) }
    byItem[item] = load
  }

  /// Forgets the load of `item` and returns it, if one was in flight.
  ///
  /// - Complexity: O(*n*) for *n* loads in flight, a connection's worth.
  @discardableResult
  mutating func end(_ item: Int) -> InFlightLoad? {
    guard let load = self[item] else { return nil }
    byItem[item] = nil
    guard let index = items.firstIndex(of: item) else {
      preconditionFailure("Internal inconsistency: load of \(item) in flight but not listed")
    }
    items.swapAt(index, items.count - 1)
    items.removeLast()
    return load
  }
}

/// An image load in flight in a simulated run.
struct InFlightLoad: Sendable {
  /// The ticket of its start action.
  var ticket: LoadTicket
  /// When it started.
  var start: Milliseconds
}
