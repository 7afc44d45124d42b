import Foundation
import Lookahead
import Testing

@testable import LookaheadStore

/// A loader at the network edge: answers at once with bytes derived from the key,
/// counts its loads and fails on demand.
final class CountingLoader: Loader, Sendable {
  struct Failure: Error {}

  private let counts = Locked<[String: Int]>([:])
  private let failing: Set<String>

  init(failing: Set<String> = []) {
    self.failing = failing
  }

  func load(_ key: String) async throws -> Data {
    counts.withLock { $0[key, default: 0] += 1 }
    if failing.contains(key) { throw Failure() }
    return Data("value of \(key)".utf8)
  }

  func loads(of key: String) -> Int {
    counts.withLock { $0[key] ?? 0 }
  }
}

@Suite("TieredCache")
struct TieredCacheTests {
  private func makeTiered(
    disk: DiskCache, loader: CountingLoader
  ) -> TieredCache<String, Data> {
    TieredCache(memory: MemoryCache(), disk: disk, loader: loader, diskKey: { "k:" + $0 })
  }

  @Test("a miss loads once and fills memory and disk; the next lookup hits memory")
  func loadFillsBothLayers() async throws {
    let folder = TemporaryFolder()
    let disk = try makeCache(in: folder.url)
    let loader = CountingLoader()
    let tiered = makeTiered(disk: disk, loader: loader)

    let first = try await tiered.valueAndTier(forKey: "a")
    let second = try await tiered.valueAndTier(forKey: "a")

    #expect(first.tier == .loader)
    #expect(second.tier == .memory)
    #expect(second.value == Data("value of a".utf8))
    #expect(loader.loads(of: "a") == 1)
    #expect(disk.value(forKey: "k:a") == Data("value of a".utf8))
  }

  @Test("a disk hit is promoted to memory and never reaches the loader")
  func diskHitIsPromoted() async throws {
    let folder = TemporaryFolder()
    let disk = try makeCache(in: folder.url)
    try disk.setValue(Data("from disk".utf8), forKey: "k:a")
    let loader = CountingLoader()
    let tiered = makeTiered(disk: disk, loader: loader)

    let first = try await tiered.valueAndTier(forKey: "a")

    #expect(first.tier == .disk)
    #expect(first.value == Data("from disk".utf8))
    #expect(tiered.memory.value(forKey: "a") == Data("from disk".utf8))
    #expect(try await tiered.valueAndTier(forKey: "a").tier == .memory)
    #expect(loader.loads(of: "a") == 0)
  }

  @Test("the disk tier's keys are known without reading the disk")
  func containsLocalValueAnswersFromTheIndex() async throws {
    let folder = TemporaryFolder()
    let disk = try makeCache(in: folder.url)
    let tiered = makeTiered(disk: disk, loader: CountingLoader())
    #expect(!tiered.containsLocalValue(forKey: "a"))
    _ = try await tiered.valueAndTier(forKey: "a")
    tiered.removeAllFromMemory()
    #expect(tiered.containsLocalValue(forKey: "a"))
    #expect(!tiered.containsMemoryValue(forKey: "a"))
    try tiered.removeValue(forKey: "a")
    #expect(!tiered.containsLocalValue(forKey: "a"))
    // A memory cache has no tier below memory.
    let memory = MemoryCache<String, Data>()
    memory.store(Data("x".utf8), forKey: "a", cost: 1)
    #expect(!memory.containsLocalValue(forKey: "a"))
  }

  @Test("a failed load throws and caches nothing")
  func failedLoad() async throws {
    let folder = TemporaryFolder()
    let disk = try makeCache(in: folder.url)
    let loader = CountingLoader(failing: ["a"])
    let tiered = makeTiered(disk: disk, loader: loader)

    await #expect(throws: CountingLoader.Failure.self) { try await tiered.load("a") }

    #expect(tiered.cachedValue(forKey: "a") == nil)
    #expect(!disk.containsValue(forKey: "k:a"))
  }

  @Test("disk bytes that no longer decode are removed and loaded again")
  func undecodableDiskValue() async throws {
    let folder = TemporaryFolder()
    let recorder = LogRecorder()
    let disk = try makeCache(in: folder.url, recorder: recorder)
    try disk.setValue(Data([0xFF]), forKey: "k:a")
    let loader = CountingLoader()
    let tiered = TieredCache<String, String>(
      memory: MemoryCache(), disk: disk,
      loader: MappedLoader(base: loader), diskKey: { "k:" + $0 },
      encode: { Data($0.utf8) },
      decode: { data in
        guard let text = String(data: data, encoding: .utf8) else { throw CountingLoader.Failure() }
        return text
      },
      cost: { $0.utf8.count })

    let result = try await tiered.valueAndTier(forKey: "a")

    #expect(result.tier == .loader)
    #expect(result.value == "value of a")
    #expect(recorder.warnings(containing: "does not decode").count == 1)
    #expect(disk.value(forKey: "k:a") == Data("value of a".utf8))
  }

  @Test("a disk write failure still returns the loaded value and keeps it in memory")
  func diskWriteFailure() async throws {
    let folder = TemporaryFolder()
    let recorder = LogRecorder()
    let disk = try makeCache(in: folder.url, inlineLimit: 0, recorder: recorder)
    try FileManager.default.removeItem(at: disk.stagingDirectory)
    try Data().write(to: disk.stagingDirectory)
    let tiered = makeTiered(disk: disk, loader: CountingLoader())

    let result = try await tiered.valueAndTier(forKey: "a")

    #expect(result.value == Data("value of a".utf8))
    #expect(tiered.memory.value(forKey: "a") == Data("value of a".utf8))
    #expect(!disk.containsValue(forKey: "k:a"))
    #expect(recorder.messages.contains { $0.level == .error && $0.text.contains("k:a") })
  }
}

/// Adapts the byte loader to strings.
struct MappedLoader: Loader {
  let base: CountingLoader

  func load(_ key: String) async throws -> String {
    String(decoding: try await base.load(key), as: UTF8.self)
  }
}

@Suite("TieredCache string keys")
struct TieredCacheStringKeyTests {
  @Test("with String keys, a disk key built from one normalized spelling keeps both tiers agreed")
  func normalizedDiskKeys() async throws {
    let folder = TemporaryFolder()
    let disk = try makeCache(in: folder.url)
    let tiered = TieredCache(
      memory: MemoryCache<String, Data>(), disk: disk, loader: CountingLoader(),
      diskKey: { $0.precomposedStringWithCanonicalMapping })
    let nfc = "caf\u{E9}"
    let nfd = "cafe\u{301}"
    try tiered.setValue(Data("old".utf8), forKey: nfc)
    try tiered.setValue(Data("new".utf8), forKey: nfd)

    #expect(tiered.cachedValue(forKey: nfc) == Data("new".utf8))
    tiered.removeAllFromMemory()
    #expect(tiered.cachedValue(forKey: nfc) == Data("new".utf8))
    #expect(disk.count == 1)
    try tiered.removeValue(forKey: nfd)
    tiered.removeAllFromMemory()
    #expect(tiered.cachedValue(forKey: nfc) == nil)
  }
}
