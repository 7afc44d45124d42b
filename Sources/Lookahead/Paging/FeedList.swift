import DequeModule

/// The local copy of a feed: items sorted by ``FeedItem/sortKey``, each id once.
///
/// `FeedList` is where pages land. Tail pages are appended with
/// ``append(contentsOf:)``, a pull-to-refresh page is merged with
/// ``merge(_:)`` or ``refresh(with:)``; all three de-duplicate by id, so overlapping
/// pages never show an item twice, and an item whose sort key changed moves instead
/// of appearing twice.
///
/// ```swift
/// var list = FeedList<Post>()
/// list.append(contentsOf: firstPage.items)
/// let change = list.refresh(with: freshHead)
/// if change == .replaced { /* gap: continue paging from freshHead.nextCursor */ }
/// ```
///
/// The list is a `RandomAccessCollection` of its items, indexed from 0; copying it
/// is O(1) (copy on write).
///
/// Thread-safety: a value type; confine each copy to one task or guard it.
public struct FeedList<Item: FeedItem>: Sendable, RandomAccessCollection {
  /// The items in display order. A deque, so that a refresh inserts at the head
  /// without shifting the whole list.
  @usableFromInline var storage: Deque<Item>
  /// The current sort key of every item, by id; finds an item's position by binary
  /// search without scanning the list.
  @usableFromInline var keysByID: [Item.ID: Item.SortKey]

  /// Creates an empty list.
  @inlinable
  public init() {
    storage = []
    keysByID = [:]
  }

  /// Creates a list from items in any order; it sorts them and keeps the first
  /// occurrence of each id.
  ///
  /// - Complexity: O(n log n) for n items.
  @inlinable
  public init(_ items: some Sequence<Item>) {
    self.init()
    append(contentsOf: items)
  }

  /// The items in display order, as an array.
  ///
  /// - Complexity: O(n): the list is copied. Index the list itself (it is a
  ///   `RandomAccessCollection`) to read items without copying.
  public var items: [Item] { Array(storage) }

  /// The position of the first item.
  @inlinable public var startIndex: Int { 0 }

  /// The position after the last item.
  @inlinable public var endIndex: Int { storage.count }

  /// The item at `position`.
  ///
  /// - Complexity: O(1).
  @inlinable public subscript(position: Int) -> Item { storage[position] }

  /// The number of items.
  ///
  /// - Complexity: O(1).
  @inlinable public var count: Int { storage.count }

  /// Whether an item with `id` is in the list.
  ///
  /// - Complexity: O(1) on average.
  @inlinable public func contains(id: Item.ID) -> Bool { keysByID[id] != nil }

  /// The position of the item with `id`, or `nil` if it is not in the list.
  ///
  /// - Complexity: O(log n) comparisons, plus the number of items sharing its key.
  @inlinable
  public func index(ofID id: Item.ID) -> Int? {
    guard let key = keysByID[id] else { return nil }
    var index = lowerBound(ofKey: key)
    while index < storage.count, storage[index].sortKey == key {
      if storage[index].id == id { return index }
      index += 1
    }
    #if LOOKAHEAD_INTERNAL_CHECKS
      preconditionFailure("Internal inconsistency: \(id) indexed but not found in the list")
    #else
      return nil
    #endif
  }

  /// Removes every item.
  ///
  /// - Complexity: O(n).
  @inlinable
  public mutating func removeAll() {
    storage.removeAll()
    keysByID.removeAll()
  }

  /// The first position whose item does not come strictly before an item with `key`.
  @inlinable
  func lowerBound(ofKey key: Item.SortKey) -> Int {
    var low = 0
    var high = storage.count
    while low < high {
      let middle = (low + high) / 2
      if Self.key(storage[middle].sortKey, precedes: key) {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low
  }

  @inlinable
  static func key(_ lhs: Item.SortKey, precedes rhs: Item.SortKey) -> Bool {
    switch Item.sortOrder {
    case .descending: lhs > rhs
    case .ascending: lhs < rhs
    }
  }
}
