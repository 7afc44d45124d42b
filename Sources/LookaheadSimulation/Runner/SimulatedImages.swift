@_spi(Simulation) import Lookahead

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
/// Everything is kept in one stored property, ``state``: each access to a class's stored
/// property checks exclusivity at run time, and an operation such as a finished load
/// (store the image, note what changed, forget the load) checks it once.
///
/// A reference type confined to the thread running its simulation (`@unchecked
/// Sendable` only so that the oracle, a `Sendable` policy, can hold it).
final class SimulatedImages: @unchecked Sendable {
  /// The cache, the loads in flight and the notes of what changed.
  private var state: SimulatedImagesState

  /// Creates an empty cache of `capacity` bytes and no load in flight.
  init(capacity: Int) {
    state = SimulatedImagesState(cache: ImageCacheModel(capacity: capacity))
  }

  /// The memory cache, changed only through ``store(_:size:)``,
  /// ``finishLoad(of:size:)`` and ``markUsed(_:)`` (the oracle's index and the skipped
  /// markings rely on it).
  var cache: ImageCacheModel { state.cache }

  /// Each image load in flight, by item.
  var loads: InFlightLoads { state.loads }

  /// The readiness of every item, as the memory cache has it now; hold it only while
  /// the cache does not change, or the cache's next change copies its table.
  var readiness: SimulatedReadiness {
    SimulatedReadiness(bytesInMemory: state.cache.bytesInMemory, isOnDisk: state.cache.diskTable)
  }

  /// Whether storing an image notes the items whose readiness changed, for a reader that
  /// keeps its own index of the images not ready (the oracle).
  var notesReadinessChanges: Bool {
    get { state.notesReadinessChanges }
    set { state.notesReadinessChanges = newValue }
  }

  /// Stores the image of `item` in the cache, evicting the least recently used ones.
  func store(_ item: Int, size: Int) {
    state.store(item, size: size)
  }

  /// Records the load of `item`, which starts, and returns whether its image is on the
  /// disk tier (where the load reads it from).
  func startLoad(_ load: InFlightLoad, for item: Int) -> Bool {
    state.loads.start(load, for: item)
    return state.cache.isOnDisk(item)
  }

  /// Forgets the load of `item` and returns it, if one was in flight.
  @discardableResult
  func endLoad(of item: Int) -> InFlightLoad? {
    state.loads.end(item)
  }

  /// Stores the image of `item`, whose load finished, and forgets the load, returning
  /// it if one was in flight: ``store(_:size:)`` then ``endLoad(of:)``.
  func finishLoad(of item: Int, size: Int) -> InFlightLoad? {
    state.finishLoad(of: item, size: size)
  }

  /// Marks the images of `items` as the most recently used, in order.
  func markUsed(_ items: Range<Int>) {
    state.markUsed(items)
  }

  /// Marks the images of `items` that are in memory as the most recently used, in order
  /// (the last one newest).
  func markUsed(_ items: some Sequence<Int>) {
    state.markUsed(items)
  }

  /// Passes `body` each item whose readiness changed since the last call, then forgets
  /// them.
  func drainReadinessChanges(_ body: (Int) -> Void) {
    var changes = state.takeReadinessChanges()
    for item in changes { body(item) }
    changes.removeAll(keepingCapacity: true)
    state.giveBackReadinessChanges(changes)
  }
}

/// What ``SimulatedImages`` holds, changed in place by one access per operation.
private struct SimulatedImagesState {
  /// The memory cache.
  var cache: ImageCacheModel
  /// Each image load in flight, by item.
  var loads = InFlightLoads()
  /// Whether ``store(_:size:)`` notes the items whose readiness changed.
  var notesReadinessChanges = false
  /// The items stored or evicted since the reader last drained them, while
  /// ``notesReadinessChanges``; an item may appear more than once.
  private var readinessChanges: [Int] = []
  /// The items last marked used, while no image was stored since: marking them, or a
  /// suffix of them, again would leave the cache's order as it is.
  private var lastMarked: Range<Int>?

  /// Creates the state of `cache`, with no load in flight and nothing noted.
  init(cache: ImageCacheModel) {
    self.cache = cache
  }

  /// Stores the image of `item` in the cache, evicting the least recently used ones.
  mutating func store(_ item: Int, size: Int) {
    lastMarked = nil
    guard notesReadinessChanges else {
      cache.store(item, size: size) { _ in }
      return
    }
    readinessChanges.append(item)
    cache.store(item, size: size) { readinessChanges.append($0) }
  }

  /// Stores the image of `item` and forgets its load, returning it if one was in flight.
  mutating func finishLoad(of item: Int, size: Int) -> InFlightLoad? {
    store(item, size: size)
    return loads.end(item)
  }

  /// Marks the images of `items` as the most recently used, in order.
  mutating func markUsed(_ items: Range<Int>) {
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
    for item in unmarked { cache.markUsed(item) }
    lastMarked = items
  }

  /// Marks the images of `items` as the most recently used, in order.
  mutating func markUsed(_ items: some Sequence<Int>) {
    lastMarked = nil
    for item in items { cache.markUsed(item) }
  }

  /// The noted changes, taken out (with their storage) while a reader goes through
  /// them.
  mutating func takeReadinessChanges() -> [Int] {
    var changes: [Int] = []
    swap(&changes, &readinessChanges)
    return changes
  }

  /// Returns the storage of the changes taken, emptied.
  mutating func giveBackReadinessChanges(_ changes: [Int]) {
    readinessChanges = changes
  }
}
