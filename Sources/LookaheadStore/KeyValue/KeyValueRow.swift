import Foundation
import GRDB

/// A row of the key-value store's `document` table, read without trusting the disk.
///
/// Every column is read by storage class rather than forced into a type (GRDB traps on a
/// NULL read as non-optional, and a damaged record can turn any column into NULL), and
/// the row's checksum is recomputed from what was read.
struct KeyValueRow {
  /// The UTF-8 bytes of the table name.
  var collection: Data
  /// The UTF-8 bytes of the document's identifier.
  var id: Data
  /// The document as the store's encoder wrote it.
  var json: Data
  /// Seconds since 1970.
  var createdAt: Double
  /// Seconds since 1970.
  var updatedAt: Double

  /// What reading a row found.
  enum Verification {
    /// The row is what the store wrote.
    case intact(KeyValueRow)
    /// The row was altered on disk. `collection` and `id` are its stored key bytes, when
    /// they could be read, to remove it and name it in the log.
    case damaged(collection: Data?, id: Data?, reason: String)
  }

  /// The identifier as the caller spelled it (the bytes came from a `String`, so the
  /// conversion is exact for an intact row).
  var idString: String { String(decoding: id, as: UTF8.self) }

  /// Checks a row selected as `collection, id, json, createdAt, updatedAt, checksum`.
  ///
  /// A NULL checksum means a file of the previous version opened read-only (see
  /// ``KeyValueSchema/legacy``): without a checksum, a row is trusted when its JSON is
  /// well-formed, the same rule the migration applies.
  static func verify(_ row: Row) -> Verification {
    let collection = Data.fromDatabaseValue(row[0])
    let id = Data.fromDatabaseValue(row[1])
    guard let collection, let id, let json = Data.fromDatabaseValue(row[2]),
      let createdAt = Double.fromDatabaseValue(row[3]),
      let updatedAt = Double.fromDatabaseValue(row[4])
    else {
      return .damaged(collection: collection, id: id, reason: "a column has the wrong type")
    }
    let verified = KeyValueRow(
      collection: collection, id: id, json: json, createdAt: createdAt, updatedAt: updatedAt)
    switch row[5] as DatabaseValue {
    case let value where value.isNull:
      guard isWellFormedJSON(json) else {
        return .damaged(collection: collection, id: id, reason: "its JSON is malformed")
      }
    case let value:
      guard let stored = Int64.fromDatabaseValue(value),
        UInt64(bitPattern: stored) == verified.checksum
      else {
        return .damaged(collection: collection, id: id, reason: "its checksum does not match")
      }
    }
    return .intact(verified)
  }

  /// The xxHash64 of everything a read returns: table name, identifier, both dates and
  /// the JSON. Covering the key means a row whose key bytes were altered cannot answer
  /// for another document; covering the dates means an altered date is caught too.
  ///
  /// The key and dates go through a length-prefixed header whose hash seeds the hash of
  /// the JSON, so that no two different rows hash the same input and the JSON is
  /// hashed in place, without a copy.
  var checksum: UInt64 {
    var header: [UInt8] = []
    header.reserveCapacity(32 + collection.count + id.count)
    for part in [collection, id] {
      withUnsafeBytes(of: UInt64(part.count).littleEndian) { header.append(contentsOf: $0) }
      header.append(contentsOf: part)
    }
    for date in [createdAt, updatedAt] {
      withUnsafeBytes(of: date.bitPattern.littleEndian) { header.append(contentsOf: $0) }
    }
    return XXHash64.hash(of: json, seed: XXHash64.hash(of: header))
  }

  /// Whether `json` parses as JSON (any value, including a bare string or number, as
  /// `JSONEncoder` writes them).
  static func isWellFormedJSON(_ json: Data) -> Bool {
    (try? JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed])) != nil
  }
}
