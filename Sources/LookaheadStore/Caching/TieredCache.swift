import Foundation
import Lookahead

/// Memory, then disk, then the network: a `Loader` that answers from the fastest
/// layer that has the value.
///
/// A lookup tries the `MemoryCache` first, then the ``DiskCache`` (a disk hit is
/// decoded and promoted to memory), and only then the wrapped loader, whose result is
/// stored in both layers. Because a `TieredCache` is itself a `Loader`, it can be
/// handed to an `AsyncDriver` so that every preload fills both caches.
///
/// Caching never turns a successful load into a failure: a value that cannot be
/// encoded or written to disk is still returned (and kept in memory), and the fault is
/// logged through the disk cache's logger. Disk bytes that no longer decode (for
/// example after the app changed its format) are removed and loaded again.
///
/// The two caches must agree on which keys are the same: memory compares keys with
/// `Key`'s `==`, the disk compares the exact UTF-8 bytes of `diskKey(key)`. That is why
/// `diskKey` must map equal keys to byte-for-byte equal disk keys and different keys to
/// different ones. `String`'s `==` treats canonically equivalent spellings (the NFC and
/// NFD forms of "é") as equal: with `String` keys, derive the disk key from one
/// normalized form, such as Foundation's `precomposedStringWithCanonicalMapping`.
///
/// Concurrent lookups of one key are not joined here; the load queue above already
/// joins them.
///
/// All methods are thread-safe. Disk lookups are synchronous file or SQLite reads,
/// short enough for a background task; do not call ``cachedValue(forKey:)`` on the main
/// actor.
public final class TieredCache<Key: Hashable & Sendable, Value: Sendable>: Loader, Sendable {
  /// The layer a value came from.
  public enum Tier: Sendable, Hashable {
    /// The memory cache.
    case memory
    /// The disk cache; the value was promoted to memory.
    case disk
    /// The wrapped loader; the value was stored in both caches.
    case loader
  }

  /// The memory layer.
  public let memory: MemoryCache<Key, Value>
  /// The disk layer.
  public let disk: DiskCache
  /// The loader asked when both caches miss.
  public let loader: any Loader<Key, Value>

  fileprivate let diskKey: @Sendable (Key) -> String
  /// Turns a value into the bytes the disk keeps; `nil` when the disk keeps the bytes as
  /// loaded (a cache with a processing step), and a stored value stays in memory only.
  fileprivate let encode: (@Sendable (Value) throws -> Data)?
  fileprivate let decode: @Sendable (Data, Key) throws -> Value
  fileprivate let cost: @Sendable (Value) -> Int
  /// With a processing step: the loader of the bytes as they come over the network,
  /// which keeps them on disk, and the step that turns them into values.
  public let processing: Processing?

  /// The processing step of a tiered cache whose memory tier holds processed values
  /// (decoded images) while its disk keeps the bytes as loaded.
  ///
  /// A value type; thread-safe.
  public struct Processing: Sendable {
    /// Loads the bytes of a key over the network and writes them to the disk tier as
    /// they came, before they are processed.
    public let loader: any Loader<Key, Data>
    /// Turns loaded or stored bytes into a value.
    public let process: @Sendable (Data, Key) throws -> Value
    /// A value's cost in the memory tier.
    public let cost: @Sendable (Value) -> Int
  }

  /// Creates a tiered cache.
  ///
  /// - Parameters:
  ///   - memory: The memory layer.
  ///   - disk: The disk layer.
  ///   - loader: Loads values both caches miss.
  ///   - diskKey: The disk cache's key for a key, for example a URL's absolute string.
  ///     Must agree with `Key`'s `==`: equal keys give byte-for-byte equal disk keys,
  ///     and two different keys never share a disk key (see the type's discussion of
  ///     `String` keys).
  ///   - encode: Turns a value into the bytes stored on disk.
  ///   - decode: Turns stored bytes back into a value; throw if they are not valid.
  ///   - cost: A value's cost in the memory cache, usually its size in bytes.
  public init(
    memory: MemoryCache<Key, Value>,
    disk: DiskCache,
    loader: some Loader<Key, Value>,
    diskKey: @escaping @Sendable (Key) -> String,
    encode: @escaping @Sendable (Value) throws -> Data,
    decode: @escaping @Sendable (Data) throws -> Value,
    cost: @escaping @Sendable (Value) -> Int
  ) {
    self.memory = memory
    self.disk = disk
    self.loader = loader
    self.diskKey = diskKey
    self.encode = encode
    self.decode = { data, _ in try decode(data) }
    self.cost = cost
    processing = nil
  }

  /// Creates a tiered cache with a processing step: the disk keeps the bytes as they
  /// came over the network, and the memory tier holds what `process` makes of them
  /// (a decoded, downsampled image) at its real `cost`.
  ///
  /// The processing runs in the task that loads or reads the value, never on the main
  /// thread when a list preloader drives the cache (its loads run in their own tasks at
  /// their priority), and never for a load that was cancelled. Bytes on disk that no
  /// longer process are removed and loaded again.
  ///
  /// ```swift
  /// let images = TieredCache(
  ///   memory: MemoryCache<URL, Thumbnail>(costLimit: 150_000_000),
  ///   disk: try DiskCache(directory: caches.appending(path: "images")),
  ///   loader: URLSessionLoader(), diskKey: { $0.path() },
  ///   process: { data, _ in try Thumbnail(decoding: data, fitting: cellSize) },
  ///   cost: { $0.decodedByteCount })
  /// ```
  ///
  /// - Parameters:
  ///   - memory: The memory layer, of processed values.
  ///   - disk: The disk layer, of loaded bytes.
  ///   - loader: Loads the bytes both caches miss.
  ///   - diskKey: The disk cache's key for a key; must agree with `Key`'s `==`.
  ///   - process: Turns bytes into a value; throw if they are not valid.
  ///   - cost: A value's cost in the memory tier, in bytes (a decoded image's pixels).
  public init(
    memory: MemoryCache<Key, Value>,
    disk: DiskCache,
    loader: some Loader<Key, Data>,
    diskKey: @escaping @Sendable (Key) -> String,
    process: @escaping @Sendable (Data, Key) throws -> Value,
    cost: @escaping @Sendable (Value) -> Int
  ) {
    let keeping = BytesKeepingLoader(loader: loader, disk: disk, diskKey: diskKey)
    self.memory = memory
    self.disk = disk
    self.loader = ProcessingLoader(loader: keeping, process: process)
    self.diskKey = diskKey
    encode = nil
    decode = process
    self.cost = cost
    processing = Processing(loader: keeping, process: process, cost: cost)
  }

  /// Returns the value of `key` from the fastest layer that has it, loading it if no
  /// cache does.
  ///
  /// - Throws: The wrapped loader's error (including cancellation) when both caches
  ///   miss and the load fails. Cache faults never throw.
  /// - Complexity: O(1) for a memory hit; one disk read for a disk hit.
  public func load(_ key: Key) async throws -> Value {
    try await valueAndTier(forKey: key).value
  }

  /// Returns the value of `key` and the layer that answered.
  ///
  /// - Throws: The wrapped loader's error when both caches miss and the load fails.
  public func valueAndTier(forKey key: Key) async throws -> (value: Value, tier: Tier) {
    if let value = cachedValueAndTier(forKey: key) {
      return value
    }
    let value = try await loader.load(key)
    store(value, forKey: key, cost: cost(value))
    return (value, .loader)
  }

  /// Returns the value of `key` if memory or disk has it, without loading. A disk hit
  /// is promoted to memory.
  ///
  /// - Complexity: O(1) for a memory hit or a miss; one disk read for a disk hit.
  public func cachedValue(forKey key: Key) -> Value? {
    cachedValueAndTier(forKey: key)?.value
  }

  /// Stores `value` in both layers (in memory only, with a processing step: the disk
  /// keeps loaded bytes).
  ///
  /// - Throws: ``StoreError`` if the value cannot be encoded or written to disk; the
  ///   memory layer holds it anyway.
  public func setValue(_ value: Value, forKey key: Key) throws {
    memory.setValue(value, forKey: key, cost: cost(value))
    // With a processing step, the disk keeps loaded bytes only.
    guard let encode else { return }
    let data: Data
    do {
      data = try encode(value)
    } catch {
      throw StoreError.codingFailed("encode the value of \(diskKey(key).debugDescription)", error)
    }
    try disk.setValue(data, forKey: diskKey(key))
  }

  /// Removes the value of `key` from both layers.
  ///
  /// - Throws: ``StoreError`` if the disk index cannot be written; memory is cleared
  ///   anyway.
  public func removeValue(forKey key: Key) throws {
    memory.removeValue(forKey: key)
    try disk.removeValue(forKey: diskKey(key))
  }

  private func cachedValueAndTier(forKey key: Key) -> (value: Value, tier: Tier)? {
    if let value = memory.value(forKey: key) {
      return (value, .memory)
    }
    return localValue(forKey: key).map { ($0, .disk) }
  }

  fileprivate func log(_ level: StoreLogMessage.Level, _ text: String) {
    disk.configuration.logger(StoreLogMessage(level: level, text: text))
  }
}

extension TieredCache: Caching {
  /// The memory tier's value of `key`, counting as a use; never touches the disk.
  public func memoryValue(forKey key: Key) -> Value? { memory.value(forKey: key) }

  /// Whether the memory tier holds `key`.
  public func containsMemoryValue(forKey key: Key) -> Bool { memory.containsValue(forKey: key) }

  /// The disk tier's value of `key`, decoded and promoted to memory; `nil` on a miss.
  /// Bytes that no longer decode are removed and count as a miss.
  ///
  /// - Complexity: One disk read.
  public func localValue(forKey key: Key) -> Value? {
    let name = diskKey(key)
    guard let data = disk.value(forKey: name) else { return nil }
    do {
      let value = try decode(data, key)
      memory.setValue(value, forKey: key, cost: cost(value))
      return value
    } catch {
      log(
        .warning,
        "Removed the cached value of \(name.debugDescription): it does not decode (\(error))")
      try? disk.removeValue(forKey: name)
      return nil
    }
  }

  /// Whether the disk tier holds `key`, answered from its index in memory: no system
  /// call, no use counted.
  public func containsLocalValue(forKey key: Key) -> Bool {
    disk.containsValue(forKey: diskKey(key))
  }

  /// Stores a value that was just loaded in memory (with `cost`) and on disk (with a
  /// processing step, its loader wrote the loaded bytes already); a value that cannot be
  /// encoded or written is kept in memory and the fault is logged.
  public func store(_ value: Value, forKey key: Key, cost: Int) {
    memory.setValue(value, forKey: key, cost: cost)
    // With a processing step, the loader kept the loaded bytes on disk already.
    guard let encode else { return }
    let name = diskKey(key)
    do {
      try disk.setValue(try encode(value), forKey: name)
    } catch {
      log(.error, "Could not store the loaded value of \(name.debugDescription) on disk: \(error)")
    }
  }

  /// Empties the memory tier; the disk keeps its values.
  public func removeAllFromMemory() { memory.removeAll() }

  /// The total cost the memory tier holds.
  public var memoryCost: Int { memory.totalCost }
}

extension TieredCache where Value == Data {
  /// Creates a tiered cache of raw bytes: values are stored on disk as they are and
  /// cost their size in memory.
  ///
  /// - Parameters:
  ///   - memory: The memory layer.
  ///   - disk: The disk layer.
  ///   - loader: Loads values both caches miss.
  ///   - diskKey: The disk cache's key for a key; must agree with `Key`'s `==` (equal
  ///     keys give byte-for-byte equal disk keys, different keys different ones).
  public convenience init(
    memory: MemoryCache<Key, Data>,
    disk: DiskCache,
    loader: some Loader<Key, Value>,
    diskKey: @escaping @Sendable (Key) -> String
  ) {
    self.init(
      memory: memory, disk: disk, loader: loader, diskKey: diskKey,
      encode: { $0 }, decode: { $0 }, cost: { $0.count })
  }
}

/// Loads bytes and writes them to a disk cache as they came, for a tiered cache with a
/// processing step. A write that fails is logged; the load still succeeds.
private struct BytesKeepingLoader<Key: Hashable & Sendable>: Loader {
  let loader: any Loader<Key, Data>
  let disk: DiskCache
  let diskKey: @Sendable (Key) -> String

  func load(_ key: Key) async throws -> Data {
    let data = try await loader.load(key)
    let name = diskKey(key)
    do {
      try disk.setValue(data, forKey: name)
    } catch {
      disk.configuration.logger(
        StoreLogMessage(
          level: .error,
          text: "Could not store the loaded bytes of \(name.debugDescription) on disk: \(error)"))
    }
    return data
  }
}
