import Foundation
import GRDB

/// The SQL of the key-value store, and the migration of files written by its previous
/// version.
///
/// Table names and identifiers are stored as BLOBs of their UTF-8 bytes. The previous
/// version stored them as TEXT, which SQLite's C API and GRDB pass as NUL-terminated
/// strings, so `"a\0b"` was stored and looked up as `"a"`. BLOBs carry their length,
/// compare with `memcmp`, and sort as UTF-8 bytes, as TEXT did.
///
/// The table is `WITHOUT ROWID`: its primary key is the table itself, not a separate
/// index that damage could make disagree with the rows, so a lookup only ever returns
/// a row whose stored key equals the key asked for.
enum KeyValueSchema: Sendable {
  /// The current table: BLOB keys and a checksum per row.
  case current
  /// A file of the previous version that could not be migrated because it is
  /// read-only: TEXT keys, matched by their bytes, and no checksums. Rows are trusted
  /// when their JSON is well-formed, as the migration would have trusted them.
  case legacy

  /// The columns ``KeyValueRow/verify(_:)`` expects, from `document`.
  var selection: String {
    switch self {
    case .current: "SELECT collection, id, json, createdAt, updatedAt, checksum FROM document"
    case .legacy: "SELECT collection, id, json, createdAt, updatedAt, NULL FROM document"
    }
  }

  /// The condition on one document; its arguments are the key's bytes.
  var matchesKey: String {
    switch self {
    case .current: "collection = ? AND id = ?"
    case .legacy: "CAST(collection AS BLOB) = ? AND CAST(id AS BLOB) = ?"
    }
  }

  /// The condition on one table; its argument is the table name's bytes.
  var matchesCollection: String {
    switch self {
    case .current: "collection = ?"
    case .legacy: "CAST(collection AS BLOB) = ?"
    }
  }

  /// Creates or migrates the table and tells which schema the file now has.
  ///
  /// The migration copies every row of the previous table into the new one, in the
  /// transaction that opens the store: a process killed halfway leaves the old table
  /// untouched for the next open. Each row gets the checksum of what it holds then;
  /// a row whose JSON is not well-formed (or whose columns are unreadable) is damage
  /// that no later read could tell apart from a type mismatch, so it is dropped and
  /// logged. A row altered in a way that keeps its JSON well-formed (one flipped digit)
  /// before the migration cannot be detected, and is kept.
  static func prepare(_ db: Database, isReadOnly: Bool, path: String, logger: StoreLogger) throws
    -> Self
  {
    guard try db.tableExists("document") else {
      if !isReadOnly { try create(db) }
      return .current
    }
    if try db.columns(in: "document").contains(where: { $0.name == "checksum" }) {
      return .current
    }
    if isReadOnly { return .legacy }
    try migrate(db, path: path, logger: logger)
    return .current
  }

  private static func create(_ db: Database) throws {
    try db.execute(
      sql: """
        CREATE TABLE document (
          collection BLOB NOT NULL,
          id BLOB NOT NULL,
          json BLOB NOT NULL,
          createdAt DOUBLE NOT NULL,
          updatedAt DOUBLE NOT NULL,
          checksum INTEGER NOT NULL,
          PRIMARY KEY (collection, id)
        ) WITHOUT ROWID
        """)
  }

  private static func migrate(_ db: Database, path: String, logger: StoreLogger) throws {
    try db.execute(sql: "ALTER TABLE document RENAME TO legacyDocument")
    try create(db)
    // The columns of `legacy.selection`: no checksum yet.
    let rows = try Row.fetchCursor(
      db, sql: "SELECT collection, id, json, createdAt, updatedAt, NULL FROM legacyDocument")
    var migrated = 0
    while let row = try rows.next() {
      switch KeyValueRow.verify(row) {
      case .intact(let document):
        try insert(document, db)
        migrated += 1
      case .damaged(let collection, let id, let reason):
        logger(
          StoreLogMessage(
            level: .warning,
            text: "Dropped the document \(describe(id)) of \(describe(collection)) while "
              + "migrating \(path) because \(reason)"))
      }
    }
    try db.execute(sql: "DROP TABLE legacyDocument")
    logger(
      StoreLogMessage(
        level: .info, text: "Migrated \(migrated) documents of \(path) to checksummed rows"))
  }

  /// Inserts or replaces a row, with the checksum of its content.
  static func insert(_ row: KeyValueRow, _ db: Database) throws {
    try db.execute(
      sql: """
        INSERT OR REPLACE INTO document (collection, id, json, createdAt, updatedAt, checksum)
        VALUES (?, ?, ?, ?, ?, ?)
        """,
      arguments: [
        row.collection, row.id, row.json, row.createdAt, row.updatedAt,
        Int64(bitPattern: row.checksum),
      ])
  }

  /// Stored key bytes for a log message: the string they spell, quoted.
  static func describe(_ bytes: Data?) -> String {
    bytes.map { String(decoding: $0, as: UTF8.self).debugDescription } ?? "(unreadable)"
  }
}
