import Foundation
import Lookahead
import Testing

@testable import LookaheadStore

@Suite("SQLiteFeedStore")
struct SQLiteFeedStoreTests {
  struct Episode: Codable, Equatable, Sendable {
    var id: Int
    var title: String
  }

  private func snapshot(_ ids: ClosedRange<Int>, cursor: String?, hasMore: Bool)
    -> FeedSnapshot<Episode>
  {
    FeedSnapshot(
      items: ids.map { Episode(id: $0, title: "Episode \($0)") },
      nextCursor: cursor.map(PageCursor.init), hasMore: hasMore,
      savedAt: Date(timeIntervalSince1970: 1_700_000_000))
  }

  @Test("a saved feed is restored with its items and cursor after relaunch")
  func restoredOnLaunch() throws {
    let folder = TemporaryFolder()
    let url = folder.appending("feeds.sqlite")
    do {
      let store = try SQLiteFeedStore<Episode>(url: url)
      try store.save(snapshot(1...50, cursor: "t=1699", hasMore: true), forFeed: "home")
      try store.save(snapshot(7...8, cursor: nil, hasMore: false), forFeed: "search")
    }
    let relaunched = try SQLiteFeedStore<Episode>(url: url)
    #expect(
      try relaunched.snapshot(forFeed: "home") == snapshot(1...50, cursor: "t=1699", hasMore: true))
    #expect(
      try relaunched.snapshot(forFeed: "search") == snapshot(7...8, cursor: nil, hasMore: false))
    #expect(try relaunched.snapshot(forFeed: "never saved") == nil)
  }

  @Test("saving replaces the whole snapshot and removing forgets it")
  func replaceAndRemove() throws {
    let folder = TemporaryFolder()
    let store = try SQLiteFeedStore<Episode>(url: folder.appending("feeds.sqlite"))
    try store.save(snapshot(1...50, cursor: "a", hasMore: true), forFeed: "home")
    try store.save(snapshot(51...52, cursor: "b", hasMore: false), forFeed: "home")
    #expect(try store.snapshot(forFeed: "home") == snapshot(51...52, cursor: "b", hasMore: false))
    try store.removeFeed("home")
    try store.removeFeed("home")
    #expect(try store.snapshot(forFeed: "home") == nil)
  }

  @Test("feeds share a key-value store with the app's own tables without clashing")
  func sharedStore() throws {
    let folder = TemporaryFolder()
    let kv = try KeyValueStore(url: folder.appending("app.sqlite"))
    let feeds = SQLiteFeedStore<Episode>(store: kv)
    try kv.put("settings", id: "home", inTable: "app")
    try feeds.save(snapshot(1...2, cursor: nil, hasMore: false), forFeed: "home")
    #expect(try kv.value(String.self, id: "home", inTable: "app") == "settings")
    #expect(try feeds.snapshot(forFeed: "home")?.items.count == 2)
  }

  @Test("feed ids that differ only after a NUL byte are different feeds")
  func feedIDsWithNUL() throws {
    let folder = TemporaryFolder()
    let store = try SQLiteFeedStore<Episode>(
      url: folder.appending("feeds.sqlite"), logger: StoreLoggers.none)
    try store.save(snapshot(1...1, cursor: "a", hasMore: true), forFeed: "user\0alice")
    try store.save(snapshot(2...2, cursor: "b", hasMore: true), forFeed: "user\0bob")
    try store.removeFeed("user")
    #expect(try store.snapshot(forFeed: "user\0alice")?.nextCursor == PageCursor("a"))
    #expect(try store.snapshot(forFeed: "user\0bob")?.nextCursor == PageCursor("b"))
  }
}
