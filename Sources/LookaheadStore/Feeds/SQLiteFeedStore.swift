import Foundation
import Lookahead

/// A `FeedStore` on SQLite: the last items and cursor of each feed survive
/// relaunches, so an app opened offline shows the last list at once and pages on from
/// where it stopped.
///
/// Each snapshot is one JSON document of a ``KeyValueStore`` table, written in one
/// transaction: after a crash the store holds the old snapshot or the new one, never
/// a mix. Feed identifiers are compared by their exact UTF-8 bytes, and a snapshot
/// damaged on disk reads as none (it is removed and logged), as the key-value store
/// guarantees.
///
/// All methods are thread-safe. They touch the disk: keep them off the main thread
/// except for the one read at launch that restores the last list.
public final class SQLiteFeedStore<Item: Codable & Sendable>: FeedStore {
  /// The table of the key-value store that holds the snapshots.
  public static var tableName: String { "lookahead.feeds" }

  private let store: KeyValueStore

  /// Keeps feeds in `store`, which may hold other tables too.
  public init(store: KeyValueStore) {
    self.store = store
  }

  /// Opens (or creates) a store of its own at `url`.
  ///
  /// - Throws: ``StoreError`` if the file can neither be opened nor rebuilt.
  public convenience init(
    url: URL, logger: @escaping StoreLogger = StoreLoggers.standardError
  ) throws {
    self.init(store: try KeyValueStore(url: url, logger: logger))
  }

  /// Returns the last saved snapshot of a feed, or `nil` if none was saved.
  ///
  /// - Throws: ``StoreError`` if the file cannot be read or the items do not decode.
  /// - Complexity: O(size of the snapshot).
  public func snapshot(forFeed feedID: String) throws -> FeedSnapshot<Item>? {
    try store.value(StoredSnapshot.self, id: feedID, inTable: Self.tableName).map {
      FeedSnapshot(
        items: $0.items, nextCursor: $0.nextCursor, hasMore: $0.hasMore, savedAt: $0.savedAt)
    }
  }

  /// Replaces the saved snapshot of a feed, atomically.
  ///
  /// - Throws: ``StoreError`` if the items cannot be encoded or the file written.
  /// - Complexity: O(size of the snapshot).
  public func save(_ snapshot: FeedSnapshot<Item>, forFeed feedID: String) throws {
    let stored = StoredSnapshot(
      items: snapshot.items, nextCursor: snapshot.nextCursor, hasMore: snapshot.hasMore,
      savedAt: snapshot.savedAt)
    try store.put(stored, id: feedID, inTable: Self.tableName)
  }

  /// Removes the saved snapshot of a feed. Removing a missing feed does nothing.
  ///
  /// - Throws: ``StoreError`` if the file cannot be written.
  public func removeFeed(_ feedID: String) throws {
    try store.delete(id: feedID, inTable: Self.tableName)
  }

  private struct StoredSnapshot: Codable {
    var items: [Item]
    var nextCursor: PageCursor?
    var hasMore: Bool
    var savedAt: Date
  }
}
