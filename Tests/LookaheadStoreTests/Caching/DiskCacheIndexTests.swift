import Testing

@testable import LookaheadStore

@Suite("DiskCacheIndex")
struct DiskCacheIndexTests {
  private func entry(size: Int, access: UInt64, generation: UInt64 = 1) -> DiskCacheIndex.Entry {
    DiskCacheIndex.Entry(
      size: size, checksum: 0, storage: .inline, generation: generation, lastAccess: access)
  }

  @Test("sizes add up over inserts, replacements and removals")
  func totals() {
    var index = DiskCacheIndex()
    index.insert(entry(size: 10, access: 1), forKey: "a")
    index.insert(entry(size: 20, access: 2), forKey: "b")
    index.insert(entry(size: 5, access: 3), forKey: "a")
    #expect(index.totalSize == 25)
    index.remove(forKey: "b")
    #expect(index.totalSize == 5)
    #expect(index.remove(forKey: "missing") == nil)
    #expect(index.totalSize == 5)
  }

  @Test("the eviction plan takes least recently read keys first and skips protected ones")
  func evictionPlan() {
    var index = DiskCacheIndex()
    for (offset, key) in ["a", "b", "c", "d"].enumerated() {
      index.insert(entry(size: 10, access: UInt64(offset + 1)), forKey: key)
    }
    _ = index.recordRead(ofKey: "a")
    #expect(index.evictionPlan(toSize: 40) == [])
    #expect(index.evictionPlan(toSize: 25) == ["b", "c"])
    #expect(index.evictionPlan(toSize: 25, protecting: ["b"]) == ["c", "d"])
    #expect(index.evictionPlan(toSize: 0) == ["b", "c", "d", "a"])
  }

  @Test("reads are unsaved until taken, and ticks and generations never go back")
  func unsavedAccesses() {
    var index = DiskCacheIndex()
    index.insert(entry(size: 1, access: 40, generation: 7), forKey: "a")
    #expect(index.takeTick() == 41)
    #expect(index.takeGeneration() == 8)
    #expect(index.recordRead(ofKey: "missing") == nil)
    #expect(index.recordRead(ofKey: "a")?.lastAccess == 42)
    let taken = index.takeUnsavedAccesses()
    #expect(taken.map(\.key) == ["a"])
    #expect(taken.map(\.lastAccess) == [42])
    #expect(index.takeUnsavedAccesses().isEmpty)
  }

  @Test("canonically equivalent spellings are two entries, counted, evicted and removed apart")
  func exactKeys() {
    let nfc = "caf\u{E9}"
    let nfd = "cafe\u{301}"
    var index = DiskCacheIndex()
    index.insert(entry(size: 10, access: 1), forKey: nfc)
    index.insert(entry(size: 20, access: 2), forKey: nfd)

    #expect(index.entries.count == 2)
    #expect(index.totalSize == 30)
    #expect(index.evictionPlan(toSize: 20).map { Array($0.utf8) } == [Array(nfc.utf8)])
    #expect(index.recordRead(ofKey: nfd)?.size == 20)
    #expect(index.remove(forKey: nfd)?.size == 20)
    #expect(index.entry(forKey: nfc)?.size == 10)
    #expect(index.entry(forKey: nfd) == nil)
  }
}
