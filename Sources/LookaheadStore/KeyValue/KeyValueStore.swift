import Foundation
import GRDB

/// Codable documents by identifier in named tables, on SQLite.
///
/// The idea of YTKKeyValueStore, done safely: every "table" is a value of the
/// `collection` column of one physical SQLite table, so a table name is data, never
/// SQL, and any string is a valid, injection-proof table name. Documents are stored as
/// JSON with their creation and update dates.
///
/// Each call is one transaction: after a crash a document is its old version or its
/// new one. A write that returned is on the disk (`synchronous = FULL`): it survives
/// a power loss too, at the cost of one disk flush per call. A damaged database file
/// is rebuilt empty with a logged warning.
///
/// All methods are thread-safe (calls are serialized on one SQLite connection). They
/// touch the disk: call them from a background task, except the one read at launch.
public final class KeyValueStore: Sendable {
  /// The SQLite file.
  public let url: URL
  private let database: DatabaseQueue
  private let now: @Sendable () -> Date

  /// Opens the store at `url`, creating the file (but not its folder) if needed.
  ///
  /// - Parameters:
  ///   - url: The SQLite file.
  ///   - logger: Receives a warning when a damaged file is rebuilt.
  ///   - now: The clock for creation and update dates; inject one in tests.
  /// - Throws: ``StoreError`` if the file can neither be opened nor rebuilt.
  public init(
    url: URL,
    logger: @escaping StoreLogger = StoreLoggers.standardError,
    now: @escaping @Sendable () -> Date = Date.init
  ) throws {
    self.url = url
    self.now = now
    database = try StoreDatabase.open(at: url, logger: logger) { db, isReadOnly in
      if !isReadOnly {
        try db.execute(
          sql: """
            CREATE TABLE IF NOT EXISTS document (
              collection TEXT NOT NULL,
              id TEXT NOT NULL,
              json BLOB NOT NULL,
              createdAt DOUBLE NOT NULL,
              updatedAt DOUBLE NOT NULL,
              PRIMARY KEY (collection, id)
            )
            """)
      }
    }.database
  }

  /// Stores `value` as the document `id` of `table`, replacing any previous version
  /// (whose creation date is kept).
  ///
  /// - Parameters:
  ///   - value: The document.
  ///   - id: Its identifier within the table.
  ///   - table: The table's name; any non-empty string.
  /// - Throws: ``StoreError`` if the value cannot be encoded or the file written.
  /// - Complexity: O(size of the document) plus O(log n) for the index.
  public func put(_ value: some Encodable, id: String, inTable table: String) throws {
    precondition(!table.isEmpty, "table must not be empty")
    let json: Data
    do {
      json = try Self.encoder.encode(value)
    } catch {
      throw StoreError.codingFailed("encode document \(id.debugDescription) of \(table)", error)
    }
    let date = now().timeIntervalSince1970
    try perform("write") { db in
      try db.execute(
        sql: """
          INSERT INTO document (collection, id, json, createdAt, updatedAt)
          VALUES (?, ?, ?, ?, ?)
          ON CONFLICT (collection, id) DO UPDATE SET
            json = excluded.json, updatedAt = excluded.updatedAt
          """, arguments: [table, id, json, date, date])
    }
  }

  /// Returns the document `id` of `table` with its dates, or `nil` if there is none.
  ///
  /// - Throws: ``StoreError`` if the file cannot be read or the document does not
  ///   decode as `Value`.
  /// - Complexity: O(size of the document) plus O(log n).
  public func item<Value: Decodable>(
    _ type: Value.Type = Value.self, id: String, inTable table: String
  ) throws -> KeyValueItem<Value>? {
    let row = try perform("read") { db in
      try Row.fetchOne(
        db,
        sql: "SELECT id, json, createdAt, updatedAt FROM document WHERE collection = ? AND id = ?",
        arguments: [table, id])
    }
    return try row.map { try decode($0, as: type, table: table) }
  }

  /// Returns the document `id` of `table`, or `nil` if there is none.
  ///
  /// - Throws: ``StoreError`` if the file cannot be read or the document does not
  ///   decode as `Value`.
  /// - Complexity: O(size of the document) plus O(log n).
  public func value<Value: Decodable>(
    _ type: Value.Type = Value.self, id: String, inTable table: String
  ) throws -> Value? {
    try item(type, id: id, inTable: table)?.value
  }

  /// Returns every document of `table`, oldest first (by creation date, then id).
  ///
  /// - Throws: ``StoreError`` if the file cannot be read or a document does not decode
  ///   as `Value`.
  /// - Complexity: O(total size of the table's documents) plus O(k log k) for k
  ///   documents.
  public func items<Value: Decodable>(
    _ type: Value.Type = Value.self, inTable table: String
  ) throws -> [KeyValueItem<Value>] {
    let rows = try perform("read") { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT id, json, createdAt, updatedAt FROM document WHERE collection = ?
          ORDER BY createdAt, id
          """, arguments: [table])
    }
    return try rows.map { try decode($0, as: type, table: table) }
  }

  /// Returns the identifiers of the documents of `table`, sorted.
  ///
  /// - Throws: ``StoreError`` if the file cannot be read.
  /// - Complexity: O(k) for k documents.
  public func ids(inTable table: String) throws -> [String] {
    try perform("read") { db in
      try String.fetchAll(
        db, sql: "SELECT id FROM document WHERE collection = ? ORDER BY id", arguments: [table])
    }
  }

  /// Deletes the document `id` of `table`. Deleting a missing document does nothing.
  ///
  /// - Throws: ``StoreError`` if the file cannot be written.
  /// - Complexity: O(log n).
  public func delete(id: String, inTable table: String) throws {
    try perform("write") { db in
      try db.execute(
        sql: "DELETE FROM document WHERE collection = ? AND id = ?", arguments: [table, id])
    }
  }

  /// Deletes every document of `table`.
  ///
  /// - Throws: ``StoreError`` if the file cannot be written.
  /// - Complexity: O(k + log n) for k documents.
  public func removeTable(_ table: String) throws {
    try perform("write") { db in
      try db.execute(sql: "DELETE FROM document WHERE collection = ?", arguments: [table])
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

  private func decode<Value: Decodable>(_ row: Row, as type: Value.Type, table: String) throws
    -> KeyValueItem<Value>
  {
    let id: String = row[0]
    let json: Data = row[1]
    do {
      return KeyValueItem(
        id: id, value: try JSONDecoder().decode(type, from: json),
        createdAt: Date(timeIntervalSince1970: row[2]),
        updatedAt: Date(timeIntervalSince1970: row[3]))
    } catch {
      throw StoreError.codingFailed("decode document \(id.debugDescription) of \(table)", error)
    }
  }
}
