import Foundation
import GRDB
import Testing

@testable import LookaheadStore

@Suite("DiskCache faults")
struct DiskCacheFaultTests {
  private func fileURL(of cache: DiskCache, key: String) throws -> URL {
    let entry = try #require(cache.state.withLock { $0.index.entry(forKey: key) })
    guard case .file(let name) = entry.storage else {
      Issue.record("\(key) is not stored in a file")
      throw CancellationError()
    }
    return cache.filesDirectory.appendingPathComponent(name)
  }

  @Test(
    "a truncated, garbage or missing value file is a miss, is removed and is logged",
    arguments: ["truncated", "garbage", "missing"])
  func damagedFile(damage: String) throws {
    let folder = TemporaryFolder()
    let recorder = LogRecorder()
    let cache = try makeCache(in: folder.url, recorder: recorder)
    try cache.setValue(bytes(40_000, seed: 1), forKey: "victim")
    try cache.setValue(bytes(40_000, seed: 2), forKey: "bystander")
    let url = try fileURL(of: cache, key: "victim")
    switch damage {
    case "truncated": try bytes(40_000, seed: 1).prefix(20_000).write(to: url)
    case "garbage": try bytes(40_000, seed: 9).write(to: url)
    default: try FileManager.default.removeItem(at: url)
    }

    #expect(cache.value(forKey: "victim") == nil)

    #expect(!cache.containsValue(forKey: "victim"))
    #expect(!FileManager.default.fileExists(atPath: url.path))
    #expect(recorder.warnings(containing: "\"victim\"").count == 1)
    #expect(cache.value(forKey: "bystander") == bytes(40_000, seed: 2))
    try cache.close()
    #expect(try makeCache(in: folder.url).keysByRecency == ["bystander"])
  }

  @Test("a corrupt inline row is a miss, is removed and is logged")
  func damagedRow() throws {
    let folder = TemporaryFolder()
    let recorder = LogRecorder()
    let cache = try makeCache(in: folder.url, recorder: recorder)
    try cache.setValue(bytes(1_000, seed: 1), forKey: "victim")
    try cache.database.write { db in
      try db.execute(sql: "UPDATE inlineValue SET value = ?", arguments: [bytes(1_000, seed: 5)])
    }

    #expect(cache.value(forKey: "victim") == nil)

    #expect(cache.count == 0)
    #expect(recorder.warnings(containing: "checksum").count == 1)
    let rows = try cache.database.read { db in
      try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM entry")
    }
    #expect(rows == 0)
  }

  @Test("a damaged index file is rebuilt empty with a warning, and the cache works again")
  func damagedDatabase() throws {
    let folder = TemporaryFolder()
    do {
      let cache = try makeCache(in: folder.url)
      try cache.setValue(bytes(100, seed: 1), forKey: "inline")
      try cache.setValue(bytes(30_000, seed: 2), forKey: "file")
      try cache.close()
    }
    // The WAL keeps copies of recent pages, so damage it together with the main file.
    try Data(repeating: 0xAB, count: 16_384).write(to: folder.appending("index.sqlite"))
    try Data(repeating: 0xCD, count: 4_096).write(to: folder.appending("index.sqlite-wal"))
    try FileManager.default.removeItem(at: folder.appending("index.sqlite-shm"))
    let recorder = LogRecorder()

    let cache = try makeCache(in: folder.url, recorder: recorder)

    #expect(recorder.warnings(containing: "damaged").count == 1)
    #expect(cache.count == 0)
    #expect(folder.allFiles().filter { $0.hasPrefix("files/") }.isEmpty)
    try cache.setValue(bytes(30_000, seed: 3), forKey: "file")
    try cache.close()
    #expect(try makeCache(in: folder.url).value(forKey: "file") == bytes(30_000, seed: 3))
  }

  @Test("when value files cannot be written, writes throw, the old value stays and reads work")
  func unwritableFilesFolder() throws {
    let folder = TemporaryFolder()
    let cache = try makeCache(in: folder.url)
    try cache.setValue(bytes(30_000, seed: 1), forKey: "file")
    try cache.setValue(bytes(100, seed: 2), forKey: "inline")
    // chmod does not stop root, so take the staging folder's place with a regular
    // file: creating files inside it fails for every user.
    try FileManager.default.removeItem(at: cache.stagingDirectory)
    try Data("not a folder".utf8).write(to: cache.stagingDirectory)

    #expect {
      try cache.setValue(bytes(30_000, seed: 3), forKey: "file")
    } throws: { error in
      (error as? StoreError)?.code == .fileWriteFailed
    }

    #expect(cache.value(forKey: "file") == bytes(30_000, seed: 1))
    #expect(cache.value(forKey: "inline") == bytes(100, seed: 2))
    #expect(folder.allFiles().filter { $0.hasPrefix("files/") }.count == 1)
  }

  @Test("in a read-only folder the cache opens read-only: reads work and writes throw")
  func readOnlyFolder() throws {
    let folder = TemporaryFolder()
    do {
      let cache = try makeCache(in: folder.url)
      try cache.setValue(bytes(100, seed: 1), forKey: "inline")
      try cache.setValue(bytes(30_000, seed: 2), forKey: "file")
      try cache.close()
    }
    let manager = FileManager.default
    for path in folder.allFiles() {
      try manager.setAttributes(
        [.posixPermissions: 0o444], ofItemAtPath: folder.appending(path).path)
    }
    for path in ["files", "staging", ""] {
      try manager.setAttributes(
        [.posixPermissions: 0o555], ofItemAtPath: folder.appending(path).path)
    }

    // Root ignores permissions, so the probe runs in a child process that drops to an
    // unprivileged user when started as root.
    let lines = try HelperProcess.run([
      "read-only-probe", folder.url.path, "inline", "file", "none",
    ])

    #expect(
      lines == [
        "readOnly true", "get inline 100", "get file 30000", "get none miss",
        "set inline readOnly", "set file readOnly",
      ])
  }
}
