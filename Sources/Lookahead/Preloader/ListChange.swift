/// What happened to a list preloader's list.
///
/// A value type; thread-safe.
public enum ListChangeKind: Sendable, Hashable {
  /// A tail page was appended (duplicates skipped; an item whose sort key changed moved).
  case appended(FeedMergeSummary)
  /// A head page was merged or replaced the list.
  case refreshed(FeedRefreshResult)
  /// The list was restored from a snapshot.
  case restored
}

/// A change of a list preloader's list, with the list it produces.
///
/// Apply it however late the consumer runs: as a snapshot of ``itemIDs`` (a diffable data
/// source), or as batch updates of ``indexChanges`` when the screen shows exactly the
/// list the change starts from (``canApplyBatchUpdates(toItemCount:)``); a consumer that
/// fell behind by several changes applies them in order, each with its own list.
///
/// ```swift
/// for await case .listChanged(let change) in preloader.events() {
///   var snapshot = NSDiffableDataSourceSnapshot<Int, Post.ID>()
///   snapshot.appendSections([0])
///   snapshot.appendItems(change.itemIDs)
///   dataSource.apply(snapshot, animatingDifferences: true)
/// }
/// ```
///
/// A value type; thread-safe.
public struct ListChange<Item: FeedItem>: Sendable {
  /// What happened to the list: an appended page, a refresh, a restore.
  public var kind: ListChangeKind
  /// The positions that changed, in the shape of a collection view's batch update.
  public var indexChanges: ListIndexChanges
  /// The list after the change, sorted and free of duplicates.
  public var items: FeedList<Item>

  /// Creates a change.
  ///
  /// - Parameters:
  ///   - change: What happened and which positions changed.
  ///   - items: The list the change produces; as many items as
  ///     `change.indexChanges.newCount`.
  package init(_ change: PagerListChange, items: FeedList<Item>) {
    precondition(
      items.count == change.indexChanges.newCount,
      "the change ends with \(change.indexChanges.newCount) items, the list has \(items.count)")
    kind = change.kind
    indexChanges = change.indexChanges
    self.items = items
  }

  /// The ids of the list after the change, in order: a diffable data source's snapshot.
  ///
  /// - Complexity: O(*n*) for *n* items.
  public var itemIDs: [Item.ID] { items.map(\.id) }

  /// Whether the batch updates of ``indexChanges`` apply to a screen that shows `count`
  /// items: they do only when it shows the list the change starts from. Otherwise apply
  /// ``itemIDs`` as a snapshot (or reload), which is always right.
  ///
  /// - Complexity: O(1).
  public func canApplyBatchUpdates(toItemCount count: Int) -> Bool {
    indexChanges.oldCount == count
  }
}
