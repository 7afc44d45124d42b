import Foundation
import GRDB

extension DiskCache {
  /// Stores `value` for `key`, replacing any previous value, and marks it most
  /// recently used.
  ///
  /// The write is atomic: after a crash the key holds the old value or the new one.
  /// A value larger than the trim target (`sizeLimit × trimRatio`) is not stored, and
  /// any previous value of the key is removed so that it cannot be served stale.
  ///
  /// - Returns: Whether the value was stored.
  /// - Throws: ``StoreError`` if the file or the index cannot be written; the cache
  ///   then still holds the key's previous value.
  /// - Complexity: O(size) for the write; a trim adds O(n log n).
  @discardableResult
  public func setValue(_ value: Data, forKey key: String) throws -> Bool {
    try setValues([(key, value)]) == 1
  }

  /// Stores several values in one transaction: the fast way to write many small
  /// values, such as the thumbnails of a page.
  ///
  /// All values are stored, or none is (values above the trim target are skipped as
  /// in ``setValue(_:forKey:)``). When a key appears twice, the last value wins.
  ///
  /// - Returns: The number of values stored.
  /// - Throws: ``StoreError`` if a file or the index cannot be written; the cache then
  ///   still holds the previous values.
  /// - Complexity: O(total size) for the writes; a trim adds O(n log n).
  @discardableResult
  public func setValues(_ values: [(key: String, value: Data)]) throws -> Int {
    try writeGate.withLock { () -> Int in
      try checkWritable()
      var written: [(key: String, entry: DiskCacheIndex.Entry, inline: Data?)] = []
      var oversized: [String] = []
      written.reserveCapacity(values.count)
      do {
        let (firstGeneration, firstTick) = state.withLock {
          ($0.index.takeGeneration(count: values.count), $0.index.takeTick(count: values.count))
        }
        for (offset, (key, value)) in values.enumerated() {
          guard value.count <= configuration.trimTarget else {
            oversized.append(key)
            continue
          }
          let generation = firstGeneration + UInt64(offset)
          let tick = firstTick + UInt64(offset)
          var entry = DiskCacheIndex.Entry(
            size: value.count, checksum: Self.checksum(value), storage: .inline,
            generation: generation, lastAccess: tick)
          if value.count > configuration.inlineLimit {
            let name = Self.fileName(forKey: key, generation: generation)
            try writeFile(value, named: name)
            entry.storage = .file(name)
            written.append((key, entry, nil))
          } else {
            written.append((key, entry, value))
          }
        }
      } catch {
        removeFiles(of: written.map(\.entry))
        throw error
      }
      let (accesses, knownRowIDs) = state.withLock { state in
        (state.index.takeUnsavedAccesses(), state.index.rowIDs(of: written.map(\.key) + oversized))
      }
      do {
        try database.write { db in
          // A key written twice in one batch updates the row its first write made.
          var rowIDs = knownRowIDs
          for position in written.indices {
            let item = written[position]
            let rowID = try DiskCacheSchema.upsert(
              db, key: item.key, entry: item.entry, inlineValue: item.inline,
              knownRowID: rowIDs[DiskCacheKey(item.key)])
            rowIDs[DiskCacheKey(item.key)] = rowID
            written[position].entry.rowID = rowID
          }
          for key in oversized {
            if let rowID = rowIDs.removeValue(forKey: DiskCacheKey(key)) {
              try DiskCacheSchema.delete(db, rowID: rowID)
            }
          }
          try DiskCacheSchema.saveAccesses(db, accesses)
        }
      } catch {
        noteDamage(error)
        removeFiles(of: written.map(\.entry))
        throw StoreError.databaseFailed("write values to", directory.path, error)
      }
      let replaced = state.withLock { state in
        written.compactMap { state.index.insert($0.entry, forKey: $0.key) }
          + oversized.compactMap { state.index.remove(forKey: $0) }
      }
      removeFiles(of: replaced)
      try trimIfNeeded(protecting: written.map(\.key))
      return written.count
    }
  }

  /// Removes the value of `key`. Removing a missing key does nothing and touches no
  /// file.
  ///
  /// - Throws: ``StoreError`` if the index cannot be written.
  /// - Complexity: O(1) plus one transaction.
  public func removeValue(forKey key: String) throws {
    try writeGate.withLock {
      guard let entry = state.withLock({ $0.index.entry(forKey: key) }) else { return }
      try checkWritable()
      do {
        try database.write { db in try DiskCacheSchema.delete(db, rowID: entry.rowID) }
      } catch {
        noteDamage(error)
        throw StoreError.databaseFailed("remove a value from", directory.path, error)
      }
      let removed = state.withLock { $0.index.remove(forKey: key) }
      removeFiles(of: removed.map { [$0] } ?? [])
    }
  }

  /// Removes every value.
  ///
  /// - Throws: ``StoreError`` if the index cannot be written.
  /// - Complexity: O(n).
  public func removeAll() throws {
    try writeGate.withLock {
      try checkWritable()
      do {
        try database.write { db in try DiskCacheSchema.deleteAll(db) }
      } catch {
        noteDamage(error)
        throw StoreError.databaseFailed("remove all values from", directory.path, error)
      }
      state.withLock { $0.index = DiskCacheIndex() }
      removeUnreferencedFiles(referenced: DiskCacheIndex())
    }
  }

  /// Evicts least recently used values until the total size is at most `size` bytes.
  ///
  /// - Throws: ``StoreError`` if the index cannot be written.
  /// - Complexity: O(n log n).
  public func trim(toSize size: Int) throws {
    precondition(size >= 0, "size must not be negative, got \(size)")
    try writeGate.withLock {
      try checkWritable()
      try evict(toSize: size, protecting: [])
    }
  }

  private func trimIfNeeded(protecting protected: [String]) throws {
    let total = state.withLock { $0.index.totalSize }
    guard total > configuration.sizeLimit else { return }
    try evict(toSize: configuration.trimTarget, protecting: Set(protected.map { DiskCacheKey($0) }))
  }

  /// Must be called holding `writeGate`.
  private func evict(toSize size: Int, protecting protected: Set<DiskCacheKey>) throws {
    let (plan, rowIDs, accesses) = state.withLock { state in
      let plan = state.index.evictionPlan(toSize: size, protecting: protected)
      return (plan, state.index.rowIDs(of: plan), state.index.takeUnsavedAccesses())
    }
    guard !plan.isEmpty || !accesses.isEmpty else { return }
    do {
      try database.write { db in
        for rowID in rowIDs.values {
          try DiskCacheSchema.delete(db, rowID: rowID)
        }
        try DiskCacheSchema.saveAccesses(db, accesses)
      }
    } catch {
      noteDamage(error)
      throw StoreError.databaseFailed("evict values from", directory.path, error)
    }
    let evicted = state.withLock { state in plan.compactMap { state.index.remove(forKey: $0) } }
    removeFiles(of: evicted)
  }

  private func removeFiles(of entries: [DiskCacheIndex.Entry]) {
    for entry in entries {
      if case .file(let name) = entry.storage { removeFile(named: name) }
    }
  }

  private func checkWritable() throws {
    if state.withLock({ $0.isClosed }) { throw StoreError.closed(directory) }
    if isReadOnly { throw StoreError.readOnly(directory) }
  }
}
