/// A ``FeedStore`` that keeps snapshots in memory.
///
/// Use it in tests, previews and for feeds that need not survive a relaunch; use the
/// SQLite store of `LookaheadStore` for the rest. Snapshots are values, so a saved
/// snapshot never changes behind the store's back.
///
/// ```swift
/// let store = InMemoryFeedStore<Post>()
/// if let last = store.snapshot(forFeed: "home") { preloader.restore(last) }
/// // after each list change:
/// store.save(preloader.snapshot(), forFeed: "home")
/// ```
///
/// Thread-safety: all methods are thread-safe and cheap enough to call from the
/// main thread.
public final class InMemoryFeedStore<Item: Codable & Sendable>: FeedStore {
  private let snapshots = Locked<[String: FeedSnapshot<Item>]>([:])

  /// Creates an empty store.
  public init() {}

  /// Returns the last saved snapshot of a feed, or `nil` if none was saved.
  ///
  /// - Complexity: O(1) on average.
  public func snapshot(forFeed feedID: String) -> FeedSnapshot<Item>? {
    snapshots.withLock { $0[feedID] }
  }

  /// Replaces the saved snapshot of a feed.
  ///
  /// - Complexity: O(1) on average; the items are not copied.
  public func save(_ snapshot: FeedSnapshot<Item>, forFeed feedID: String) {
    snapshots.withLock { $0[feedID] = snapshot }
  }

  /// Removes the saved snapshot of a feed. Removing a missing feed does nothing.
  ///
  /// - Complexity: O(1) on average.
  public func removeFeed(_ feedID: String) {
    _ = snapshots.withLock { $0.removeValue(forKey: feedID) }
  }

  /// The identifiers of the feeds that have a snapshot, sorted.
  ///
  /// - Complexity: O(f log f) for f feeds.
  public var feedIDs: [String] {
    snapshots.withLock { $0.keys.sorted() }
  }
}
