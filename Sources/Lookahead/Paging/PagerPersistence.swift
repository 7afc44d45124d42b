import Foundation

/// Where a ``Pager`` restores its last list from and saves it to.
///
/// Usually built from a ``FeedStore`` with ``store(_:feedID:)``; the closures form
/// lets apps persist items that are not `Codable`.
///
/// Thread-safety: the closures are called from the pager's tasks, never while a
/// lock is held; they must be thread-safe.
public struct PagerPersistence<Item: Sendable>: Sendable {
  /// Returns the last saved snapshot, or `nil` if there is none.
  public var load: @Sendable () throws -> FeedSnapshot<Item>?
  /// Saves a snapshot, replacing the previous one.
  public var save: @Sendable (FeedSnapshot<Item>) throws -> Void

  /// Creates a persistence from two closures.
  public init(
    load: @escaping @Sendable () throws -> FeedSnapshot<Item>?,
    save: @escaping @Sendable (FeedSnapshot<Item>) throws -> Void
  ) {
    self.load = load
    self.save = save
  }

  /// Persists one feed of a ``FeedStore``.
  ///
  /// - Parameters:
  ///   - store: The store, for example an ``InMemoryFeedStore`` or the SQLite store.
  ///   - feedID: The feed's identifier in the store, for example `"home"`.
  public static func store<Store: FeedStore>(_ store: Store, feedID: String) -> Self
  where Store.Item == Item {
    Self(
      load: { try store.snapshot(forFeed: feedID) },
      save: { try store.save($0, forFeed: feedID) })
  }
}
