/// The memory cache of ready images with its disk tier, as the simulation models them
/// (docs/DESIGN.md, "The standard world"): an exact LRU on bytes, and a disk that keeps
/// every image once loaded.
///
/// An image is *ready* while it is in memory. Storing an image evicts least recently used
/// images until the total fits the capacity; an evicted image stays on disk, so showing it
/// again costs a disk reload (``NetworkModel/readFromDisk(_:bytes:)``), not network bytes.
/// ``markUsed(_:)`` is the "get" that refreshes recency (call it when a visible cell shows
/// the image).
///
/// Items are dense non-negative ids (the standard world's 0..<10,000), so recency is an
/// intrusive doubly linked list over arrays indexed by item: every operation is O(1)
/// except eviction, which is O(1) per evicted image.
///
/// A value type with no locks; confine each instance to one task.
public struct ImageCacheModel: Sendable {
  /// The capacity in bytes.
  public let capacity: Int

  /// The bytes of the images in memory.
  public private(set) var totalBytes = 0

  /// The largest ``totalBytes`` ever reached (the metric `peak_cache_bytes`).
  public private(set) var peakBytes = 0

  /// The number of images in memory.
  public private(set) var count = 0

  private static let none = -1
  private var bytes: [Int] = []  // bytes in memory per item, 0 when absent
  private var onDisk: [Bool] = []
  private var newer: [Int] = []
  private var older: [Int] = []
  private var newest = none
  private var oldest = none

  /// Creates an empty cache of `capacity` bytes.
  ///
  /// - Precondition: `capacity > 0`.
  public init(capacity: Int = StandardWorld.memoryCacheBytes) {
    precondition(capacity > 0, "capacity must be positive (got \(capacity))")
    self.capacity = capacity
  }

  /// Whether the image of `item` is in memory (ready to display).
  ///
  /// - Complexity: O(1).
  public func isReady(_ item: Int) -> Bool {
    item >= 0 && item < bytes.count && bytes[item] > 0
  }

  /// The bytes in memory of each item's image, indexed by item (0 when absent; items
  /// past the end have none): the table ``isReady(_:)`` reads, shared, not copied,
  /// while the cache does not change.
  var bytesInMemory: [Int] { bytes }

  /// Whether each item's image is on the disk tier, indexed by item: the table
  /// ``isOnDisk(_:)`` reads, shared like ``bytesInMemory``.
  var diskTable: [Bool] { onDisk }

  /// Whether the image of `item` was loaded once and is therefore on the disk tier.
  ///
  /// - Complexity: O(1).
  public func isOnDisk(_ item: Int) -> Bool {
    item >= 0 && item < onDisk.count && onDisk[item]
  }

  /// Stores the image of `item` in memory (and on disk) as the most recently used one,
  /// evicting the least recently used images until the total fits.
  ///
  /// - Parameters:
  ///   - item: The item id.
  ///   - size: The image's bytes.
  /// - Returns: The evicted items, least recently used first.
  /// - Precondition: `item >= 0`, `0 < size <= capacity`.
  /// - Complexity: O(1) plus O(1) per eviction (amortized O(item) when the id is new).
  @discardableResult
  public mutating func store(_ item: Int, size: Int) -> [Int] {
    var evicted: [Int] = []
    store(item, size: size) { evicted.append($0) }
    return evicted
  }

  /// Stores the image of `item` as ``store(_:size:)`` does, passing `onEvict` each
  /// evicted item, least recently used first, instead of returning them.
  mutating func store(_ item: Int, size: Int, onEvict: (Int) -> Void) {
    precondition(item >= 0, "item must be non-negative (got \(item))")
    precondition(size > 0 && size <= capacity, "size must be in 1...\(capacity) (got \(size))")
    grow(toInclude: item)
    onDisk[item] = true
    if bytes[item] > 0 {
      unlink(item)
      totalBytes -= bytes[item]
      count -= 1
    }
    while totalBytes + size > capacity {
      let victim = oldest
      unlink(victim)
      totalBytes -= bytes[victim]
      bytes[victim] = 0
      count -= 1
      onEvict(victim)
    }
    bytes[item] = size
    totalBytes += size
    count += 1
    peakBytes = max(peakBytes, totalBytes)
    linkAsNewest(item)
  }

  /// Marks the image of `item` as the most recently used; does nothing when it is not in
  /// memory.
  ///
  /// - Complexity: O(1).
  public mutating func markUsed(_ item: Int) {
    guard isReady(item), newest != item else { return }
    unlink(item)
    linkAsNewest(item)
  }

  /// The images in memory, most recently used first.
  ///
  /// - Complexity: O(count).
  public var itemsByRecency: [Int] {
    var items: [Int] = []
    var cursor = newest
    while cursor != Self.none {
      items.append(cursor)
      cursor = older[cursor]
    }
    return items
  }

  private mutating func grow(toInclude item: Int) {
    guard item >= bytes.count else { return }
    let newCount = max(item + 1, bytes.count * 2)
    let extra = newCount - bytes.count
    bytes.append(contentsOf: repeatElement(0, count: extra))
    onDisk.append(contentsOf: repeatElement(false, count: extra))
    newer.append(contentsOf: repeatElement(Self.none, count: extra))
    older.append(contentsOf: repeatElement(Self.none, count: extra))
  }

  private mutating func unlink(_ item: Int) {
    let before = newer[item]
    let after = older[item]
    if before != Self.none { older[before] = after } else { newest = after }
    if after != Self.none { newer[after] = before } else { oldest = before }
    newer[item] = Self.none
    older[item] = Self.none
  }

  private mutating func linkAsNewest(_ item: Int) {
    newer[item] = Self.none
    older[item] = newest
    if newest != Self.none { newer[newest] = item } else { oldest = item }
    newest = item
  }
}
