/// An in-memory least-recently-used cache with count, cost and age limits.
///
/// A true LRU: every hit makes its entry the most recently used, and when a
/// limit is exceeded the least recently used entries are evicted first. Entries
/// live in one array linked by indices (a hash map plus a doubly linked list),
/// so `get`, `set` and `remove` are O(1) and no object is allocated per entry.
///
/// - `countLimit`: the largest number of entries.
/// - `costLimit`: the largest sum of entry costs (usually bytes).
/// - `timeToLive`: entries older than this are treated as missing, measured on
///   the injected clock.
/// - Entries whose cost is more than `maximumEntryCostFraction` of `costLimit`
///   are refused, so one huge value cannot flush the whole cache.
///
/// Unlike `NSCache`, eviction is deterministic and identical on every platform.
/// Call ``removeAll()`` when the app receives a memory warning.
///
/// All methods are thread-safe and cheap enough to call from the main thread
/// during scrolling: each takes one short lock and never calls back into your
/// code.
public final class MemoryCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  /// The largest number of entries kept.
  public let countLimit: Int
  /// The largest sum of entry costs kept, usually in bytes.
  public let costLimit: Int
  /// How long an entry stays valid after it was stored, or `nil` for ever.
  public let timeToLive: Duration?
  /// The largest cost of a single entry; costlier entries are refused.
  public let entryCostLimit: Int

  private let storage = Locked(LRUStorage<Key, Value>())
  private let now: @Sendable () -> Duration

  /// Creates an empty cache.
  ///
  /// - Parameters:
  ///   - countLimit: The largest number of entries; at least 1.
  ///   - costLimit: The largest total cost (bytes); at least 1.
  ///   - timeToLive: How long entries stay valid; positive, or `nil` for ever.
  ///   - maximumEntryCostFraction: Entries costing more than this fraction of
  ///     `costLimit` are refused. In `0...1`; 0.1 by default (a 100 MB cache
  ///     refuses single entries over 10 MB). Ignored without a `costLimit`.
  ///   - clock: The clock that measures `timeToLive`; read only when
  ///     `timeToLive` is set.
  public init(
    countLimit: Int = .max,
    costLimit: Int = .max,
    timeToLive: Duration? = nil,
    maximumEntryCostFraction: Double = 0.1,
    clock: some Clock<Duration> = ContinuousClock()
  ) {
    precondition(countLimit >= 1, "countLimit must be at least 1")
    precondition(costLimit >= 1, "costLimit must be at least 1")
    precondition(timeToLive.map { $0 > .zero } ?? true, "timeToLive must be positive")
    precondition(
      (0...1).contains(maximumEntryCostFraction), "maximumEntryCostFraction must be in 0...1")
    self.countLimit = countLimit
    self.costLimit = costLimit
    self.timeToLive = timeToLive
    // Without a cost limit there is nothing for one entry to flush.
    let fractionOfLimit = Double(costLimit) * maximumEntryCostFraction
    self.entryCostLimit =
      costLimit == .max || fractionOfLimit >= Double(Int.max)
      ? Int.max : Int(fractionOfLimit.rounded(.down))
    let epoch = clock.now
    self.now = { epoch.duration(to: clock.now) }
  }

  /// The number of entries, including expired ones not yet removed.
  ///
  /// - Complexity: O(1).
  public var count: Int { storage.withLock { $0.count } }

  /// The sum of the costs of all entries.
  ///
  /// - Complexity: O(1).
  public var totalCost: Int { storage.withLock { $0.totalCost } }

  /// The keys from most to least recently used, for inspection and tests.
  ///
  /// - Complexity: O(n).
  public var keys: [Key] { storage.withLock { $0.keysByRecency() } }

  /// Returns the value for `key` and marks it most recently used, or `nil` if
  /// it is missing or expired (an expired entry is removed).
  ///
  /// - Parameter key: The key to look up.
  /// - Returns: The cached value, if any.
  /// - Complexity: O(1).
  public func value(forKey key: Key) -> Value? {
    let now = timeToLive == nil ? nil : self.now()
    return storage.withLock { storage in
      guard let slot = storage.slot(of: key) else { return nil }
      if let now, let expiry = storage.expiry(at: slot), expiry <= now {
        storage.remove(at: slot)
        return nil
      }
      storage.touch(slot)
      return storage.value(at: slot)
    }
  }

  /// Whether a live value is stored for `key`, without changing its recency.
  ///
  /// - Complexity: O(1).
  public func containsValue(forKey key: Key) -> Bool {
    let now = timeToLive == nil ? nil : self.now()
    return storage.withLock { storage in
      guard let slot = storage.slot(of: key) else { return false }
      guard let now, let expiry = storage.expiry(at: slot) else { return true }
      return expiry > now
    }
  }

  /// Stores `value` for `key` as the most recently used entry, then evicts
  /// least recently used entries until the limits hold.
  ///
  /// A value costing more than ``entryCostLimit`` is refused, and any older
  /// value for `key` is removed so a stale value never outlives its
  /// replacement.
  ///
  /// - Parameters:
  ///   - value: The value to store.
  ///   - key: Its key.
  ///   - cost: Its cost, usually its size in bytes; not negative.
  /// - Returns: `false` if the value was refused as too costly.
  /// - Complexity: O(1) amortized, plus O(e) for e evicted entries.
  @discardableResult
  public func setValue(_ value: Value, forKey key: Key, cost: Int = 0) -> Bool {
    precondition(cost >= 0, "cost must not be negative")
    guard cost <= entryCostLimit else {
      removeValue(forKey: key)
      return false
    }
    let expiry = timeToLive.map { now() + $0 }
    storage.withLock { storage in
      storage.set(value, forKey: key, cost: cost, expiry: expiry)
      Self.evict(&storage, toCount: countLimit, toCost: costLimit)
    }
    return true
  }

  /// Removes the value for `key`.
  ///
  /// - Parameter key: The key to remove.
  /// - Returns: The removed value, or `nil` if there was none.
  /// - Complexity: O(1).
  @discardableResult
  public func removeValue(forKey key: Key) -> Value? {
    storage.withLock { storage in
      guard let slot = storage.slot(of: key) else { return nil }
      return storage.remove(at: slot)
    }
  }

  /// Removes every entry and releases the cache's storage; call it on memory
  /// pressure.
  ///
  /// - Complexity: O(n).
  public func removeAll() {
    storage.withLock { $0.removeAll() }
  }

  /// Evicts least recently used entries until the total cost is at most `cost`.
  ///
  /// - Parameter cost: The target total cost; not negative.
  /// - Complexity: O(e) for e evicted entries.
  public func trim(toCost cost: Int) {
    precondition(cost >= 0, "cost must not be negative")
    storage.withLock { Self.evict(&$0, toCount: .max, toCost: cost) }
  }

  /// Evicts least recently used entries until at most `count` remain.
  ///
  /// - Parameter count: The target number of entries; not negative.
  /// - Complexity: O(e) for e evicted entries.
  public func trim(toCount count: Int) {
    precondition(count >= 0, "count must not be negative")
    storage.withLock { Self.evict(&$0, toCount: count, toCost: .max) }
  }

  /// Removes every expired entry; expired entries are otherwise removed when
  /// they are looked up or evicted.
  ///
  /// - Complexity: O(n).
  public func removeExpiredValues() {
    guard timeToLive != nil else { return }
    let now = self.now()
    storage.withLock { storage in
      var slot = storage.tail
      while slot != -1 {
        let newer = storage.newer(than: slot)
        if let expiry = storage.expiry(at: slot), expiry <= now { storage.remove(at: slot) }
        slot = newer
      }
    }
  }

  private static func evict(_ storage: inout LRUStorage<Key, Value>, toCount: Int, toCost: Int) {
    while storage.tail != -1 && (storage.count > toCount || storage.totalCost > toCost) {
      storage.remove(at: storage.tail)
    }
  }
}
