import Foundation
import GRDB

/// The SQL of the disk cache's index: one row per key, with the value inline or the
/// name of its file.
///
/// SQLite checksums neither rows nor pages, and a value's checksum says nothing about
/// the key it is filed under: a row whose key bytes changed would answer for another
/// key with a value that passes its own check. So every row also carries a row
/// checksum of its key and of what it says about the value (size, value checksum,
/// generation, where the bytes live), verified when the index is loaded. The recency
/// tick is left out, so that writing the recency of reads costs no hashing: a damaged
/// tick only reorders evictions, and is clamped.
///
/// Once loaded, rows are addressed by the row id the memory mirror keeps and checked
/// against their key; the UNIQUE index on `key` only keeps a new key from being
/// inserted twice, so damage to that index cannot send a read, a removal or an update
/// to another key's row.
enum DiskCacheSchema {
  /// The `user_version` of an index whose rows all have a row checksum. An index of the
  /// previous version has 0.
  static let version = 1

  /// The largest generation or access tick a loaded row may hold: far beyond what any
  /// cache reaches (2⁴⁸ writes), far enough below 2⁶⁴ that counting on from it never
  /// overflows.
  static let counterLimit: UInt64 = 1 << 48

  /// Creates the tables, or adds the row checksum to an index of the previous version
  /// (whose rows get theirs in ``load(_:isReadOnly:logger:)``).
  static func create(_ db: Database) throws {
    // Inline bytes live in their own table so that writing the recency of a read
    // rewrites a small metadata row, not the value.
    try db.execute(
      sql: """
        CREATE TABLE IF NOT EXISTS entry (
          id INTEGER PRIMARY KEY,
          key BLOB NOT NULL UNIQUE,
          size INTEGER NOT NULL,
          checksum INTEGER NOT NULL,
          generation INTEGER NOT NULL,
          lastAccess INTEGER NOT NULL,
          file TEXT,
          rowChecksum INTEGER
        );
        CREATE TABLE IF NOT EXISTS inlineValue (
          id INTEGER PRIMARY KEY REFERENCES entry(id) ON DELETE CASCADE,
          value BLOB NOT NULL
        );
        """)
    if try !db.columns(in: "entry").contains(where: { $0.name == "rowChecksum" }) {
      try db.execute(sql: "ALTER TABLE entry ADD COLUMN rowChecksum INTEGER")
    }
  }

  /// What loading the index found.
  struct Loaded {
    var entries: [(key: String, entry: DiskCacheIndex.Entry)] = []
    /// False only for an index of the previous version opened read-only, whose rows
    /// have no row checksum to verify.
    var hasRowChecksums = true
  }

  /// Reads and verifies every row except the inline bytes.
  ///
  /// A row that fails verification is left out, deleted in the same transaction and
  /// logged. The rows of an index of the previous version have no row checksum: they
  /// are trusted once and given one now, in the transaction that opens the cache (a
  /// read-only index trusts them on every open).
  static func load(_ db: Database, isReadOnly: Bool, logger: StoreLogger) throws -> Loaded {
    let isPrevious = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 < version
    let hasColumn = try db.columns(in: "entry").contains { $0.name == "rowChecksum" }
    var loaded = Loaded(hasRowChecksums: hasColumn && !(isPrevious && isReadOnly))
    var stamps: [(rowID: Int64, rowChecksum: Int64)] = []
    var damaged: [Int64] = []
    let rows = try Row.fetchCursor(
      db,
      sql: """
        SELECT id, key, size, checksum, generation, lastAccess, file, \
        \(hasColumn ? "rowChecksum" : "NULL") FROM entry
        """)
    while let row = try rows.next() {
      switch verify(row, trustsMissingChecksum: isPrevious) {
      case .intact(let key, let entry, let stamp):
        loaded.entries.append((key, entry))
        if let stamp { stamps.append((entry.rowID, stamp)) }
      case .damaged(let rowID, let key, let reason):
        logger(
          StoreLogMessage(
            level: .warning,
            text: "Dropped the cache index row of key \(key) because \(reason)"))
        if let rowID { damaged.append(rowID) }
      }
    }
    guard !isReadOnly else { return loaded }
    for stamp in stamps {
      try db.execute(
        sql: "UPDATE entry SET rowChecksum = ? WHERE id = ?",
        arguments: [stamp.rowChecksum, stamp.rowID])
    }
    for rowID in damaged {
      try delete(db, rowID: rowID)
    }
    if isPrevious { try db.execute(sql: "PRAGMA user_version = \(version)") }
    return loaded
  }

  /// What a row selected as `id, key, size, checksum, generation, lastAccess, file,
  /// rowChecksum` holds.
  enum VerifiedRow {
    /// A row the cache wrote. `stamp` is the row checksum to store for a trusted row
    /// that had none.
    case intact(key: String, entry: DiskCacheIndex.Entry, stamp: Int64?)
    /// A row altered on disk; `key` is its key bytes as a quoted string, for the log.
    case damaged(rowID: Int64?, key: String, reason: String)
  }

  /// Checks a row. Every column is read as an optional: a damaged record can turn any
  /// column into NULL, on which a non-optional read traps, and SQLite converts other
  /// storage classes to the requested type, which the checksum then rejects.
  static func verify(_ row: Row, trustsMissingChecksum: Bool) -> VerifiedRow {
    let rowID: Int64? = row[0]
    let keyBytes: Data? = row[1]
    // Only a damaged row is logged: not worth escaping every key of the index.
    var quoted: String {
      keyBytes.map { String(decoding: $0, as: UTF8.self).debugDescription } ?? "(unreadable)"
    }
    let size: Int? = row[2]
    let checksum: Int64? = row[3]
    let generation: Int64? = row[4]
    let lastAccess: Int64? = row[5]
    guard let rowID, let keyBytes, let size, size >= 0, let checksum, let generation,
      generation >= 0, UInt64(generation) < counterLimit, let lastAccess
    else {
      return .damaged(rowID: rowID, key: quoted, reason: "a column is unreadable or out of range")
    }
    let storage: DiskCacheIndex.Storage
    switch row[6] as String? {
    case nil: storage = .inline
    case let name? where isFileName(name): storage = .file(name)
    default:
      return .damaged(rowID: rowID, key: quoted, reason: "its file name is not a name in files/")
    }
    let entry = DiskCacheIndex.Entry(
      size: size, checksum: UInt64(bitPattern: checksum), storage: storage,
      generation: UInt64(generation),
      lastAccess: min(UInt64(bitPattern: lastAccess), counterLimit), rowID: rowID)
    let expected = Int64(bitPattern: rowChecksum(key: keyBytes, entry: entry))
    let key = String(decoding: keyBytes, as: UTF8.self)
    switch row[7] as Int64? {
    case expected?:
      return .intact(key: key, entry: entry, stamp: nil)
    case nil where trustsMissingChecksum:
      return .intact(key: key, entry: entry, stamp: expected)
    default:
      return .damaged(rowID: rowID, key: quoted, reason: "its row checksum does not match")
    }
  }

  /// The row checksum: the xxHash64 of the key, seeded with the hash of what the row
  /// says about the value (the numbers, then the file name), so that all of it is
  /// covered without building one buffer: the numbers are hashed on the stack.
  static func rowChecksum(key: some Collection<UInt8>, entry: DiskCacheIndex.Entry) -> UInt64 {
    // A homogeneous tuple is laid out like a C array: 24 contiguous bytes.
    let numbers = (
      UInt64(entry.size).littleEndian, entry.checksum.littleEndian, entry.generation.littleEndian
    )
    var seed: UInt64
    switch entry.storage {
    case .inline:
      seed = withUnsafeBytes(of: numbers) { XXHash64.hash($0, seed: 0) }
    case .file(let name):
      seed = withUnsafeBytes(of: numbers) { XXHash64.hash($0, seed: 1) }
      seed = XXHash64.hash(of: name.utf8, seed: seed)
    }
    return XXHash64.hash(of: key, seed: seed)
  }

  /// Whether a stored file name stays inside `files/`: the row checksum already rules
  /// out altered names, but a row of the previous version is trusted without one.
  private static func isFileName(_ name: String) -> Bool {
    !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\0")
  }

  /// Writes the row of `key` and returns its row id.
  ///
  /// A key the memory mirror knows (`knownRowID`) is updated in place at its row id,
  /// checked against its key, so that a damaged key index can neither redirect the
  /// write to another key's row nor leave the old row to come back at the next open.
  /// A new key, or a known row that is gone, is inserted; the key's UNIQUE index turns
  /// an insert over a row the mirror did not know into an update.
  static func upsert(
    _ db: Database, key: String, entry: DiskCacheIndex.Entry, inlineValue: Data?,
    knownRowID: Int64?
  ) throws -> Int64 {
    let keyBytes = Data(key.utf8)
    let file: String?
    switch entry.storage {
    case .inline: file = nil
    case .file(let name): file = name
    }
    let checksum = Int64(bitPattern: entry.checksum)
    let generation = Int64(bitPattern: entry.generation)
    let lastAccess = Int64(bitPattern: entry.lastAccess)
    let rowChecksum = Int64(bitPattern: rowChecksum(key: keyBytes, entry: entry))
    var id: Int64?
    if let knownRowID {
      try db.cachedStatement(
        sql: """
          UPDATE entry SET size = ?, checksum = ?, generation = ?, lastAccess = ?, file = ?,
            rowChecksum = ?
          WHERE id = ? AND key = ?
          """
      ).execute(arguments: [
        entry.size, checksum, generation, lastAccess, file, rowChecksum, knownRowID, keyBytes,
      ])
      if db.changesCount > 0 { id = knownRowID }
    }
    if id == nil {
      let statement = try db.cachedStatement(
        sql: """
          INSERT INTO entry (key, size, checksum, generation, lastAccess, file, rowChecksum)
          VALUES (?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT(key) DO UPDATE SET
            size = excluded.size, checksum = excluded.checksum,
            generation = excluded.generation, lastAccess = excluded.lastAccess,
            file = excluded.file, rowChecksum = excluded.rowChecksum
          RETURNING id
          """)
      id = try Int64.fetchOne(
        statement,
        arguments: [keyBytes, entry.size, checksum, generation, lastAccess, file, rowChecksum])
    }
    guard let id else {
      throw DatabaseError(
        resultCode: .SQLITE_ERROR, message: "no row id for \(key.debugDescription)")
    }
    if let inlineValue {
      try db.cachedStatement(sql: "INSERT OR REPLACE INTO inlineValue (id, value) VALUES (?, ?)")
        .execute(arguments: [id, inlineValue])
    } else {
      try db.cachedStatement(sql: "DELETE FROM inlineValue WHERE id = ?").execute(arguments: [id])
    }
    return id
  }

  /// Deletes a row (and its inline value).
  static func delete(_ db: Database, rowID: Int64) throws {
    try db.cachedStatement(sql: "DELETE FROM entry WHERE id = ?").execute(arguments: [rowID])
  }

  static func deleteAll(_ db: Database) throws {
    try db.execute(sql: "DELETE FROM entry")
  }

  static func saveAccesses(
    _ db: Database, _ accesses: [(key: String, lastAccess: UInt64, rowID: Int64)]
  ) throws {
    let statement = try db.cachedStatement(sql: "UPDATE entry SET lastAccess = ? WHERE id = ?")
    for access in accesses {
      try statement.execute(arguments: [Int64(bitPattern: access.lastAccess), access.rowID])
    }
  }

  /// The statement that reads an inline value with what its row says about it, by row
  /// id: `key, size, checksum, generation, rowChecksum, value`. An index without row
  /// checksums selects NULL for them.
  static func inlineValueStatement(_ db: Database, hasRowChecksums: Bool) throws -> Statement {
    try db.cachedStatement(
      sql: """
        SELECT entry.key, entry.size, entry.checksum, entry.generation, \
        \(hasRowChecksums ? "entry.rowChecksum" : "NULL"), inlineValue.value
        FROM entry JOIN inlineValue ON inlineValue.id = entry.id
        WHERE entry.id = ? AND entry.file IS NULL
        """)
  }
}
