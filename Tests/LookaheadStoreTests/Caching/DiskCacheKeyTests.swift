import Foundation
import Lookahead
import Testing

@testable import LookaheadStore

@Suite("DiskCache keys")
struct DiskCacheKeyTests {
  private static let nfc = "caf\u{E9}"
  private static let nfd = "cafe\u{301}"

  @Test(
    "canonically equivalent spellings are different keys in memory, in the index and on disk",
    arguments: [100, 30_000])
  func canonicallyEquivalentKeys(size: Int) throws {
    let folder = TemporaryFolder()
    let recorder = LogRecorder()
    let old = bytes(size, seed: 1)
    let new = bytes(size, seed: 2)
    do {
      let cache = try makeCache(in: folder.url, recorder: recorder)
      try cache.setValue(old, forKey: Self.nfc)
      try cache.setValue(new, forKey: Self.nfd)

      #expect(cache.count == 2)
      #expect(cache.value(forKey: Self.nfc) == old)
      #expect(cache.value(forKey: Self.nfd) == new)
      #expect(
        Set(cache.keysByRecency.map { Array($0.utf8) }) == [
          Array(Self.nfc.utf8), Array(Self.nfd.utf8),
        ])

      try cache.removeValue(forKey: Self.nfd)
      #expect(!cache.containsValue(forKey: Self.nfd))
      #expect(cache.value(forKey: Self.nfc) == old)
      try cache.close()
    }
    let reopened = try makeCache(in: folder.url, recorder: recorder)
    #expect(reopened.count == 1)
    #expect(reopened.value(forKey: Self.nfc) == old)
    #expect(reopened.value(forKey: Self.nfd) == nil)
    #expect(recorder.messages.allSatisfy { $0.level == .info }, "\(recorder.messages)")
  }

  @Test("one batch holding both spellings stores both, and a trim evicts each on its own")
  func batchAndTrim() throws {
    let folder = TemporaryFolder()
    let cache = try makeCache(in: folder.url, sizeLimit: 10_000, inlineLimit: 1_000)
    let values: [(key: String, value: Data)] = [
      (Self.nfc, bytes(3_000, seed: 1)), (Self.nfd, bytes(3_000, seed: 2)),
      ("other", bytes(3_000, seed: 3)), ("more", bytes(3_000, seed: 4)),
    ]
    try cache.setValues(Array(values.prefix(2)))
    #expect(cache.count == 2)
    try cache.setValue(values[2].value, forKey: values[2].key)

    // 12,000 bytes exceed the limit: the trim to 7,000 evicts the two oldest keys.
    try cache.setValue(values[3].value, forKey: values[3].key)

    #expect(cache.keysByRecency == ["other", "more"])
    #expect(cache.totalSize == 6_000)
    for (key, value) in values {
      #expect(cache.value(forKey: key) == (["other", "more"].contains(key) ? value : nil))
    }
  }
}
