import Foundation
import GRDB
import Testing

@testable import LookaheadStore

@Suite("KeyValueStore corruption")
struct KeyValueStoreCorruptionTests {
  typealias Profile = KeyValueStoreTests.Profile

  /// A store in `folder` holding the documents `ada` (1,234 followers) and `bob` of the
  /// table `profiles`, closed.
  private func makeClosedStore(in folder: TemporaryFolder) throws -> URL {
    let url = folder.appending("kv.sqlite")
    let store = try KeyValueStore(url: url, logger: StoreLoggers.none)
    try store.put(Profile(name: "Ada", followers: 1_234), id: "ada", inTable: "profiles")
    try store.put(Profile(name: "Bob", followers: 5), id: "bob", inTable: "profiles")
    try store.close()
    return url
  }

  /// Edits the stored row of `id` behind the store's back, as a damaged disk would.
  /// Keys are matched and written as bytes, whichever storage class the file uses.
  private func damage(
    _ url: URL, id: String, json transform: ((Data) -> Data)? = nil, newID: String? = nil
  ) throws {
    let database = try DatabaseQueue(path: url.path)
    try database.write { db in
      let match = "CAST(id AS BLOB) = CAST(? AS BLOB)"
      if let transform {
        let json = try #require(
          try Data.fetchOne(db, sql: "SELECT json FROM document WHERE \(match)", arguments: [id]))
        try db.execute(
          sql: "UPDATE document SET json = ? WHERE \(match)", arguments: [transform(json), id])
      }
      if let newID {
        try db.execute(
          sql: """
            UPDATE document SET id = CASE typeof(id) WHEN 'blob' THEN CAST(? AS BLOB) ELSE ? END
            WHERE \(match)
            """, arguments: [newID, newID, id])
      }
    }
    try database.close()
  }

  private func rowCount(_ url: URL) throws -> Int {
    let database = try DatabaseQueue(path: url.path)
    defer { try? database.close() }
    return try database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM document") ?? -1 }
  }

  private func flipDigit(_ json: Data) -> Data {
    Data(String(decoding: json, as: UTF8.self).replacingOccurrences(of: "1234", with: "1235").utf8)
  }

  @Test("a document with one flipped digit in its JSON is a miss, is removed and is logged")
  func flippedDigit() throws {
    let folder = TemporaryFolder()
    let url = try makeClosedStore(in: folder)
    try damage(url, id: "ada", json: flipDigit)
    let recorder = LogRecorder()
    let store = try KeyValueStore(url: url, logger: recorder.logger)

    #expect(try store.value(Profile.self, id: "ada", inTable: "profiles") == nil)

    #expect(recorder.warnings(containing: "\"ada\"").count == 1)
    #expect(try store.value(Profile.self, id: "ada", inTable: "profiles") == nil)
    #expect(recorder.warnings(containing: "\"ada\"").count == 1)
    #expect(try store.value(Profile.self, id: "bob", inTable: "profiles")?.followers == 5)
    try store.close()
    #expect(try rowCount(url) == 1)
  }

  @Test("a document whose JSON is broken is a miss, is removed and is logged")
  func brokenJSON() throws {
    let folder = TemporaryFolder()
    let url = try makeClosedStore(in: folder)
    try damage(url, id: "ada", json: { $0.prefix($0.count / 2) })
    let recorder = LogRecorder()
    let store = try KeyValueStore(url: url, logger: recorder.logger)

    #expect(try store.item(Profile.self, id: "ada", inTable: "profiles") == nil)

    #expect(recorder.warnings(containing: "\"ada\"").count == 1)
    try store.close()
    #expect(try rowCount(url) == 1)
  }

  @Test("a row whose id was altered answers for neither id, is not listed and is removed")
  func alteredID() throws {
    let folder = TemporaryFolder()
    let url = try makeClosedStore(in: folder)
    try damage(url, id: "ada", newID: "adb")
    let recorder = LogRecorder()
    let store = try KeyValueStore(url: url, logger: recorder.logger)

    #expect(try store.ids(inTable: "profiles") == ["bob"])

    #expect(try store.value(Profile.self, id: "adb", inTable: "profiles") == nil)
    #expect(try store.value(Profile.self, id: "ada", inTable: "profiles") == nil)
    #expect(recorder.warnings(containing: "\"adb\"").count == 1)
    try store.close()
    #expect(try rowCount(url) == 1)
  }

  @Test("listing skips, removes and logs damaged documents and returns the others")
  func listingSkipsDamage() throws {
    let folder = TemporaryFolder()
    let url = try makeClosedStore(in: folder)
    try damage(url, id: "ada", json: flipDigit)
    let recorder = LogRecorder()
    let store = try KeyValueStore(url: url, logger: recorder.logger)

    let items = try store.items(Profile.self, inTable: "profiles")

    #expect(items.map(\.value) == [Profile(name: "Bob", followers: 5)])
    #expect(recorder.warnings(containing: "\"ada\"").count == 1)
    try store.close()
    #expect(try rowCount(url) == 1)
  }

  @Test("a caller's type mismatch is not damage: it throws, logs nothing and keeps the document")
  func typeMismatchIsNotDamage() throws {
    let folder = TemporaryFolder()
    let url = try makeClosedStore(in: folder)
    let recorder = LogRecorder()
    let store = try KeyValueStore(url: url, logger: recorder.logger)

    #expect {
      try store.value([String].self, id: "ada", inTable: "profiles")
    } throws: { error in
      (error as? StoreError)?.code == .codingFailed
    }

    #expect(recorder.messages.isEmpty)
    #expect(try store.value(Profile.self, id: "ada", inTable: "profiles")?.followers == 1_234)
  }

  /// A file as the previous version wrote it (TEXT keys, no checksum): `ada` and
  /// `broken` (malformed JSON) in `profiles`, `x` in `other`.
  private func makePreviousVersionFile(at url: URL) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let legacy = try DatabaseQueue(path: url.path)
    try legacy.write { db in
      try db.execute(
        sql: """
          CREATE TABLE document (
            collection TEXT NOT NULL, id TEXT NOT NULL, json BLOB NOT NULL,
            createdAt DOUBLE NOT NULL, updatedAt DOUBLE NOT NULL, PRIMARY KEY (collection, id));
          INSERT INTO document VALUES ('profiles', 'ada', ?, 1001, 1002);
          INSERT INTO document VALUES ('profiles', 'broken', ?, 1003, 1003);
          INSERT INTO document VALUES ('other', 'x', ?, 1004, 1004);
          """,
        arguments: [
          try encoder.encode(Profile(name: "Ada", followers: 1_234)), Data("{\"na".utf8),
          try encoder.encode(5),
        ])
    }
    try legacy.close()
  }

  @Test("a file written before checksums existed keeps its documents and detects damage after")
  func migration() throws {
    let folder = TemporaryFolder()
    let url = folder.appending("kv.sqlite")
    try makePreviousVersionFile(at: url)
    let recorder = LogRecorder()
    do {
      let store = try KeyValueStore(url: url, logger: recorder.logger)
      let ada = try #require(try store.item(Profile.self, id: "ada", inTable: "profiles"))
      #expect(ada.value == Profile(name: "Ada", followers: 1_234))
      #expect(ada.createdAt == Date(timeIntervalSince1970: 1_001))
      #expect(ada.updatedAt == Date(timeIntervalSince1970: 1_002))
      #expect(try store.value(Int.self, id: "x", inTable: "other") == 5)
      #expect(try store.item(Profile.self, id: "broken", inTable: "profiles") == nil)
      #expect(try store.ids(inTable: "profiles") == ["ada"])
      #expect(recorder.warnings(containing: "\"broken\"").count == 1)
      try store.close()
    }
    try damage(url, id: "ada", json: flipDigit)
    let reopened = try KeyValueStore(url: url, logger: recorder.logger)
    #expect(try reopened.value(Profile.self, id: "ada", inTable: "profiles") == nil)
    #expect(recorder.warnings(containing: "\"ada\"").count == 1)
  }

  // Root ignores file permissions, so a store cannot be made to open read-only here: this
  // runs the read path of such a store on a read-only connection instead.
  @Test("a read-only file of the previous version is read by key bytes, trusting well-formed rows")
  func previousVersionReadOnly() throws {
    let folder = TemporaryFolder()
    let url = folder.appending("kv.sqlite")
    try makePreviousVersionFile(at: url)
    var configuration = Configuration()
    configuration.readonly = true
    let database = try DatabaseQueue(path: url.path, configuration: configuration)
    try database.read { db in
      let schema = try KeyValueSchema.prepare(
        db, isReadOnly: true, path: url.path, logger: StoreLoggers.none)
      #expect(schema == .legacy)
      func verified(_ id: String) throws -> KeyValueRow.Verification? {
        try Row.fetchOne(
          db, sql: "\(schema.selection) WHERE \(schema.matchesKey)",
          arguments: [Data("profiles".utf8), Data(id.utf8)]
        ).map(KeyValueRow.verify)
      }
      guard case .intact(let ada)? = try verified("ada") else {
        Issue.record("ada is not intact")
        return
      }
      #expect(try JSONDecoder().decode(Profile.self, from: ada.json).followers == 1_234)
      guard case .damaged? = try verified("broken") else {
        Issue.record("broken is not damaged")
        return
      }
      #expect(try verified("ad") == nil)
      let listed = try Row.fetchAll(
        db, sql: "\(schema.selection) WHERE \(schema.matchesCollection) ORDER BY id",
        arguments: [Data("profiles".utf8)])
      #expect(listed.count == 2)
    }
  }
}
