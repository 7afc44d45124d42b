/// How the positions of a list's items changed in one update, in the shape of a
/// `UICollectionView` batch update: removals and move sources are positions *before*
/// the update, insertions and move destinations are positions *after* it.
///
/// ``FeedList`` reports one with every merge, `PagerStateMachine` with every list
/// change, and the list preloader applies them to its layout and rebases everything
/// that remembers positions (policies, ranges, the scroll tracker).
///
/// ```swift
/// let (summary, changes) = list.mergeReportingChanges(freshItems)
/// collectionView.performBatchUpdates {
///   collectionView.deleteItems(at: changes.removed.map { IndexPath(item: $0, section: 0) })
///   collectionView.insertItems(at: changes.inserted.map { IndexPath(item: $0, section: 0) })
///   for move in changes.moved {
///     collectionView.moveItem(
///       at: IndexPath(item: move.from, section: 0), to: IndexPath(item: move.to, section: 0))
///   }
/// }
/// ```
///
/// A value type; thread-safe.
public struct ListIndexChanges: Sendable, Hashable, CustomStringConvertible {
  /// One item that changed position.
  public struct Move: Sendable, Hashable {
    /// Its position before the update.
    public var from: Int
    /// Its position after the update.
    public var to: Int

    /// Creates a move.
    @usableFromInline package init(from: Int, to: Int) {
      self.from = from
      self.to = to
    }
  }

  /// The number of items before the update.
  public var oldCount: Int
  /// The number of items after the update.
  public var newCount: Int
  /// Positions before the update of items that are gone, ascending.
  public var removed: [Int]
  /// Positions after the update of items that are new, ascending.
  public var inserted: [Int]
  /// Items that changed position, by ascending destination.
  public var moved: [Move]
  /// Positions after the update of items whose content was replaced without a move,
  /// ascending (reconfigure their cells).
  public var updated: [Int]

  /// Creates a description of an update.
  ///
  /// - Parameters:
  ///   - oldCount: The number of items before the update.
  ///   - newCount: The number of items after it; must equal `oldCount − removed.count +
  ///     inserted.count`.
  ///   - removed: Positions before the update of items that are gone.
  ///   - inserted: Positions after the update of new items.
  ///   - moved: Items that changed position.
  ///   - updated: Positions after the update of items replaced in place.
  @usableFromInline package init(
    oldCount: Int, newCount: Int, removed: [Int] = [], inserted: [Int] = [], moved: [Move] = [],
    updated: [Int] = []
  ) {
    precondition(
      newCount == oldCount - removed.count + inserted.count,
      "newCount \(newCount) must equal oldCount \(oldCount) - \(removed.count) removed + \(inserted.count) inserted"
    )
    self.oldCount = oldCount
    self.newCount = newCount
    self.removed = removed.sorted()
    self.inserted = inserted.sorted()
    self.moved = moved.sorted { $0.to < $1.to }
    self.updated = updated.sorted()
  }

  /// No change to a list of `count` items.
  @usableFromInline package static func unchanged(count: Int) -> Self {
    Self(oldCount: count, newCount: count)
  }

  /// `count` items appended to a list of `oldCount`.
  @usableFromInline package static func appended(_ count: Int, to oldCount: Int) -> Self {
    Self(
      oldCount: oldCount, newCount: oldCount + count, inserted: Array(oldCount..<oldCount + count))
  }

  /// Every item replaced: the `oldCount` items removed and `newCount` new ones inserted
  /// (a refresh across a gap, or a restored list).
  @usableFromInline package static func replaced(oldCount: Int, newCount: Int) -> Self {
    Self(
      oldCount: oldCount, newCount: newCount, removed: Array(0..<oldCount),
      inserted: Array(0..<newCount))
  }

  /// Whether no item was removed, inserted, moved or updated.
  public var isEmpty: Bool {
    removed.isEmpty && inserted.isEmpty && moved.isEmpty && updated.isEmpty
  }

  /// Whether the update only added items after the last old one: every position that
  /// existed before still names the same item.
  public var isAppendOnly: Bool {
    removed.isEmpty && moved.isEmpty && (inserted.first.map { $0 >= oldCount } ?? true)
  }

  /// The position after the update of the item that was at `old` before it, or `nil`
  /// when that item was removed.
  ///
  /// - Parameter old: A position in `0..<oldCount`.
  /// - Complexity: O(log *r* + *i*) for *r* removals and moves and *i* insertions and
  ///   moves.
  public func newIndex(ofOldIndex old: Int) -> Int? {
    precondition(old >= 0 && old < oldCount, "old index \(old) is out of range 0..<\(oldCount)")
    if let move = moved.first(where: { $0.from == old }) { return move.to }
    if Self.contains(removed, old) { return nil }
    // Survivors keep their order: drop the sources before `old`, then step over the
    // destinations at or before the running position.
    let sourcesBefore = Self.countLess(than: old, in: removed) + moved.count { $0.from < old }
    var position = old - sourcesBefore
    var destinations = inserted.makeIterator()
    var moveDestinations = moved.lazy.map(\.to).sorted().makeIterator()
    var nextInserted = destinations.next()
    var nextMoved = moveDestinations.next()
    while true {
      let next: Int
      switch (nextInserted, nextMoved) {
      case (let a?, let b?): next = Swift.min(a, b)
      case (let a?, nil): next = a
      case (nil, let b?): next = b
      case (nil, nil): return position
      }
      guard next <= position else { return position }
      position += 1
      if next == nextInserted {
        nextInserted = destinations.next()
      } else {
        nextMoved = moveDestinations.next()
      }
    }
  }

  /// A summary such as `12 → 15: -0 +3 ~1 moved, 2 updated`.
  public var description: String {
    "\(oldCount) → \(newCount): -\(removed.count) +\(inserted.count) ~\(moved.count) moved, \(updated.count) updated"
  }

  private static func contains(_ sorted: [Int], _ value: Int) -> Bool {
    let index = countLess(than: value, in: sorted)
    return index < sorted.count && sorted[index] == value
  }

  private static func countLess(than value: Int, in sorted: [Int]) -> Int {
    Search.partitionPoint(in: 0..<sorted.count) { sorted[$0] >= value }
  }
}
