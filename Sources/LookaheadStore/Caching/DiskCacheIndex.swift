/// The in-memory mirror of the disk cache's SQLite index: every key with its size,
/// where its bytes live and when it was last used.
///
/// A pure value: it decides (what to evict, which access times to persist) and the
/// `DiskCache` performs the I/O. It answers "not cached" with one hash lookup, which
/// is why a miss costs no system call.
///
/// Keys are compared by their exact UTF-8 bytes (``DiskCacheKey``), as SQLite and the
/// file names compare them: two canonically equivalent spellings are two entries.
struct DiskCacheIndex: Sendable {
  /// Where an entry's bytes live.
  enum Storage: Sendable, Hashable {
    /// In the `value` column of the entry's row.
    case inline
    /// In a file of the cache's `files` folder, with this name.
    case file(String)
  }

  /// One cached value, without its bytes.
  struct Entry: Sendable, Hashable {
    /// The number of bytes of the value.
    var size: Int
    /// The xxHash64 of the value, checked on every read.
    var checksum: UInt64
    var storage: Storage
    /// The write that produced this entry; distinguishes two versions of one key.
    var generation: UInt64
    /// The access tick of the last read or write; larger is more recent.
    var lastAccess: UInt64
    /// The SQLite row id of the entry's row. Reads and removals address the row by it
    /// and check its key, rather than trusting the key's index, whose damage could
    /// lead a lookup to another key's row. Zero until the row is written.
    var rowID: Int64 = 0
  }

  private(set) var entries: [DiskCacheKey: Entry] = [:]
  /// The sum of the sizes of all entries, in bytes.
  private(set) var totalSize = 0
  /// The next access tick. Ticks order accesses; they are not times.
  private(set) var clock: UInt64 = 1
  /// The next write generation.
  private(set) var nextGeneration: UInt64 = 1
  /// Keys read since their access tick was last written to SQLite.
  private(set) var unsavedAccesses: Set<DiskCacheKey> = []

  /// The entry for `key`, without counting an access.
  ///
  /// - Complexity: O(1) on average, plus hashing the key.
  func entry(forKey key: String) -> Entry? {
    entries[DiskCacheKey(key)]
  }

  /// The row ids of those of `keys` that have an entry.
  ///
  /// - Complexity: O(k) on average for k keys.
  func rowIDs(of keys: [String]) -> [DiskCacheKey: Int64] {
    var rowIDs: [DiskCacheKey: Int64] = [:]
    for key in keys {
      let key = DiskCacheKey(key)
      if let entry = entries[key] { rowIDs[key] = entry.rowID }
    }
    return rowIDs
  }

  /// Records a read of `key` and returns its entry, or `nil` on a miss.
  ///
  /// - Complexity: O(1) on average, plus hashing the key.
  mutating func recordRead(ofKey key: String) -> Entry? {
    let key = DiskCacheKey(key)
    guard let position = entries.index(forKey: key) else { return nil }
    let tick = takeTick()
    entries.values[position].lastAccess = tick
    unsavedAccesses.insert(key)
    return entries.values[position]
  }

  /// Reserves `count` consecutive generations for values about to be written and
  /// returns the first.
  ///
  /// - Complexity: O(1).
  mutating func takeGeneration(count: Int = 1) -> UInt64 {
    defer { nextGeneration += UInt64(count) }
    return nextGeneration
  }

  /// Reserves `count` consecutive access ticks and returns the first.
  ///
  /// - Complexity: O(1).
  mutating func takeTick(count: Int = 1) -> UInt64 {
    defer { clock += UInt64(count) }
    return clock
  }

  /// Adds or replaces the entry of `key` and returns the entry it replaced.
  ///
  /// - Complexity: O(1) on average.
  @discardableResult
  mutating func insert(_ entry: Entry, forKey key: String) -> Entry? {
    let key = DiskCacheKey(key)
    let previous = entries.updateValue(entry, forKey: key)
    totalSize += entry.size - (previous?.size ?? 0)
    // Wrapping, not trapping: a loaded row's numbers come from the disk.
    clock = max(clock, entry.lastAccess &+ 1)
    nextGeneration = max(nextGeneration, entry.generation &+ 1)
    unsavedAccesses.remove(key)
    return previous
  }

  /// Removes the entry of `key` and returns it.
  ///
  /// - Complexity: O(1) on average.
  @discardableResult
  mutating func remove(forKey key: String) -> Entry? {
    let key = DiskCacheKey(key)
    guard let previous = entries.removeValue(forKey: key) else { return nil }
    totalSize -= previous.size
    unsavedAccesses.remove(key)
    return previous
  }

  /// The keys to evict, least recently used first, so that the total size drops to at
  /// most `targetSize`, never including the keys in `protected`.
  ///
  /// - Complexity: O(n log n) for n entries; trims are rare (each one frees 30 % of
  ///   the limit), so this stays cheap amortized over the writes that caused it.
  func evictionPlan(toSize targetSize: Int, protecting protected: Set<DiskCacheKey> = [])
    -> [String]
  {
    guard totalSize > targetSize else { return [] }
    var excess = totalSize - targetSize
    var plan: [String] = []
    for (key, entry) in entries.sorted(by: { $0.value.lastAccess < $1.value.lastAccess })
    where !protected.contains(key) {
      guard excess > 0 else { break }
      plan.append(key.string)
      excess -= entry.size
    }
    return plan
  }

  /// Returns the keys whose access ticks changed since the last call, with their ticks,
  /// and marks them saved.
  ///
  /// - Complexity: O(k) for k unsaved keys.
  mutating func takeUnsavedAccesses() -> [(key: String, lastAccess: UInt64, rowID: Int64)] {
    defer { unsavedAccesses.removeAll(keepingCapacity: true) }
    return unsavedAccesses.compactMap { key in
      entries[key].map { (key.string, $0.lastAccess, $0.rowID) }
    }
  }

  /// All keys, least recently used first.
  ///
  /// - Complexity: O(n log n).
  var keysByRecency: [String] {
    entries.sorted { $0.value.lastAccess < $1.value.lastAccess }.map(\.key.string)
  }
}
