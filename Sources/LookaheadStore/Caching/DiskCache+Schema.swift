import Foundation
import GRDB

/// The SQL of the disk cache's index: one row per key, with the value inline or the
/// name of its file.
enum DiskCacheSchema {
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
          file TEXT
        );
        CREATE TABLE IF NOT EXISTS inlineValue (
          id INTEGER PRIMARY KEY REFERENCES entry(id) ON DELETE CASCADE,
          value BLOB NOT NULL
        );
        """)
  }

  /// Reads every row except the inline bytes.
  static func loadEntries(_ db: Database) throws -> [(String, DiskCacheIndex.Entry)] {
    let rows = try Row.fetchCursor(
      db, sql: "SELECT key, size, checksum, generation, lastAccess, file FROM entry")
    var entries: [(String, DiskCacheIndex.Entry)] = []
    while let row = try rows.next() {
      let keyBytes: Data = row[0]
      let file: String? = row[5]
      let entry = DiskCacheIndex.Entry(
        size: row[1],
        checksum: UInt64(bitPattern: row[2]),
        storage: file.map { .file($0) } ?? .inline,
        generation: UInt64(bitPattern: row[3]),
        lastAccess: UInt64(bitPattern: row[4]))
      entries.append((String(decoding: keyBytes, as: UTF8.self), entry))
    }
    return entries
  }

  static func upsert(
    _ db: Database, key: String, entry: DiskCacheIndex.Entry, inlineValue: Data?
  ) throws {
    let statement = try db.cachedStatement(
      sql: """
        INSERT INTO entry (key, size, checksum, generation, lastAccess, file)
        VALUES (?, ?, ?, ?, ?, ?)
        ON CONFLICT(key) DO UPDATE SET
          size = excluded.size, checksum = excluded.checksum,
          generation = excluded.generation, lastAccess = excluded.lastAccess,
          file = excluded.file
        RETURNING id
        """)
    let file: String?
    switch entry.storage {
    case .inline: file = nil
    case .file(let name): file = name
    }
    let id = try Int64.fetchOne(
      statement,
      arguments: [
        Data(key.utf8), entry.size, Int64(bitPattern: entry.checksum),
        Int64(bitPattern: entry.generation), Int64(bitPattern: entry.lastAccess), file,
      ])
    if let inlineValue {
      try db.cachedStatement(sql: "INSERT OR REPLACE INTO inlineValue (id, value) VALUES (?, ?)")
        .execute(arguments: [id, inlineValue])
    } else {
      try db.cachedStatement(sql: "DELETE FROM inlineValue WHERE id = ?").execute(arguments: [id])
    }
  }

  static func delete(_ db: Database, key: String) throws {
    try db.cachedStatement(sql: "DELETE FROM entry WHERE key = ?").execute(arguments: [
      Data(key.utf8)
    ])
  }

  static func deleteAll(_ db: Database) throws {
    try db.execute(sql: "DELETE FROM entry")
  }

  static func saveAccesses(_ db: Database, _ accesses: [(key: String, lastAccess: UInt64)]) throws {
    let statement = try db.cachedStatement(sql: "UPDATE entry SET lastAccess = ? WHERE key = ?")
    for access in accesses {
      try statement.execute(arguments: [
        Int64(bitPattern: access.lastAccess), Data(access.key.utf8),
      ])
    }
  }

  /// The inline value of a row with its recorded size and checksum, or `nil` if the
  /// row is gone or its value lives in a file.
  static func inlineValue(_ db: Database, key: String) throws -> (
    value: Data, size: Int, checksum: UInt64, generation: UInt64
  )? {
    let statement = try db.cachedStatement(
      sql: """
        SELECT inlineValue.value, entry.size, entry.checksum, entry.generation
        FROM entry JOIN inlineValue ON inlineValue.id = entry.id
        WHERE entry.key = ? AND entry.file IS NULL
        """)
    guard let row = try Row.fetchOne(statement, arguments: [Data(key.utf8)]) else { return nil }
    let value: Data = (row[0] as Data?) ?? Data()
    return (value, row[1], UInt64(bitPattern: row[2]), UInt64(bitPattern: row[3]))
  }
}
