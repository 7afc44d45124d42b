import Foundation
import Lookahead
import Testing

@testable import LookaheadStore

@Suite("KeyValueStore")
struct KeyValueStoreTests {
  struct Profile: Codable, Equatable {
    var name: String
    var followers: Int
  }

  /// A clock that advances one second per call.
  final class SteppingClock: Sendable {
    private let seconds = Locked<Double>(1_000)

    func now() -> Date {
      Date(
        timeIntervalSince1970: seconds.withLock {
          $0 += 1
          return $0
        })
    }
  }

  private func makeStore(_ folder: TemporaryFolder, clock: SteppingClock = SteppingClock()) throws
    -> KeyValueStore
  {
    try KeyValueStore(url: folder.appending("kv.sqlite"), now: { clock.now() })
  }

  @Test("documents round trip by table and id, and survive reopening")
  func roundTrip() throws {
    let folder = TemporaryFolder()
    do {
      let store = try makeStore(folder)
      try store.put(Profile(name: "Ada", followers: 3), id: "ada", inTable: "profiles")
      try store.put(Profile(name: "Bob", followers: 5), id: "ada", inTable: "drafts")
      #expect(try store.value(Profile.self, id: "ada", inTable: "profiles")?.name == "Ada")
      #expect(try store.value(Profile.self, id: "ada", inTable: "drafts")?.name == "Bob")
      #expect(try store.value(Profile.self, id: "nobody", inTable: "profiles") == nil)
      try store.close()
    }
    let reopened = try makeStore(folder)
    #expect(
      try reopened.value(Profile.self, id: "ada", inTable: "profiles")
        == Profile(name: "Ada", followers: 3))
  }

  @Test("replacing a document keeps its creation date and moves its update date")
  func dates() throws {
    let folder = TemporaryFolder()
    let store = try makeStore(folder)
    try store.put(Profile(name: "Ada", followers: 3), id: "ada", inTable: "profiles")
    try store.put(Profile(name: "Ada", followers: 4), id: "ada", inTable: "profiles")
    let item = try #require(try store.item(Profile.self, id: "ada", inTable: "profiles"))
    #expect(item.createdAt == Date(timeIntervalSince1970: 1_001))
    #expect(item.updatedAt == Date(timeIntervalSince1970: 1_002))
    #expect(item.value.followers == 4)
  }

  @Test("listing returns a table's documents oldest first; delete and removeTable remove them")
  func listingAndDeleting() throws {
    let folder = TemporaryFolder()
    let store = try makeStore(folder)
    for name in ["c", "a", "b"] {
      try store.put(Profile(name: name, followers: 0), id: name, inTable: "profiles")
    }
    try store.put(Profile(name: "x", followers: 0), id: "x", inTable: "other")
    #expect(try store.items(Profile.self, inTable: "profiles").map(\.id) == ["c", "a", "b"])
    #expect(try store.ids(inTable: "profiles") == ["a", "b", "c"])
    try store.delete(id: "a", inTable: "profiles")
    try store.delete(id: "missing", inTable: "profiles")
    #expect(try store.ids(inTable: "profiles") == ["b", "c"])
    try store.removeTable("profiles")
    #expect(try store.ids(inTable: "profiles").isEmpty)
    #expect(try store.ids(inTable: "other") == ["x"])
  }

  @Test("table names and ids are data, never SQL")
  func injection() throws {
    let folder = TemporaryFolder()
    let store = try makeStore(folder)
    let hostile = "x'); DROP TABLE document; --"
    try store.put(Profile(name: "keep", followers: 1), id: "keep", inTable: "profiles")
    try store.put(Profile(name: "evil", followers: 2), id: hostile, inTable: hostile)
    #expect(try store.value(Profile.self, id: hostile, inTable: hostile)?.name == "evil")
    #expect(try store.value(Profile.self, id: "keep", inTable: "profiles")?.name == "keep")
    #expect(try store.ids(inTable: hostile) == [hostile])
  }

  @Test("a document that does not decode as the requested type throws a coding error")
  func decodingMismatch() throws {
    let folder = TemporaryFolder()
    let store = try makeStore(folder)
    try store.put(["unexpected": true], id: "ada", inTable: "profiles")
    #expect {
      try store.value(Profile.self, id: "ada", inTable: "profiles")
    } throws: { error in
      (error as? StoreError)?.code == .codingFailed
    }
  }
}
