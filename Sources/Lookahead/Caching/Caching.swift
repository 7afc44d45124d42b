/// A cache a list preloader reads synchronously for cells and fills with what it
/// loads: ``MemoryCache``, or `TieredCache` (memory and disk) from `LookaheadStore`.
///
/// The cache is the one owner of loaded values. The preloader never keeps a value of
/// its own: a cell asks ``memoryValue(forKey:)`` (or the preloader, which asks the
/// cache first), the strategy asks ``containsMemoryValue(forKey:)`` on every frame to
/// know what is ready, and a finished load goes into the cache with
/// ``store(_:forKey:cost:)``.
///
/// Conforming types must be safe to call from any thread; the memory lookups must be
/// cheap enough for the main thread during scrolling.
public protocol Caching<Key, Value>: Sendable {
  /// The identifier of a resource, usually a URL.
  associatedtype Key: Hashable & Sendable
  /// The cached resource.
  associatedtype Value: Sendable

  /// The value of `key` if the memory tier holds it; never touches the disk.
  func memoryValue(forKey key: Key) -> Value?

  /// Whether the memory tier holds `key`, without counting as a use.
  func containsMemoryValue(forKey key: Key) -> Bool

  /// The value of `key` from a slower local tier (a disk cache), promoted to memory, or
  /// `nil` when no tier below memory has it. May block on I/O: never call it on the
  /// main thread.
  func localValue(forKey key: Key) -> Value?

  /// Whether a slower local tier (a disk cache) holds `key`, answered without I/O and
  /// without counting as a use; cheap enough for every frame, like
  /// ``containsMemoryValue(forKey:)``. The strategy asks it of items that are not ready,
  /// to know which loads cost no network bytes. The default answers `false`.
  func containsLocalValue(forKey key: Key) -> Bool

  /// Stores a value that was just loaded in every tier.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - key: Its key.
  ///   - cost: Its cost in the memory tier, usually its size in bytes.
  func store(_ value: Value, forKey key: Key, cost: Int)

  /// Empties the memory tier (a memory warning); slower tiers keep their values.
  func removeAllFromMemory()

  /// The total cost the memory tier holds now.
  var memoryCost: Int { get }
}

extension Caching {
  /// `false`: no tier below memory.
  public func containsLocalValue(forKey key: Key) -> Bool { false }
}

extension MemoryCache: Caching {
  /// The value of `key`, counting as a use.
  public func memoryValue(forKey key: Key) -> Value? { value(forKey: key) }

  /// Whether the cache holds `key`.
  public func containsMemoryValue(forKey key: Key) -> Bool { containsValue(forKey: key) }

  /// Always `nil`: a memory cache has no slower tier.
  public func localValue(forKey key: Key) -> Value? { nil }

  /// Stores `value` with `cost`.
  public func store(_ value: Value, forKey key: Key, cost: Int) {
    setValue(value, forKey: key, cost: cost)
  }

  /// Removes every entry.
  public func removeAllFromMemory() { removeAll() }

  /// The sum of the costs of all entries.
  public var memoryCost: Int { totalCost }
}
