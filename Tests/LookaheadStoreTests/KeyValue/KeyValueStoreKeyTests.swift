import Foundation
import Testing

@testable import LookaheadStore

@Suite("KeyValueStore keys")
struct KeyValueStoreKeyTests {
  @Test("ids that differ only after a NUL byte are different documents, listed exactly")
  func idsWithNUL() throws {
    let folder = TemporaryFolder()
    let url = folder.appending("kv.sqlite")
    let ids = ["a\0b", "a\0zzz", "a"]
    do {
      let clock = KeyValueStoreTests.SteppingClock()
      let store = try KeyValueStore(url: url, logger: StoreLoggers.none, now: { clock.now() })
      for id in ids {
        try store.put("value of \(id.debugDescription)", id: id, inTable: "t")
      }
      for id in ids {
        #expect(
          try store.value(String.self, id: id, inTable: "t") == "value of \(id.debugDescription)")
      }
      // Sorted by their UTF-8 bytes.
      #expect(try store.ids(inTable: "t") == ["a", "a\0b", "a\0zzz"])
      #expect(try store.items(String.self, inTable: "t").map(\.id) == ids)
      try store.delete(id: "a\0b", inTable: "t")
      #expect(try store.value(String.self, id: "a", inTable: "t") == "value of \"a\"")
      try store.close()
    }
    let reopened = try KeyValueStore(url: url, logger: StoreLoggers.none)
    #expect(try reopened.ids(inTable: "t") == ["a", "a\0zzz"])
    #expect(try reopened.value(String.self, id: "a\0b", inTable: "t") == nil)
    #expect(try reopened.value(String.self, id: "a\0zzz", inTable: "t") == "value of \"a\\0zzz\"")
  }

  @Test("table names that differ only after a NUL byte are different tables")
  func tablesWithNUL() throws {
    let folder = TemporaryFolder()
    let store = try KeyValueStore(url: folder.appending("kv.sqlite"), logger: StoreLoggers.none)
    try store.put(1, id: "x", inTable: "tab\0 1")
    try store.put(2, id: "x", inTable: "tab\0 2")
    try store.put(3, id: "x", inTable: "tab")
    #expect(try store.value(Int.self, id: "x", inTable: "tab\0 1") == 1)
    #expect(try store.value(Int.self, id: "x", inTable: "tab\0 2") == 2)
    try store.removeTable("tab\0 1")
    #expect(try store.ids(inTable: "tab\0 1").isEmpty)
    #expect(try store.ids(inTable: "tab\0 2") == ["x"])
    #expect(try store.value(Int.self, id: "x", inTable: "tab") == 3)
  }

  @Test("canonically equivalent spellings, binary bytes and the empty id are distinct ids")
  func exactBytes() throws {
    let folder = TemporaryFolder()
    let store = try KeyValueStore(url: folder.appending("kv.sqlite"), logger: StoreLoggers.none)
    let nfc = "caf\u{E9}"
    let nfd = "cafe\u{301}"
    let binary = String(decoding: [0xFF, 0x00, 0x2F, 0x2E, 0x2E], as: UTF8.self)
    for (offset, id) in [nfc, nfd, binary, ""].enumerated() {
      try store.put(offset, id: id, inTable: "t")
    }
    #expect(try store.value(Int.self, id: nfc, inTable: "t") == 0)
    #expect(try store.value(Int.self, id: nfd, inTable: "t") == 1)
    #expect(try store.value(Int.self, id: binary, inTable: "t") == 2)
    #expect(try store.value(Int.self, id: "", inTable: "t") == 3)
    let listed = try store.ids(inTable: "t")
    #expect(
      listed.map { Array($0.utf8) }
        == [nfc, nfd, binary, ""].map { Array($0.utf8) }.sorted {
          $0.lexicographicallyPrecedes($1)
        })
  }
}
