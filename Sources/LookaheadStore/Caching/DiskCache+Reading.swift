import Foundation
import GRDB

extension DiskCache {
  enum ReadOutcome {
    case value(Data)
    /// The bytes of this generation of the entry are missing or do not match their
    /// recorded size and checksum.
    case damaged(generation: UInt64, reason: String)
    /// The entry was removed concurrently, or the index could not be read.
    case gone
  }

  func read(_ entry: DiskCacheIndex.Entry, forKey key: String) -> ReadOutcome {
    switch entry.storage {
    case .inline:
      do {
        return try reader.unsafeRead { db in try readInline(db, entry: entry, key: key) }
      } catch  where StoreDatabase.isDamage(error) {
        noteDamage(error)
        return .damaged(generation: entry.generation, reason: "its row is damaged (\(error))")
      } catch {
        // I/O trouble or a closed database says nothing about the value: miss, keep it.
        log(.error, "Could not read the value of \(key.debugDescription): \(error)")
        return .gone
      }
    case .file(let name):
      let url = filesDirectory.appendingPathComponent(name)
      guard let data = FileManager.default.contents(atPath: url.path) else {
        return .damaged(generation: entry.generation, reason: "its file \(url.path) is missing")
      }
      return verified(
        data, size: entry.size, checksum: entry.checksum, generation: entry.generation)
    }
  }

  /// Reads the inline value of `entry` at its row id and checks the row against the
  /// key and the entry, without copying the key or hashing the row in the usual case.
  private func readInline(_ db: Database, entry: DiskCacheIndex.Entry, key: String) throws
    -> ReadOutcome
  {
    let statement = try DiskCacheSchema.inlineValueStatement(db, hasRowChecksums: hasRowChecksums)
    let rows = try Row.fetchCursor(statement, arguments: [entry.rowID])
    // No row: removed or turned into a file concurrently, which `removeDamagedEntry`
    // tells apart from a lost row by looking at the entry again.
    guard let row = try rows.next() else {
      return .damaged(generation: entry.generation, reason: "its row is missing")
    }
    let isKey = try row.withUnsafeData(atIndex: 0) { stored in
      stored.map { DiskCacheKey.bytes($0, equal: key) } ?? false
    }
    // Optional reads: a damaged record can turn any column into NULL.
    let size: Int? = row[1]
    let checksum: Int64? = row[2]
    let generation = (row[3] as Int64?).map { UInt64(bitPattern: $0) }
    let value: Data? = row[5]
    guard isKey, let size, let checksum, let generation, let value else {
      return .damaged(generation: entry.generation, reason: "its row does not match its key")
    }
    if generation == entry.generation {
      // The version the mirror knows: its size and checksum were verified when it was
      // loaded or written.
      return verified(value, size: entry.size, checksum: entry.checksum, generation: generation)
    }
    // A concurrent write replaced the version since the lookup: the row vouches for the
    // new one only if its row checksum holds.
    var written = entry
    written.size = size
    written.checksum = UInt64(bitPattern: checksum)
    written.generation = generation
    guard hasRowChecksums, let stored = row[4] as Int64?,
      UInt64(bitPattern: stored) == DiskCacheSchema.rowChecksum(key: key.utf8, entry: written)
    else {
      return .damaged(generation: entry.generation, reason: "its row checksum does not match")
    }
    return verified(value, size: size, checksum: written.checksum, generation: generation)
  }

  private func verified(_ data: Data, size: Int, checksum: UInt64, generation: UInt64)
    -> ReadOutcome
  {
    guard data.count == size else {
      return .damaged(
        generation: generation, reason: "it has \(data.count) bytes instead of \(size)")
    }
    guard Self.checksum(data) == checksum else {
      return .damaged(generation: generation, reason: "its checksum does not match")
    }
    return .value(data)
  }

  static func checksum(_ data: Data) -> UInt64 {
    data.withUnsafeBytes { XXHash64.hash($0) }
  }

  /// Removes the entry of `key` if it still is the given generation. Returns `false`
  /// when a concurrent write replaced it, so the caller reads again.
  func removeDamagedEntry(forKey key: String, generation: UInt64, reason: String) -> Bool {
    writeGate.withLock {
      let (entry, isClosed) = state.withLock { ($0.index.entry(forKey: key), $0.isClosed) }
      guard let entry, !isClosed else { return true }
      guard entry.generation == generation else { return false }
      log(.warning, "Removed the cached value for key \(key.debugDescription) because \(reason)")
      if !isReadOnly {
        do {
          try database.write { db in try DiskCacheSchema.delete(db, rowID: entry.rowID) }
        } catch {
          noteDamage(error)
          log(.error, "Could not delete the damaged row of \(key.debugDescription): \(error)")
        }
      }
      state.withLock { _ = $0.index.remove(forKey: key) }
      if case .file(let name) = entry.storage, !isReadOnly {
        removeFile(named: name)
      }
      return true
    }
  }
}
