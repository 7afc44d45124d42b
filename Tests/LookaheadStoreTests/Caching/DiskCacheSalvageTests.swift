import Foundation
import GRDB
@_spi(Simulation) import Lookahead
import Testing

@testable import LookaheadStore

@Suite("DiskCache index damage")
struct DiskCacheSalvageTests {
  /// Fills a cache in `folder` with `count` keys (every fifth value in a file, the others
  /// inline, in one batch so that row ids follow the key numbers), closes it and removes
  /// its checkpointed WAL, so that the main file holds the whole index.
  private func makeClosedCache(in folder: URL, count: Int) throws -> [(key: String, value: Data)] {
    let values = (0..<count).map { index in
      ("key-\(index)", bytes(index % 5 == 0 ? 1_500 : 150 + index % 250, seed: index))
    }
    let cache = try makeCache(in: folder, inlineLimit: 1_000)
    try cache.setValues(values)
    try cache.close()
    removeCompanions(of: folder)
    return values
  }

  private func removeCompanions(of folder: URL) {
    for suffix in ["-wal", "-shm"] {
      try? FileManager.default.removeItem(
        at: folder.appendingPathComponent("index.sqlite" + suffix))
    }
  }

  /// The pages of the undamaged index each key's rows depend on: the path to its
  /// `entry` row and, for an inline value, the path to its `inlineValue` row; and the
  /// root pages of both tables.
  private func pagesByKey(in folder: URL) throws -> (
    map: SQLitePageMap, pages: [String: Set<Int>], roots: Set<Int>
  ) {
    let url = folder.appendingPathComponent("index.sqlite")
    let database = try DatabaseQueue(path: url.path)
    let (roots, rows) = try database.read { db in
      (
        try Dictionary(
          uniqueKeysWithValues: Row.fetchAll(
            db, sql: "SELECT name, rootpage FROM sqlite_master WHERE type = 'table'"
          ).map { ($0[0] as String, $0[1] as Int) }),
        try Row.fetchAll(db, sql: "SELECT id, key, file IS NULL FROM entry")
      )
    }
    try database.close()
    removeCompanions(of: folder)
    let map = try SQLitePageMap(fileAt: url)
    let entryRoot = try #require(roots["entry"])
    let inlineRoot = try #require(roots["inlineValue"])
    let entryPages = map.pagesByRowID(rootPage: entryRoot)
    let inlinePages = map.pagesByRowID(rootPage: inlineRoot)
    var pages: [String: Set<Int>] = [:]
    for row in rows {
      let id: Int64 = row[0]
      let key = String(decoding: row[1] as Data, as: UTF8.self)
      let isInline: Bool = row[2]
      pages[key] = try #require(entryPages[id]).union(isInline ? try #require(inlinePages[id]) : [])
    }
    return (map, pages, [entryRoot, inlineRoot])
  }

  /// Overwrites page `page` of the index with zeros.
  private func destroy(page: Int, of map: SQLitePageMap, in folder: URL) throws {
    let url = folder.appendingPathComponent("index.sqlite")
    var file = try Data(contentsOf: url)
    file.replaceSubrange(map.range(ofPage: page), with: Data(count: map.pageSize))
    try file.write(to: url)
  }

  /// Reads every key and sorts the outcomes: `wrong` must stay empty, `lostOnIntact`
  /// lists keys lost although none of their pages is in `damaged`.
  private func survey(
    _ cache: DiskCache, _ values: [(key: String, value: Data)], pages: [String: Set<Int>],
    damaged: Set<Int>
  ) -> (wrong: [String], lostOnIntact: [String], kept: Int, onIntact: Int) {
    var result: (wrong: [String], lostOnIntact: [String], kept: Int, onIntact: Int) = ([], [], 0, 0)
    for (key, value) in values {
      let read = cache.value(forKey: key)
      let isIntact = !damaged.contains(1) && pages[key, default: [1]].isDisjoint(with: damaged)
      if isIntact { result.onIntact += 1 }
      if read == nil {
        if isIntact { result.lostOnIntact.append(key) }
      } else if read == value {
        result.kept += 1
      } else {
        result.wrong.append(key)
      }
    }
    return result
  }

  /// A folder holding a closed cache with `key-a` (100 bytes, stored in the index) and
  /// `key-b` (30,000 bytes, in a file of its own).
  private static func folderWithTwoEntries() throws -> TemporaryFolder {
    let folder = TemporaryFolder()
    let cache = try makeCache(in: folder.url)
    try cache.setValue(bytes(100, seed: 1), forKey: "key-a")
    try cache.setValue(bytes(30_000, seed: 2), forKey: "key-b")
    try cache.close()
    return folder
  }

  private func edit(indexIn folder: URL, _ sql: String) throws {
    let database = try DatabaseQueue(path: folder.appendingPathComponent("index.sqlite").path)
    try database.write { try $0.execute(sql: sql) }
    try database.close()
  }

  @Test("an index row whose key was altered is dropped at open and never answers for that key")
  func alteredKey() throws {
    let folder = try Self.folderWithTwoEntries()
    try edit(
      indexIn: folder.url,
      "UPDATE entry SET key = CAST('key-c' AS BLOB) WHERE key = CAST('key-a' AS BLOB)")
    let recorder = LogRecorder()

    let cache = try makeCache(in: folder.url, recorder: recorder)

    #expect(cache.value(forKey: "key-c") == nil)
    #expect(cache.value(forKey: "key-a") == nil)
    #expect(cache.value(forKey: "key-b") == bytes(30_000, seed: 2))
    #expect(cache.keysByRecency == ["key-b"])
    #expect(recorder.warnings(containing: "\"key-c\"").count == 1)
  }

  @Test("an index row whose file name was altered never makes the cache touch other files")
  func alteredFileName() throws {
    let folder = try Self.folderWithTwoEntries()
    try edit(
      indexIn: folder.url, "UPDATE entry SET file = '../index.sqlite' WHERE file IS NOT NULL")

    let cache = try makeCache(in: folder.url)

    #expect(cache.value(forKey: "key-b") == nil)
    #expect(FileManager.default.fileExists(atPath: folder.appending("index.sqlite").path))
    #expect(cache.value(forKey: "key-a") == bytes(100, seed: 1))
    try cache.close()
    #expect(try makeCache(in: folder.url).value(forKey: "key-a") == bytes(100, seed: 1))
  }

  @Test("a destroyed page of the index loses only the entries that page held")
  func destroyedPage() throws {
    let folder = TemporaryFolder()
    let values = try makeClosedCache(in: folder.url, count: 1_200)
    let (map, pages, _) = try pagesByKey(in: folder.url)
    // The entry-table leaf that holds the row of a key in the middle: the page of its
    // path that the fewest keys share.
    let middle = try #require(pages["key-600"])
    let usage = middle.map { page in (page, pages.values.filter { $0.contains(page) }.count) }
    let victim = try #require(usage.min { $0.1 < $1.1 }).0
    try destroy(page: victim, of: map, in: folder.url)
    let recorder = LogRecorder()

    let cache = try makeCache(in: folder.url, inlineLimit: 1_000, recorder: recorder)

    let survey = survey(cache, values, pages: pages, damaged: [victim])
    #expect(survey.wrong.isEmpty, "wrong values for \(survey.wrong)")
    #expect(survey.lostOnIntact.isEmpty, "lost on intact pages: \(survey.lostOnIntact)")
    let onVictim = pages.values.filter { $0.contains(victim) }.count
    #expect(onVictim > 0 && survey.kept == values.count - onVictim)
    #expect(recorder.warnings(containing: "kept the \(survey.kept) rows").count == 1)
    try cache.setValue(bytes(500, seed: 7), forKey: "new")
    try cache.close()
    let reopened = try makeCache(in: folder.url, inlineLimit: 1_000)
    #expect(reopened.value(forKey: "new") == bytes(500, seed: 7))
    #expect(reopened.count == survey.kept + 1)
  }

  @Test(
    "flipped bytes anywhere in the index never give a wrong value, and keys on intact pages stay",
    arguments: 1...12 as ClosedRange<UInt64>)
  func flippedBytes(seed: UInt64) throws {
    let folder = TemporaryFolder()
    let values = try makeClosedCache(in: folder.url, count: 1_200)
    let (map, pages, roots) = try pagesByKey(in: folder.url)
    let url = folder.appending("index.sqlite")
    var file = [UInt8](try Data(contentsOf: url))
    var random = SplitMix64(seed: seed)
    var damaged: Set<Int> = []
    // 20 bytes as the outside probe flipped them, then fewer, which spares the roots.
    for _ in 0..<(seed <= 8 ? 20 : 4) {
      let offset = random.next(below: file.count)
      file[offset] ^= UInt8(1 + random.next(below: 255))
      damaged.insert(offset / map.pageSize + 1)
    }
    try Data(file).write(to: url)

    let cache = try makeCache(in: folder.url, inlineLimit: 1_000, recorder: LogRecorder())

    let survey = survey(cache, values, pages: pages, damaged: damaged)
    #expect(survey.wrong.isEmpty, "wrong values for \(survey.wrong)")
    #expect(survey.lostOnIntact.isEmpty, "lost on intact pages: \(survey.lostOnIntact)")
    let known = Set(values.map(\.key))
    #expect(cache.keysByRecency.allSatisfy { known.contains($0) })
    // Unless page 1 (header and schema) or a table's root page took a flip, the
    // prediction covers keys, so that the checks above are not vacuous.
    #expect(!damaged.isDisjoint(with: roots.union([1])) || survey.onIntact > 0)
  }

  @Test(
    "damage found while the cache is open costs the values it holds and is salvaged at the next open"
  )
  func damageFoundWhileOpen() throws {
    let folder = TemporaryFolder()
    let values = try makeClosedCache(in: folder.url, count: 1_200)
    let (map, pages, roots) = try pagesByKey(in: folder.url)
    // A leaf of the inline values: opening reads only the entry table, so the cache
    // opens without noticing. Every entry leaf holds a key with a file value (one in
    // five), whose pages are entry pages only.
    let fileKeys = values.enumerated().filter { $0.offset % 5 == 0 }.map(\.element.key)
    let entryPages = Set(fileKeys.flatMap { pages[$0] ?? [] })
    let inlinePages = Set(pages.values.flatMap { $0 }).subtracting(roots).subtracting(entryPages)
    let counts = inlinePages.map { page in (page, pages.filter { $0.value.contains(page) }) }
    let (victim, victimKeys) = try #require(
      counts.filter { $0.1.count > 0 }.min { $0.1.count < $1.1.count })
    try destroy(page: victim, of: map, in: folder.url)
    let recorder = LogRecorder()
    do {
      let cache = try makeCache(in: folder.url, inlineLimit: 1_000, recorder: recorder)
      #expect(recorder.messages.allSatisfy { $0.level == .info })
      let probe = try #require(victimKeys.keys.sorted().first)

      #expect(cache.value(forKey: probe) == nil)

      #expect(recorder.warnings(containing: "the next open salvages it").count == 1)
      try cache.close()
    }
    let reopened = try makeCache(in: folder.url, inlineLimit: 1_000, recorder: recorder)
    #expect(recorder.warnings(containing: "kept the").count == 1)
    let survey = survey(reopened, values, pages: pages, damaged: [victim])
    #expect(survey.wrong.isEmpty, "wrong values for \(survey.wrong)")
    #expect(survey.lostOnIntact.isEmpty, "lost on intact pages: \(survey.lostOnIntact)")
    #expect(survey.kept == values.count - victimKeys.count)
    try reopened.setValue(bytes(500, seed: 7), forKey: "new")
    #expect(reopened.value(forKey: "new") == bytes(500, seed: 7))
    #expect(!FileManager.default.fileExists(atPath: folder.appending("index.sqlite-damaged").path))
  }

  @Test("what a salvage killed halfway left is removed, and the damaged index is salvaged again")
  func interruptedSalvage() throws {
    let folder = TemporaryFolder()
    let values = try makeClosedCache(in: folder.url, count: 1_200)
    let (map, pages, _) = try pagesByKey(in: folder.url)
    let victim = try #require(
      pages["key-600"]?.min { page, other in
        pages.values.filter { $0.contains(page) }.count
          < pages.values.filter { $0.contains(other) }.count
      })
    try destroy(page: victim, of: map, in: folder.url)
    try Data(repeating: 0xEE, count: 10_000).write(to: folder.appending("index.sqlite-salvage"))
    try Data(repeating: 0xEE, count: 1_000).write(
      to: folder.appending("index.sqlite-salvage-journal"))

    let cache = try makeCache(in: folder.url, inlineLimit: 1_000)

    let survey = survey(cache, values, pages: pages, damaged: [victim])
    #expect(survey.wrong.isEmpty && survey.lostOnIntact.isEmpty)
    #expect(survey.kept > 0)
    #expect(folder.allFiles().filter { $0.hasPrefix("index.sqlite-salvage") }.isEmpty)
  }

  @Test("an index of the previous version keeps its entries, and is verified from then on")
  func previousVersion() throws {
    let folder = TemporaryFolder()
    let file = bytes(30_000, seed: 2)
    do {
      // What the previous version wrote: no row checksum column, user_version 0.
      try FileManager.default.createDirectory(
        at: folder.appending("files"), withIntermediateDirectories: true)
      try file.write(to: folder.appending("files/0123abcd-2"))
      let legacy = try DatabaseQueue(path: folder.appending("index.sqlite").path)
      try legacy.write { db in
        try db.execute(
          sql: """
            CREATE TABLE entry (
              id INTEGER PRIMARY KEY, key BLOB NOT NULL UNIQUE, size INTEGER NOT NULL,
              checksum INTEGER NOT NULL, generation INTEGER NOT NULL,
              lastAccess INTEGER NOT NULL, file TEXT);
            CREATE TABLE inlineValue (
              id INTEGER PRIMARY KEY REFERENCES entry(id) ON DELETE CASCADE,
              value BLOB NOT NULL);
            INSERT INTO entry VALUES (1, CAST('inline' AS BLOB), 100, ?, 1, 1, NULL);
            INSERT INTO inlineValue VALUES (1, ?);
            INSERT INTO entry VALUES (2, CAST('file' AS BLOB), 30000, ?, 2, 2, '0123abcd-2');
            INSERT INTO entry VALUES (3, CAST('escape' AS BLOB), 5, 0, 3, 3, '../index.sqlite');
            """,
          arguments: [
            Int64(bitPattern: DiskCache.checksum(bytes(100, seed: 1))), bytes(100, seed: 1),
            Int64(bitPattern: DiskCache.checksum(file)),
          ])
      }
      try legacy.close()
    }
    let recorder = LogRecorder()
    do {
      let cache = try makeCache(in: folder.url, recorder: recorder)
      #expect(cache.value(forKey: "inline") == bytes(100, seed: 1))
      #expect(cache.value(forKey: "file") == file)
      #expect(cache.value(forKey: "escape") == nil)
      #expect(recorder.warnings(containing: "\"escape\"").count == 1)
      #expect(FileManager.default.fileExists(atPath: folder.appending("index.sqlite").path))
      try cache.close()
    }
    try edit(
      indexIn: folder.url,
      "UPDATE entry SET key = CAST('other' AS BLOB) WHERE key = CAST('inline' AS BLOB)")
    let reopened = try makeCache(in: folder.url, recorder: recorder)
    #expect(reopened.value(forKey: "other") == nil)
    #expect(reopened.keysByRecency == ["file"])
  }
}
