import Foundation
import GRDB

/// Copies what can still be read from a damaged disk-cache index into a new one.
///
/// A plain scan of the `entry` table stops at the first damaged page; the salvage reads
/// around damaged pages instead (``DamagedTableReader``). It keeps each row whose row
/// checksum holds and, for an inline value, whose value can still be read and matches
/// its checksum, and writes them into a new file in one transaction. Value files are
/// not copied: a kept row still names its file, and the files of lost rows are deleted
/// as unreferenced when the cache opens.
///
/// Only an index of this version can be salvaged: rows of the previous version have no
/// row checksum, and a row read from a damaged file that cannot be verified could
/// answer for the wrong key. Value files cannot rebuild an index either: their names
/// are hashes of their keys, and they do not hold the keys.
enum DiskCacheSalvage {
  private struct Kept {
    var key: String
    var entry: DiskCacheIndex.Entry
    var inlineValue: Data?
  }

  /// Salvages the index at `damaged` into a new index at `replacement`; returns how
  /// many entries it kept. Matches ``StoreDatabase/Salvage``.
  static func salvage(from damaged: URL, to replacement: URL, pageSize: Int) throws -> Int {
    let source = try DatabaseQueue(path: damaged.path)
    let kept: [Kept]
    do {
      // No transaction: its COMMIT reports the damage the reads ran into.
      kept = try source.inDatabase { db in try readableEntries(db) }
      try source.close()
    } catch {
      try? source.close()
      throw error
    }
    try write(kept, to: replacement, pageSize: pageSize)
    return kept.count
  }

  private static func readableEntries(_ db: Database) throws -> [Kept] {
    let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
    guard version >= DiskCacheSchema.version else {
      throw DatabaseError(
        resultCode: .SQLITE_CORRUPT, message: "an index without row checksums is not salvaged")
    }
    var kept: [Kept] = []
    var reader = DamagedTableReader(
      db, table: "entry",
      columns: "id, key, size, checksum, generation, lastAccess, file, rowChecksum")
    reader.readAll { row in
      guard
        case .intact(let key, let entry, nil) = DiskCacheSchema.verify(
          row, trustsMissingChecksum: false)
      else { return false }
      kept.append(Kept(key: key, entry: entry))
      return true
    }
    // Inline values after the scan, one lookup each: a damaged page of their table
    // costs the values it holds.
    return kept.compactMap { item in
      guard case .inline = item.entry.storage else { return item }
      guard
        let value = try? Data.fetchOne(
          db, sql: "SELECT value FROM inlineValue WHERE id = ?", arguments: [item.entry.rowID]),
        value.count == item.entry.size, DiskCache.checksum(value) == item.entry.checksum
      else { return nil }
      var item = item
      item.inlineValue = value
      return item
    }
  }

  private static func write(_ kept: [Kept], to url: URL, pageSize: Int) throws {
    let target = try DatabaseQueue(path: url.path)
    do {
      try target.writeWithoutTransaction { db in
        // Before the first table: the page size can still change. A rollback journal
        // leaves a complete file on its own once closed (no WAL to move with it), and
        // FULL makes the commit reach the disk before the file is renamed into place.
        try db.execute(
          sql: """
            PRAGMA page_size = \(pageSize);
            PRAGMA journal_mode = DELETE;
            PRAGMA synchronous = FULL;
            """)
      }
      try target.write { db in
        try DiskCacheSchema.create(db)
        for item in kept {
          _ = try DiskCacheSchema.upsert(
            db, key: item.key, entry: item.entry, inlineValue: item.inlineValue, knownRowID: nil)
        }
        try db.execute(sql: "PRAGMA user_version = \(DiskCacheSchema.version)")
      }
      try target.close()
    } catch {
      try? target.close()
      throw error
    }
  }
}
