import Foundation
import GRDB

/// Codable documents by identifier in named tables, on SQLite.
///
/// The idea of YTKKeyValueStore, done safely: every "table" is a value of the
/// `collection` column of one physical SQLite table, so a table name is data, never
/// SQL, and any string is a valid, injection-proof table name. Documents are stored as
/// JSON with their creation and update dates.
///
/// Table names and identifiers are the exact UTF-8 bytes the caller gave, in memory, in
/// SQLite and in listings: `"a\0b"` and `"a"` are two documents, and so are the NFC
/// and NFD spellings of "é", which `String`'s `==` calls equal. Listings return
/// identifiers as they were given, sorted by their UTF-8 bytes.
///
/// Each call is one transaction: after a crash a document is its old version or its
/// new one. A write that returned is on the disk (`synchronous = FULL`): it survives
/// a power loss too, at the cost of one disk flush per call. A damaged database file
/// is rebuilt empty with a logged warning.
///
/// Every row carries an xxHash64 checksum of its table name, identifier, dates and
/// JSON, verified on every read, listings included. A row that fails it was altered on
/// disk: it is a miss, removed and logged as a warning. Once the checksum holds, the
/// bytes are the ones the store wrote, so a document that does not decode as the
/// requested type is the caller's mismatch, not damage: it throws
/// ``StoreError/Code/codingFailed`` and is kept.
///
/// A file written by the previous version (TEXT keys, no checksums) is migrated when it
/// is opened, in one transaction. Each of its rows gets the checksum of what it holds
/// then: damage done before the migration that leaves the JSON well-formed (a flipped
/// digit) goes unnoticed, while a row whose JSON is malformed is dropped and logged.
/// Such a file opened read-only is read as it is, trusting well-formed rows, and is
/// migrated at the first writable open.
///
/// All methods are thread-safe (calls are serialized on one SQLite connection). They
/// touch the disk: call them from a background task, except the one read at launch.
public final class KeyValueStore: Sendable {
  /// The SQLite file.
  public let url: URL
  private let database: DatabaseQueue
  private let schema: KeyValueSchema
  private let isReadOnly: Bool
  private let logger: StoreLogger
  private let now: @Sendable () -> Date

  /// Opens the store at `url`, creating the file (but not its folder) if needed, and
  /// migrating a file of the previous version.
  ///
  /// - Parameters:
  ///   - url: The SQLite file.
  ///   - logger: Receives a warning when a damaged file is rebuilt or a damaged document
  ///     removed.
  ///   - now: The clock for creation and update dates; inject one in tests.
  /// - Throws: ``StoreError`` if the file can neither be opened nor rebuilt.
  public init(
    url: URL,
    logger: @escaping StoreLogger = StoreLoggers.standardError,
    now: @escaping @Sendable () -> Date = Date.init
  ) throws {
    self.url = url
    self.logger = logger
    self.now = now
    let opened = try StoreDatabase.open(at: url, logger: logger) { db, isReadOnly in
      try KeyValueSchema.prepare(db, isReadOnly: isReadOnly, path: url.path, logger: logger)
    }
    database = opened.database
    schema = opened.loaded
    isReadOnly = opened.isReadOnly
  }

  /// Stores `value` as the document `id` of `table`, replacing any previous version
  /// (whose creation date is kept, unless that version was damaged).
  ///
  /// - Parameters:
  ///   - value: The document.
  ///   - id: Its identifier within the table; any string.
  ///   - table: The table's name; any non-empty string.
  /// - Throws: ``StoreError`` if the value cannot be encoded or the file written.
  /// - Complexity: O(size of the new and the previous document) plus O(log n).
  public func put(_ value: some Encodable, id: String, inTable table: String) throws {
    precondition(!table.isEmpty, "table must not be empty")
    let json: Data
    do {
      json = try Self.encoder.encode(value)
    } catch {
      throw StoreError.codingFailed("encode document \(id.debugDescription) of \(table)", error)
    }
    try checkWritable()
    let date = now().timeIntervalSince1970
    var row = KeyValueRow(
      collection: Data(table.utf8), id: Data(id.utf8), json: json, createdAt: date,
      updatedAt: date)
    let damage = try perform("write") { db -> String? in
      // The previous version is verified before its creation date is carried over.
      guard let previous = try fetchRow(db, collection: row.collection, id: row.id) else {
        try KeyValueSchema.insert(row, db)
        return nil
      }
      var damage: String?
      switch KeyValueRow.verify(previous) {
      case .intact(let document): row.createdAt = document.createdAt
      case .damaged(_, _, let reason): damage = reason
      }
      try KeyValueSchema.insert(row, db)
      return damage
    }
    if let damage {
      log(
        .warning,
        "Replaced the damaged document \(id.debugDescription) of \(table.debugDescription) "
          + "in \(url.path), whose creation date is lost, because \(damage)")
    }
  }

  /// Returns the document `id` of `table` with its dates, or `nil` if there is none.
  ///
  /// A document altered on disk is `nil`: it is removed and logged.
  ///
  /// - Throws: ``StoreError`` if the file cannot be read or the document does not
  ///   decode as `Value`.
  /// - Complexity: O(size of the document) plus O(log n).
  public func item<Value: Decodable>(
    _ type: Value.Type = Value.self, id: String, inTable table: String
  ) throws -> KeyValueItem<Value>? {
    let collection = Data(table.utf8)
    let key = Data(id.utf8)
    let row = try perform("read") { db in try fetchRow(db, collection: collection, id: key) }
    guard let row else { return nil }
    return try intactDocuments([row]).first.map { try decode($0, as: type, table: table) }
  }

  /// Returns the document `id` of `table`, or `nil` if there is none.
  ///
  /// A document altered on disk is `nil`: it is removed and logged.
  ///
  /// - Throws: ``StoreError`` if the file cannot be read or the document does not
  ///   decode as `Value`.
  /// - Complexity: O(size of the document) plus O(log n).
  public func value<Value: Decodable>(
    _ type: Value.Type = Value.self, id: String, inTable table: String
  ) throws -> Value? {
    try item(type, id: id, inTable: table)?.value
  }

  /// Returns every document of `table`, oldest first (by creation date, then by the
  /// identifier's UTF-8 bytes). Documents altered on disk are left out, removed and
  /// logged.
  ///
  /// - Throws: ``StoreError`` if the file cannot be read or a document does not decode
  ///   as `Value`.
  /// - Complexity: O(total size of the table's documents) plus O(k log k) for k
  ///   documents.
  public func items<Value: Decodable>(
    _ type: Value.Type = Value.self, inTable table: String
  ) throws -> [KeyValueItem<Value>] {
    let rows = try fetchRows(inTable: table, orderedBy: "createdAt, id")
    return try intactDocuments(rows).map { try decode($0, as: type, table: table) }
  }

  /// Returns the identifiers of the documents of `table`, exactly as they were given,
  /// sorted by their UTF-8 bytes. Documents altered on disk are left out, removed and
  /// logged: verifying them reads every document of the table.
  ///
  /// - Throws: ``StoreError`` if the file cannot be read.
  /// - Complexity: O(total size of the table's documents) plus O(log n).
  public func ids(inTable table: String) throws -> [String] {
    try intactDocuments(fetchRows(inTable: table, orderedBy: "id")).map(\.idString)
  }

  /// Deletes the document `id` of `table`. Deleting a missing document does nothing.
  ///
  /// - Throws: ``StoreError`` if the file cannot be written.
  /// - Complexity: O(log n).
  public func delete(id: String, inTable table: String) throws {
    try checkWritable()
    try perform("write") { db in
      try db.execute(
        sql: "DELETE FROM document WHERE collection = ? AND id = ?",
        arguments: [Data(table.utf8), Data(id.utf8)])
    }
  }

  /// Deletes every document of `table`.
  ///
  /// - Throws: ``StoreError`` if the file cannot be written.
  /// - Complexity: O(k + log n) for k documents.
  public func removeTable(_ table: String) throws {
    try checkWritable()
    try perform("write") { db in
      try db.execute(
        sql: "DELETE FROM document WHERE collection = ?", arguments: [Data(table.utf8)])
    }
  }

  /// Closes the file. Later calls throw.
  ///
  /// - Throws: ``StoreError`` if SQLite cannot close the file.
  public func close() throws {
    do {
      try database.close()
    } catch {
      throw StoreError.databaseFailed("close", url.path, error)
    }
  }

  private static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return encoder
  }()

  private func perform<T>(_ operation: String, _ body: (Database) throws -> T) throws -> T {
    do {
      return operation == "read" ? try database.read(body) : try database.write(body)
    } catch {
      throw StoreError.databaseFailed(operation, url.path, error)
    }
  }

  private func checkWritable() throws {
    if isReadOnly || schema == .legacy { throw StoreError.readOnly(url) }
  }

  private func fetchRow(_ db: Database, collection: Data, id: Data) throws -> Row? {
    try Row.fetchOne(
      db, sql: "\(schema.selection) WHERE \(schema.matchesKey)", arguments: [collection, id])
  }

  private func fetchRows(inTable table: String, orderedBy order: String) throws -> [Row] {
    try perform("read") { db in
      try Row.fetchAll(
        db, sql: "\(schema.selection) WHERE \(schema.matchesCollection) ORDER BY \(order)",
        arguments: [Data(table.utf8)])
    }
  }

  /// The rows that pass verification, in order; the others are removed and logged.
  private func intactDocuments(_ rows: [Row]) -> [KeyValueRow] {
    var intact: [KeyValueRow] = []
    var damaged: [(collection: Data?, id: Data?, reason: String)] = []
    for row in rows {
      switch KeyValueRow.verify(row) {
      case .intact(let document): intact.append(document)
      case .damaged(let collection, let id, let reason): damaged.append((collection, id, reason))
      }
    }
    if !damaged.isEmpty { removeDamaged(damaged) }
    return intact
  }

  private func removeDamaged(_ damaged: [(collection: Data?, id: Data?, reason: String)]) {
    var removed = false
    if !isReadOnly && schema == .current {
      do {
        try database.write { db in
          for case (let collection?, let id?, _) in damaged {
            // Still damaged, not replaced by a put since it was read?
            guard let row = try fetchRow(db, collection: collection, id: id),
              case .damaged = KeyValueRow.verify(row)
            else { continue }
            try db.execute(
              sql: "DELETE FROM document WHERE collection = ? AND id = ?",
              arguments: [collection, id])
          }
        }
        removed = true
      } catch {
        log(.error, "Could not remove damaged documents from \(url.path): \(error)")
      }
    }
    for (collection, id, reason) in damaged {
      log(
        .warning,
        "\(removed ? "Removed" : "Skipped") the damaged document \(KeyValueSchema.describe(id)) "
          + "of \(KeyValueSchema.describe(collection)) in \(url.path) because \(reason)")
    }
  }

  private func decode<Value: Decodable>(_ document: KeyValueRow, as type: Value.Type, table: String)
    throws -> KeyValueItem<Value>
  {
    let id = document.idString
    do {
      return KeyValueItem(
        id: id, value: try JSONDecoder().decode(type, from: document.json),
        createdAt: Date(timeIntervalSince1970: document.createdAt),
        updatedAt: Date(timeIntervalSince1970: document.updatedAt))
    } catch {
      throw StoreError.codingFailed("decode document \(id.debugDescription) of \(table)", error)
    }
  }

  private func log(_ level: StoreLogMessage.Level, _ text: String) {
    logger(StoreLogMessage(level: level, text: text))
  }
}
