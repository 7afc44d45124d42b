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
      let row: (value: Data, size: Int, checksum: UInt64, generation: UInt64)?
      do {
        row = try reader.unsafeRead { db in try DiskCacheSchema.inlineValue(db, key: key) }
      } catch  where StoreDatabase.isDamage(error) {
        return .damaged(generation: entry.generation, reason: "its row is damaged (\(error))")
      } catch {
        // I/O trouble or a closed database says nothing about the value: miss, keep it.
        log(.error, "Could not read the value of \(key.debugDescription): \(error)")
        return .gone
      }
      guard let row else { return .gone }
      return verified(row.value, size: row.size, checksum: row.checksum, generation: row.generation)
    case .file(let name):
      let url = filesDirectory.appendingPathComponent(name)
      guard let data = FileManager.default.contents(atPath: url.path) else {
        return .damaged(generation: entry.generation, reason: "its file \(url.path) is missing")
      }
      return verified(
        data, size: entry.size, checksum: entry.checksum, generation: entry.generation)
    }
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
          try database.write { db in try DiskCacheSchema.delete(db, key: key) }
        } catch {
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
