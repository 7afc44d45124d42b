import DequeModule

/// What merging fresh items into a ``FeedList`` changed.
///
/// Thread-safety: a value type; safe to share between tasks.
public struct FeedMergeSummary: Sendable, Hashable {
  /// Items whose id was not in the list.
  public var inserted: Int
  /// Items already in the list whose sort key changed; each moved to its new place.
  public var moved: Int
  /// Items already in the list with the same sort key; each replaced in place.
  public var updated: Int

  /// Creates a summary.
  @usableFromInline package init(inserted: Int = 0, moved: Int = 0, updated: Int = 0) {
    self.inserted = inserted
    self.moved = moved
    self.updated = updated
  }
}

/// What a pull-to-refresh did to a ``FeedList``.
///
/// Thread-safety: a value type; safe to share between tasks.
public enum FeedRefreshResult: Sendable, Hashable {
  /// The fresh page was empty; the list is untouched. An empty answer is more
  /// likely a backend hiccup than a feed emptied on purpose, so the cached list
  /// stays.
  case unchanged
  /// The fresh page overlapped the list and was merged into it.
  case merged(FeedMergeSummary)
  /// The fresh page shared no id with the list: there is a gap of unknown size
  /// between them, so the list was replaced by the fresh page and paging must
  /// continue from the fresh page's cursor.
  case replaced
}

extension FeedList {
  /// Merges a fresh head page: keeps the list when the page overlaps it, replaces it
  /// when there is a gap.
  ///
  /// - Parameter page: The newest page from the backend.
  /// - Returns: ``FeedRefreshResult/unchanged`` for an empty page,
  ///   ``FeedRefreshResult/replaced`` when no fresh id is in the list (the caller
  ///   must continue paging from `page.nextCursor`), otherwise
  ///   ``FeedRefreshResult/merged(_:)``.
  /// - Complexity: The cost of ``merge(_:)``, or O(n + m log m) when the list is
  ///   replaced.
  @discardableResult
  @inlinable
  public mutating func refresh(with page: Page<Item>) -> FeedRefreshResult {
    if page.items.isEmpty { return .unchanged }
    if !page.items.contains(where: { contains(id: $0.id) }) {
      removeAll()
      merge(page.items)
      return .replaced
    }
    return .merged(merge(page.items))
  }

  /// Appends a tail page, skipping items that are already in the list.
  ///
  /// Identical to ``merge(_:)``; the name says where the items usually land.
  ///
  /// - Complexity: O(m log n) for m items appended to a list of n.
  @discardableResult
  @inlinable
  public mutating func append(contentsOf page: some Sequence<Item>) -> FeedMergeSummary {
    merge(page)
  }

  /// Inserts or updates items by id, keeping the list sorted and free of duplicates.
  ///
  /// A new id is inserted at its sorted position. An existing id with the same sort
  /// key is replaced in place; with a changed sort key it moves to its new position.
  /// Within `fresh`, the first occurrence of an id wins.
  ///
  /// - Parameter fresh: Items in any order.
  /// - Returns: How many items were inserted, moved and updated.
  /// - Complexity: O(m log n + m log m + s) for m fresh items and a list of n, where
  ///   s is the span between the first and the last position touched (about m for a
  ///   head refresh or a tail append); the items outside that span are shifted on
  ///   the shorter side only, which costs nothing at either end. Never O(n·m).
  @discardableResult
  @inlinable
  public mutating func merge(_ fresh: some Sequence<Item>) -> FeedMergeSummary {
    merge(fresh, recordingChanges: false).summary
  }

  /// Merges like ``merge(_:)`` and also reports the positions that changed, for
  /// updating a layout or a collection view.
  ///
  /// - Parameter fresh: Items in any order.
  /// - Returns: The counts and the index changes.
  /// - Complexity: That of ``merge(_:)``, plus O(u log u) for u items replaced in place.
  @inlinable
  package mutating func mergeReportingChanges(_ fresh: some Sequence<Item>)
    -> (summary: FeedMergeSummary, changes: ListIndexChanges)
  {
    let (summary, changes) = merge(fresh, recordingChanges: true)
    return (summary, changes ?? .unchanged(count: count))
  }

  /// Merges a fresh head page like ``refresh(with:)`` and also reports the positions that
  /// changed (everything, when the list was replaced).
  ///
  /// - Parameter page: The newest page from the backend.
  /// - Returns: The refresh result and the index changes.
  /// - Complexity: That of ``refresh(with:)``.
  @inlinable
  package mutating func refreshReportingChanges(with page: Page<Item>)
    -> (result: FeedRefreshResult, changes: ListIndexChanges)
  {
    let oldCount = count
    if page.items.isEmpty { return (.unchanged, .unchanged(count: oldCount)) }
    if !page.items.contains(where: { contains(id: $0.id) }) {
      removeAll()
      merge(page.items)
      return (.replaced, .replaced(oldCount: oldCount, newCount: count))
    }
    let (summary, changes) = mergeReportingChanges(page.items)
    return (.merged(summary), changes)
  }

  @inlinable
  mutating func merge(_ fresh: some Sequence<Item>, recordingChanges: Bool)
    -> (summary: FeedMergeSummary, changes: ListIndexChanges?)
  {
    var summary = FeedMergeSummary()
    var seen = Set<Item.ID>()
    var removals: [Int] = []
    var updates: [Int] = []
    var insertions: [(order: Int, item: Item, from: Int?)] = []
    var low = Int.max
    var high = Int.min
    let oldCount = storage.count
    for item in fresh {
      guard seen.insert(item.id).inserted else { continue }
      var from: Int?
      if let position = index(ofID: item.id) {
        if storage[position].sortKey == item.sortKey {
          storage[position] = item
          summary.updated += 1
          if recordingChanges { updates.append(position) }
          continue
        }
        removals.append(position)
        from = position
        low = Swift.min(low, position)
        high = Swift.max(high, position + 1)
        summary.moved += 1
      } else {
        summary.inserted += 1
      }
      let target = lowerBound(ofKey: item.sortKey)
      low = Swift.min(low, target)
      high = Swift.max(high, target)
      insertions.append((insertions.count, item, from))
    }
    guard !insertions.isEmpty else {
      guard recordingChanges else { return (summary, nil) }
      return (summary, ListIndexChanges(oldCount: oldCount, newCount: oldCount, updated: updates))
    }

    insertions.sort { lhs, rhs in
      if lhs.item.precedes(rhs.item) { return true }
      if rhs.item.precedes(lhs.item) { return false }
      return lhs.order < rhs.order
    }
    let removed = Set(removals)
    let updated = recordingChanges ? Set(updates) : []
    var inserted: [Int] = []
    var moved: [ListIndexChanges.Move] = []
    var updatedAfter: [Int] = []
    var merged: [Item] = []
    merged.reserveCapacity(high - low + insertions.count)
    var local = low
    var next = 0
    while local < high || next < insertions.count {
      if local < high, removed.contains(local) {
        local += 1
      } else if local < high,
        next == insertions.count || storage[local].precedes(insertions[next].item)
      {
        if recordingChanges, updated.contains(local) { updatedAfter.append(low + merged.count) }
        merged.append(storage[local])
        local += 1
      } else {
        if recordingChanges {
          if let from = insertions[next].from {
            moved.append(ListIndexChanges.Move(from: from, to: low + merged.count))
          } else {
            inserted.append(low + merged.count)
          }
        }
        merged.append(insertions[next].item)
        next += 1
      }
    }
    storage.replaceSubrange(low..<high, with: merged)
    for (_, item, _) in insertions { keysByID[item.id] = item.sortKey }
    #if LOOKAHEAD_INTERNAL_CHECKS
      precondition(storage.count == keysByID.count, "Internal inconsistency: index out of sync")
    #endif
    guard recordingChanges else { return (summary, nil) }
    // Items replaced in place outside the merged span keep their position before it,
    // and shift by the growth of the list after it.
    let growth = storage.count - oldCount
    for position in updates where position < low || position >= high {
      updatedAfter.append(position < low ? position : position + growth)
    }
    return (
      summary,
      ListIndexChanges(
        oldCount: oldCount, newCount: storage.count, inserted: inserted, moved: moved,
        updated: updatedAfter)
    )
  }
}
