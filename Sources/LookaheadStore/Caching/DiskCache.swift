import Foundation
import GRDB
import Lookahead

/// A size-limited, least-recently-used cache of bytes on disk, indexed by SQLite.
///
/// Values of at most ``Configuration/inlineLimit`` bytes (20 KB by default) live inside
/// the SQLite index, which makes small writes many times faster than one file per
/// value; larger values get a file each in the `files` folder, named by a hash of the
/// key plus a write generation. No part of a key ever becomes a path, so a key such as
/// `../../etc/passwd` cannot leave the cache folder.
///
/// The whole index (keys, sizes, recency) is mirrored in memory, so "not cached" is one
/// hash lookup without a system call, and recency updates on reads do not touch the
/// disk: they are written to the index once ``Configuration/accessFlushInterval``
/// distinct keys were read, on every write and trim, and on ``flush()`` and ``close()``.
///
/// Keys are compared by their exact UTF-8 bytes, in memory as in the index and the file
/// names: the NFC and NFD spellings of "é", which `String`'s `==` calls equal, are two
/// keys.
///
/// Writes are atomic: a file value is written to `staging/`, renamed into `files/`,
/// then its row is committed in one transaction; the replaced file is deleted only
/// afterwards. A process killed at any moment leaves each key with its old value or
/// its new one; leftovers are removed at the next open. Writes do not wait for the
/// disk (no fsync per value or per commit, SQLite's `synchronous = NORMAL` in WAL
/// mode): a power loss can take back the last writes, which then read as misses or
/// old values, but cannot damage the index. Every read verifies the size
/// and checksum of the value: a missing, truncated or garbage file or row is a miss,
/// and the entry is removed and logged. Every index row also carries a checksum of its
/// key and of what it says about the value, verified when the index is loaded: a row
/// altered on disk is dropped and logged, never served under another key. When
/// the folder cannot be written, writes throw ``StoreError`` and reads keep working.
///
/// A damaged index (SQLite reports it when the cache opens, or while it runs, in which
/// case the next open takes care of it) is salvaged: the rows that can still be read
/// and verified are copied into a new index, which replaces the damaged one in one
/// rename, and the values of the others are lost; a warning says how many were kept.
/// An index that cannot be read at all, or an index written by the previous version
/// (without row checksums), is rebuilt empty instead.
///
/// When a write takes the total above ``Configuration/sizeLimit``, least recently
/// used values are evicted until the total is at most 70 % of the limit.
///
/// All methods are thread-safe. Misses are cheap enough for the main thread during
/// scrolling; hits read SQLite or a file, so call them from a background task. Inline
/// values are read on a read-only SQLite connection of their own, so a hit never waits
/// for a write or a trim in progress.
public final class DiskCache: Sendable {
  struct State: Sendable {
    var index = DiskCacheIndex()
    var isClosed = false
  }

  /// The folder that holds the index and the value files.
  public let directory: URL
  /// The configuration the cache was opened with.
  public let configuration: Configuration
  /// Whether the folder could not be written when the cache was opened. A read-only
  /// cache serves reads; every write throws ``StoreError/Code/readOnly``.
  public let isReadOnly: Bool

  /// Whether the index rows carry row checksums: false only for an index of the
  /// previous version opened read-only, which could not be given them.
  let hasRowChecksums: Bool
  /// The connection that writes the index.
  let database: DatabaseQueue
  /// A read-only connection of its own for inline values, so that a hit never waits
  /// for a write or a trim in progress (WAL readers see the last commit).
  let reader: DatabaseQueue
  let filesDirectory: URL
  let stagingDirectory: URL
  let state: Locked<State>
  /// Serializes every change of the index (writes, removals, trims, flushes), so that
  /// files, rows and memory change in the same order. Reads never take it except to
  /// remove a damaged entry.
  ///
  /// A bare lock rather than a `Locked`: it orders steps and guards no value, and a
  /// `Locked<Void>`'s zero-sized value shares its address with the lock's storage,
  /// which ThreadSanitizer reports as a race.
  let writeGate = NSLock()

  /// Opens the cache in `directory`, creating the folder if needed.
  ///
  /// Opening reads the index into memory (one row per key, without the values),
  /// verifies its rows, salvages a damaged index, deletes files that no row references
  /// (left by a process killed mid-write, or by rows lost to damage) and trims if the
  /// total exceeds the limit. An index of the previous version gets its row checksums
  /// now, trusting its rows once.
  ///
  /// - Parameters:
  ///   - directory: The cache's own folder. Nothing else should write there.
  ///   - configuration: Limits and logging.
  /// - Throws: ``StoreError`` if the index can neither be opened nor rebuilt.
  /// - Complexity: O(n log n) for n entries (reading the index, listing the files).
  public init(directory: URL, configuration: Configuration = Configuration()) throws {
    configuration.validate()
    self.directory = directory
    self.configuration = configuration
    filesDirectory = directory.appendingPathComponent("files", isDirectory: true)
    stagingDirectory = directory.appendingPathComponent("staging", isDirectory: true)
    for folder in [directory, filesDirectory, stagingDirectory] {
      try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    let opened = try StoreDatabase.open(
      at: Self.indexURL(in: directory), tuning: .cache, logger: configuration.logger,
      salvage: DiskCacheSalvage.salvage
    ) { db, isReadOnly in
      if !isReadOnly { try DiskCacheSchema.create(db) }
      return try DiskCacheSchema.load(db, isReadOnly: isReadOnly, logger: configuration.logger)
    }
    database = opened.database
    reader = opened.reader
    isReadOnly = opened.isReadOnly
    hasRowChecksums = opened.loaded.hasRowChecksums
    var index = DiskCacheIndex()
    for (key, entry) in opened.loaded.entries {
      index.insert(entry, forKey: key)
    }
    state = Locked(State(index: index))
    if !isReadOnly {
      removeUnreferencedFiles(referenced: index)
      if index.totalSize > configuration.sizeLimit {
        do {
          try trim(toSize: configuration.trimTarget)
        } catch {
          log(.error, "Could not trim the cache at \(directory.path) after opening: \(error)")
        }
      }
    }
  }

  deinit {
    let isClosed = state.withLock { $0.isClosed }
    if !isClosed {
      try? flush()
    }
  }

  /// The number of cached values.
  ///
  /// - Complexity: O(1).
  public var count: Int {
    state.withLock { $0.index.entries.count }
  }

  /// The total size of the cached values, in bytes.
  ///
  /// - Complexity: O(1).
  public var totalSize: Int {
    state.withLock { $0.index.totalSize }
  }

  /// Whether a value is cached for `key`, answered from memory without touching the
  /// disk and without counting as a use.
  ///
  /// - Complexity: O(1) on average, plus hashing the key.
  public func containsValue(forKey key: String) -> Bool {
    state.withLock { $0.index.entry(forKey: key) != nil }
  }

  /// All keys, least recently used first.
  ///
  /// - Complexity: O(n log n).
  public var keysByRecency: [String] {
    state.withLock { $0.index.keysByRecency }
  }

  /// Returns the value cached for `key` and marks it most recently used, or `nil` if
  /// there is none.
  ///
  /// A miss is answered from memory without a system call. A value whose file or row
  /// is missing, truncated or altered is a miss: the entry is removed and logged.
  ///
  /// - Complexity: O(1) for a miss; O(size) for a hit (one SQLite read or one file
  ///   read, plus the checksum).
  public func value(forKey key: String) -> Data? {
    // A second attempt only happens when a concurrent write replaced the entry between
    // looking it up and reading its file.
    for _ in 0..<2 {
      let lookup = state.withLock { state -> (DiskCacheIndex.Entry, Bool)? in
        guard !state.isClosed, let entry = state.index.recordRead(ofKey: key) else { return nil }
        return (entry, state.index.unsavedAccesses.count >= configuration.accessFlushInterval)
      }
      guard let (entry, shouldFlush) = lookup else { return nil }
      let outcome = read(entry, forKey: key)
      if shouldFlush {
        flushQuietly()
      }
      switch outcome {
      case .value(let data):
        return data
      case .damaged(let generation, let reason):
        if removeDamagedEntry(forKey: key, generation: generation, reason: reason) {
          return nil
        }
      case .gone:
        return nil
      }
    }
    return nil
  }

  /// Writes the recency order of recent reads to the index.
  ///
  /// Called automatically once ``Configuration/accessFlushInterval`` distinct keys were
  /// read, on writes, trims and ``close()``; call it when the app moves to the
  /// background.
  ///
  /// - Throws: ``StoreError`` if the index cannot be written.
  /// - Complexity: O(k log n) for k keys read since the last flush.
  public func flush() throws {
    try writeGate.withLock {
      let accesses = state.withLock { $0.index.takeUnsavedAccesses() }
      guard !accesses.isEmpty, !isReadOnly else { return }
      do {
        try database.write { db in try DiskCacheSchema.saveAccesses(db, accesses) }
      } catch {
        noteDamage(error)
        throw StoreError.databaseFailed("write the access order to", directory.path, error)
      }
    }
  }

  /// Writes the recency order and closes the index. Later reads miss and later writes
  /// throw ``StoreError/Code/closed``. Closing twice does nothing.
  ///
  /// - Throws: ``StoreError`` if the index cannot be written or closed.
  public func close() throws {
    let wasClosed = state.withLock { $0.isClosed }
    guard !wasClosed else { return }
    try flush()
    try writeGate.withLock {
      state.withLock { $0.isClosed = true }
      do {
        // The reader first: the last connection to close checkpoints the WAL.
        if reader !== database { try reader.close() }
        try database.close()
      } catch {
        throw StoreError.databaseFailed("close", directory.path, error)
      }
    }
  }

  func log(_ level: StoreLogMessage.Level, _ text: String) {
    configuration.logger(StoreLogMessage(level: level, text: text))
  }

  static func indexURL(in directory: URL) -> URL {
    directory.appendingPathComponent("index.sqlite")
  }

  /// Records that SQLite found the index damaged while the cache is open, so that the
  /// next open salvages it: the open connections cannot swap their file. Other errors
  /// are ignored.
  func noteDamage(_ error: any Error) {
    guard StoreDatabase.isDamage(error), !isReadOnly else { return }
    let url = Self.indexURL(in: directory)
    if StoreDatabase.markDamaged(url) {
      log(.warning, "The index at \(url.path) is damaged (\(error)); the next open salvages it")
    }
  }

  private func flushQuietly() {
    do {
      try flush()
    } catch {
      log(.error, "\(error)")
    }
  }
}
