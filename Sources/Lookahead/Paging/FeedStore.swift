import Foundation

/// The persisted state of one feed: the items the user has already seen and the
/// cursor to continue from.
///
/// A ``FeedStore`` keeps snapshots so that an app opened offline, or before the
/// network answers, shows the last list instantly and pages on from where it was.
public struct FeedSnapshot<Item: Sendable>: Sendable {
  /// The items of the feed, in display order.
  public var items: [Item]
  /// The cursor for the next page at the tail, or `nil` when none is known.
  public var nextCursor: PageCursor?
  /// Whether the backend had more items after `items` when the snapshot was taken.
  public var hasMore: Bool
  /// When the snapshot was saved.
  public var savedAt: Date

  /// Creates a snapshot.
  public init(items: [Item], nextCursor: PageCursor?, hasMore: Bool, savedAt: Date) {
    self.items = items
    self.nextCursor = nextCursor
    self.hasMore = hasMore
    self.savedAt = savedAt
  }
}

extension FeedSnapshot: Equatable where Item: Equatable {}

/// Persists feeds (items plus cursor) by feed identifier.
///
/// Lookahead ships ``InMemoryFeedStore``; `LookaheadStore` adds an SQLite-backed
/// store that survives relaunches. Implementations must be thread-safe. Calls may
/// touch the disk, so keep them off the main thread except for the one read at
/// launch that restores the last list.
public protocol FeedStore<Item>: Sendable {
  /// The type of the stored items.
  associatedtype Item: Codable & Sendable

  /// Returns the last saved snapshot of a feed, or `nil` if none was saved.
  ///
  /// - Parameter feedID: The feed's identifier, for example `"home"`.
  /// - Throws: An error if the storage cannot be read.
  func snapshot(forFeed feedID: String) throws -> FeedSnapshot<Item>?

  /// Replaces the saved snapshot of a feed.
  ///
  /// The write is atomic: after a crash the store holds either the old snapshot or
  /// the new one, never a mix.
  ///
  /// - Throws: An error if the storage cannot be written.
  func save(_ snapshot: FeedSnapshot<Item>, forFeed feedID: String) throws

  /// Removes the saved snapshot of a feed. Removing a missing feed does nothing.
  ///
  /// - Throws: An error if the storage cannot be written.
  func removeFeed(_ feedID: String) throws
}
