import Foundation
import GRDB
import Testing

@testable import LookaheadStore

@Suite("StoreDatabase tuning")
struct StoreDatabaseTests {
  /// The page size recorded in a database file's header (bytes 16–17, big-endian).
  private func pageSize(ofFileAt url: URL) throws -> Int {
    let header = try #require(FileManager.default.contents(atPath: url.path)?.prefix(18))
    return Int(header[16]) << 8 | Int(header[17])
  }

  private func open(_ url: URL, _ tuning: StoreDatabase.Tuning) throws -> DatabaseQueue {
    let silent: StoreLogger = { _ in }
    return try StoreDatabase.open(at: url, tuning: tuning, logger: silent) { db, _ in
      try db.execute(sql: "CREATE TABLE IF NOT EXISTS t (x)")
    }.database
  }

  private func synchronous(_ database: DatabaseQueue) throws -> Int? {
    try database.writeWithoutTransaction { try Int.fetchOne($0, sql: "PRAGMA synchronous") }
  }

  @Test("a durable database syncs every commit; a cache database does not and uses 8 KB pages")
  func tunings() throws {
    let folder = TemporaryFolder()
    let durable = try open(folder.appending("durable.sqlite"), .durable)
    let cache = try open(folder.appending("cache.sqlite"), .cache)
    // PRAGMA synchronous of the connection that commits: 1 = NORMAL, 2 = FULL.
    #expect(try synchronous(durable) == 2)
    #expect(try synchronous(cache) == 1)
    #expect(try cache.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
    try durable.close()
    try cache.close()
    #expect(try pageSize(ofFileAt: folder.appending("durable.sqlite")) == 4_096)
    #expect(try pageSize(ofFileAt: folder.appending("cache.sqlite")) == 8_192)
  }

  @Test("an existing file keeps its page size when opened with another tuning")
  func existingPageSizeKept() throws {
    let folder = TemporaryFolder()
    let url = folder.appending("old.sqlite")
    try open(url, .durable).close()
    let reopened = try open(url, .cache)
    #expect(try reopened.read { try Int.fetchOne($0, sql: "PRAGMA page_size") } == 4_096)
    #expect(try synchronous(reopened) == 1)
    try reopened.close()
  }

  @Test("the disk cache's index is a cache database; the key-value store is durable")
  func storesUseTheirTuning() throws {
    let folder = TemporaryFolder()
    let cache = try makeCache(in: folder.appending("cache"))
    try cache.setValue(Data([1, 2, 3]), forKey: "k")
    try cache.close()
    let store = try KeyValueStore(url: folder.appending("kv.sqlite"))
    try store.put("v", id: "k", inTable: "t")
    try store.close()
    #expect(try pageSize(ofFileAt: folder.appending("cache/index.sqlite")) == 8_192)
    #expect(try pageSize(ofFileAt: folder.appending("kv.sqlite")) == 4_096)
  }

  @Test("a cache database reads on a read-only connection of its own; a durable one does not")
  func readerConnections() throws {
    let folder = TemporaryFolder()
    let silent: StoreLogger = { _ in }
    let create: (Database, Bool) throws -> Void = { db, _ in
      try db.execute(sql: "CREATE TABLE IF NOT EXISTS t (x)")
    }
    let cache = try StoreDatabase.open(
      at: folder.appending("cache.sqlite"), tuning: .cache, logger: silent, prepare: create)
    let durable = try StoreDatabase.open(
      at: folder.appending("durable.sqlite"), tuning: .durable, logger: silent, prepare: create)
    #expect(cache.reader !== cache.database)
    #expect(cache.reader.configuration.readonly)
    #expect(durable.reader === durable.database)
    // The reader sees what the writer committed.
    try cache.database.write { try $0.execute(sql: "INSERT INTO t VALUES (42)") }
    #expect(try cache.reader.read { try Int.fetchOne($0, sql: "SELECT x FROM t") } == 42)
    for database in [cache.reader, cache.database, durable.database] { try database.close() }
  }
}
