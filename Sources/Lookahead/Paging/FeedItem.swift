/// An item of a feed that Lookahead can page, merge and de-duplicate.
///
/// A feed is kept sorted by ``sortKey`` in ``sortOrder`` (newest first by default)
/// and holds each `id` once. The sort key may change on the backend — a series
/// that gets a new episode gets a newer `addtime` — and a refresh then moves the
/// item instead of duplicating it.
///
/// ```swift
/// struct Post: FeedItem, Codable {
///   var id: Int
///   var addtime: Date
///   var title: String
///   var sortKey: Date { addtime }
/// }
/// ```
///
/// Items whose keys are equal keep the order in which they arrived; a fresh item is
/// placed before local items with the same key.
///
/// Thread-safety: conforming types are `Sendable` values; the list that holds them
/// decides how they are shared.
public protocol FeedItem: Identifiable, Sendable where ID: Sendable {
  /// The type of the key the feed is sorted by.
  associatedtype SortKey: Comparable & Sendable

  /// The key the feed is sorted by, for example the time the item was added.
  var sortKey: SortKey { get }

  /// The direction of the sort; ``FeedSortOrder/descending`` (greatest key first,
  /// newest first) unless the conforming type says otherwise.
  static var sortOrder: FeedSortOrder { get }
}

extension FeedItem {
  /// Feeds are newest first by default.
  public static var sortOrder: FeedSortOrder { .descending }

  /// Whether `self` comes strictly before `other` in display order.
  @inlinable
  func precedes(_ other: Self) -> Bool {
    switch Self.sortOrder {
    case .descending: sortKey > other.sortKey
    case .ascending: sortKey < other.sortKey
    }
  }
}

/// The direction in which a feed is sorted by its items' ``FeedItem/sortKey``.
///
/// Thread-safety: a value type; safe to share between tasks.
public enum FeedSortOrder: Sendable, Hashable {
  /// Greatest key first: the newest item at the head (a social or video feed).
  case descending
  /// Smallest key first: the oldest item at the head (a chat transcript).
  case ascending
}
