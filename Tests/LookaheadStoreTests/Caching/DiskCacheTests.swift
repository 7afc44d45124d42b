import Foundation
@_spi(Simulation) import Lookahead
import Testing

@testable import LookaheadStore

func makeCache(
  in folder: URL, sizeLimit: Int = 10_000_000, inlineLimit: Int = 20 * 1024,
  flushInterval: Int = 256, recorder: LogRecorder = LogRecorder()
) throws -> DiskCache {
  try DiskCache(
    directory: folder,
    configuration: .init(
      sizeLimit: sizeLimit, inlineLimit: inlineLimit, accessFlushInterval: flushInterval,
      logger: recorder.logger))
}

/// `count` bytes that differ for every seed: a window into a fixed pseudo-random pool,
/// cheap to build even in debug builds.
func bytes(_ count: Int, seed: Int) -> Data {
  precondition(count <= 100_000, "count must be at most 100,000")
  let offset = (seed &* 7_919) % 4_096
  return bytePool[offset..<offset + count]
}

private let bytePool: Data = {
  var random = SplitMix64(seed: 7)
  var pool = Data(capacity: 104_096)
  while pool.count < 104_096 {
    withUnsafeBytes(of: random.next()) { pool.append(contentsOf: $0) }
  }
  return Data(pool.prefix(104_096))
}()

@Suite("DiskCache")
struct DiskCacheTests {
  @Test("inline and file values round trip and survive reopening")
  func roundTrip() throws {
    let folder = TemporaryFolder()
    let small = bytes(100, seed: 1)
    let large = bytes(50_000, seed: 2)
    do {
      let cache = try makeCache(in: folder.url)
      #expect(try cache.setValue(small, forKey: "small"))
      #expect(try cache.setValue(large, forKey: "large"))
      #expect(try cache.setValue(Data(), forKey: "empty"))
      #expect(cache.value(forKey: "empty") == Data())
      try cache.removeValue(forKey: "empty")
      #expect(cache.value(forKey: "small") == small)
      #expect(cache.value(forKey: "large") == large)
      #expect(cache.totalSize == 50_100)
      try cache.close()
    }
    let reopened = try makeCache(in: folder.url)
    #expect(reopened.count == 2)
    #expect(reopened.value(forKey: "small") == small)
    #expect(reopened.value(forKey: "large") == large)
    #expect(folder.allFiles().filter { $0.hasPrefix("files/") }.count == 1)
  }

  @Test("replacing a value deletes the old file and keeps one version")
  func replacing() throws {
    let folder = TemporaryFolder()
    let cache = try makeCache(in: folder.url)
    try cache.setValue(bytes(30_000, seed: 1), forKey: "key")
    try cache.setValue(bytes(40_000, seed: 2), forKey: "key")
    #expect(cache.value(forKey: "key") == bytes(40_000, seed: 2))
    try cache.setValue(bytes(10, seed: 3), forKey: "key")
    #expect(cache.value(forKey: "key") == bytes(10, seed: 3))
    #expect(folder.allFiles().filter { $0.hasPrefix("files/") }.isEmpty)
    #expect(cache.totalSize == 10)
  }

  @Test("a value above the trim target is refused and the key's old value is dropped")
  func oversizedValue() throws {
    let folder = TemporaryFolder()
    let cache = try makeCache(in: folder.url, sizeLimit: 10_000)
    try cache.setValue(bytes(100, seed: 1), forKey: "key")
    #expect(try cache.setValue(bytes(7_001, seed: 2), forKey: "key") == false)
    #expect(cache.value(forKey: "key") == nil)
    #expect(try cache.setValue(bytes(7_000, seed: 3), forKey: "key"))
  }

  @Test("removeAll empties index and folder; close makes reads miss and writes throw")
  func removeAllAndClose() throws {
    let folder = TemporaryFolder()
    let cache = try makeCache(in: folder.url)
    try cache.setValues([("a", bytes(30_000, seed: 1)), ("b", bytes(10, seed: 2))])
    try cache.removeAll()
    #expect(cache.count == 0 && cache.totalSize == 0)
    #expect(folder.allFiles().filter { $0.hasPrefix("files/") }.isEmpty)
    try cache.setValue(bytes(10, seed: 3), forKey: "c")
    try cache.close()
    try cache.close()
    #expect(cache.value(forKey: "c") == nil)
    #expect {
      try cache.setValue(bytes(10, seed: 4), forKey: "d")
    } throws: { error in
      (error as? StoreError)?.code == .closed
    }
  }

  @Test("a miss is answered from memory even when the folder is gone")
  func missFromMemory() throws {
    let folder = TemporaryFolder()
    let recorder = LogRecorder()
    let cache = try makeCache(in: folder.url, recorder: recorder)
    try cache.setValue(bytes(10, seed: 1), forKey: "present")
    try FileManager.default.removeItem(at: folder.url)
    #expect(cache.value(forKey: "absent") == nil)
    #expect(!cache.containsValue(forKey: "absent"))
    #expect(recorder.messages.isEmpty)
  }

  @Test("reads reorder the LRU list, the order survives reopening and trims follow it")
  func lruOrder() throws {
    let folder = TemporaryFolder()
    do {
      let cache = try makeCache(in: folder.url, sizeLimit: 5_000)
      for key in ["a", "b", "c", "d"] {
        try cache.setValue(bytes(1_000, seed: 0), forKey: key)
      }
      _ = cache.value(forKey: "b")
      _ = cache.value(forKey: "a")
      #expect(cache.keysByRecency == ["c", "d", "b", "a"])
      try cache.close()
    }
    let cache = try makeCache(in: folder.url, sizeLimit: 5_000)
    #expect(cache.keysByRecency == ["c", "d", "b", "a"])
    // 6,000 bytes exceed the limit: trim to 3,500 evicts c, d and b, never the new e.
    try cache.setValue(bytes(2_000, seed: 0), forKey: "e")
    #expect(cache.keysByRecency == ["a", "e"])
    #expect(cache.totalSize == 3_000)
  }

  @Test("reads are persisted every flush interval without a write or close")
  func accessFlushInterval() throws {
    let folder = TemporaryFolder()
    let cache = try makeCache(in: folder.url, flushInterval: 2)
    for key in ["a", "b", "c"] {
      try cache.setValue(bytes(10, seed: 0), forKey: key)
    }
    _ = cache.value(forKey: "b")
    _ = cache.value(forKey: "a")
    // A second instance reads what the first one flushed; the first is never closed.
    let observer = try makeCache(in: folder.url)
    #expect(observer.keysByRecency == ["c", "b", "a"])
  }

  @Test("the size limit holds under a long random workload and every value stays intact")
  func sizeLimitUnderRandomWorkload() throws {
    let folder = TemporaryFolder()
    let limit = 200_000
    let cache = try makeCache(in: folder.url, sizeLimit: limit, inlineLimit: 2_000)
    var model: [String: Data] = [:]
    var random = SplitMix64(seed: 42)
    for step in 0..<3_000 {
      let key = "key\(random.next(below: 150))"
      switch random.next(below: 10) {
      case 0..<5:
        let value = bytes(1 + random.next(below: 30_000), seed: step)
        try cache.setValue(value, forKey: key)
        model[key] = value
      case 5..<9:
        if let value = cache.value(forKey: key) { #expect(value == model[key]) }
      default:
        try cache.removeValue(forKey: key)
        model[key] = nil
      }
      #expect(cache.totalSize <= limit)
    }
    try cache.close()
    let reopened = try makeCache(in: folder.url, sizeLimit: limit, inlineLimit: 2_000)
    #expect(reopened.totalSize <= limit)
    var fileEntries = 0
    for key in reopened.keysByRecency {
      let value = reopened.value(forKey: key)
      #expect(value == model[key])
      if (value?.count ?? 0) > 2_000 { fileEntries += 1 }
    }
    #expect(folder.allFiles().filter { $0.hasPrefix("files/") }.count == fileEntries)
  }

  @Test("hostile keys stay inside the cache folder and never collide")
  func hostileKeys() throws {
    let parent = TemporaryFolder()
    let folder = parent.appending("cache")
    let keys = [
      "../../etc/passwd", "/etc/passwd", "a/b/../../../c", "..", ".", "", "~root/.ssh",
      String(repeating: "x/", count: 5_120), "\0\u{1}\u{7F}\n",
      String(decoding: [0xFF, 0xFE, 0x2F, 0x2E, 0x2E, 0x00], as: UTF8.self),
      "files/../index.sqlite",
    ]
    let cache = try makeCache(in: folder, inlineLimit: 100)
    for (index, key) in keys.enumerated() {
      try cache.setValue(bytes(index % 2 == 0 ? 500 : 50, seed: index), forKey: key)
    }
    for (index, key) in keys.enumerated() {
      #expect(cache.value(forKey: key) == bytes(index % 2 == 0 ? 500 : 50, seed: index))
    }
    #expect(cache.count == keys.count)
    #expect(try FileManager.default.contentsOfDirectory(atPath: parent.url.path) == ["cache"])
    let valueFiles = parent.allFiles().filter { $0.hasPrefix("cache/files/") }
    #expect(valueFiles.count == (keys.count + 1) / 2)
    for path in valueFiles {
      let name = String(path.dropFirst("cache/files/".count))
      #expect(name.allSatisfy { $0.isHexDigit || $0 == "-" })
    }
    try cache.close()
    let reopened = try makeCache(in: folder, inlineLimit: 100)
    #expect(Set(reopened.keysByRecency) == Set(keys))
  }
}

extension SplitMix64 {
  /// A value in `0..<bound`.
  mutating func next(below bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }
}
