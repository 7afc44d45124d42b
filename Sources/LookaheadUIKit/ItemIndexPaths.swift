// UICollectionView and UIPanGestureRecognizer are not in watchOS's UIKit.
#if canImport(UIKit) && !os(watchOS)
  import Lookahead
  import UIKit

  /// Maps a list view's index paths to the preloader's items and back.
  ///
  /// Prefetch calls and layouts name index paths; the preloader names items by id. The
  /// index paths must be those the screen shows now. Use `diffable(_:)` when a diffable data
  /// source is keyed by the items' ids (the adapters' default): its snapshot is what the
  /// screen shows. ``list(of:section:)`` reads the preloader's own list, which runs ahead of
  /// the screen until the app applies a change: use it only for a view that applies every
  /// change in the same main-actor turn as the preloader announces it (`reloadData()` in
  /// the `listChanged` handler).
  ///
  /// Thread-safety: `@MainActor`, like the views it reads.
  @MainActor
  public struct ItemIndexPaths<ID: Hashable & Sendable> {
    /// The id of the item at an index path, or `nil` when there is none.
    public let itemID: @MainActor (IndexPath) -> ID?
    /// The index path of the item with an id, or `nil` when the view does not show it.
    public let indexPath: @MainActor (ID) -> IndexPath?

    /// Creates a mapping from two functions.
    ///
    /// - Parameters:
    ///   - itemID: The id of the item at an index path, or `nil`.
    ///   - indexPath: The index path of an item, or `nil`.
    public init(
      itemID: @escaping @MainActor (IndexPath) -> ID?,
      indexPath: @escaping @MainActor (ID) -> IndexPath?
    ) {
      self.itemID = itemID
      self.indexPath = indexPath
    }

    /// The preloader's items, in order, as the items of one section. The preloader's list
    /// may be ahead of the screen's: prefer `diffable(_:)`.
    ///
    /// - Parameters:
    ///   - preloader: The list's preloader.
    ///   - section: The section that shows them.
    /// - Returns: The mapping.
    public static func list<Item, Key, Resource>(
      of preloader: ListPreloader<Item, Key, Resource>, section: Int = 0
    ) -> Self where Item.ID == ID {
      Self(
        itemID: { preloader.itemID(at: $0.item) },
        indexPath: { preloader.position(of: $0).map { IndexPath(item: $0, section: section) } })
    }

    /// The items of a collection view's diffable data source keyed by the items' ids.
    ///
    /// - Parameter dataSource: The data source; not retained.
    /// - Returns: The mapping.
    public static func diffable<Section: Hashable & Sendable>(
      _ dataSource: UICollectionViewDiffableDataSource<Section, ID>
    ) -> Self {
      Self(
        itemID: { [weak dataSource] in dataSource?.itemIdentifier(for: $0) },
        indexPath: { [weak dataSource] in dataSource?.indexPath(for: $0) })
    }

    /// The rows of a table view's diffable data source keyed by the items' ids.
    ///
    /// - Parameter dataSource: The data source; not retained.
    /// - Returns: The mapping.
    public static func diffable<Section: Hashable & Sendable>(
      _ dataSource: UITableViewDiffableDataSource<Section, ID>
    ) -> Self {
      Self(
        itemID: { [weak dataSource] in dataSource?.itemIdentifier(for: $0) },
        indexPath: { [weak dataSource] in dataSource?.indexPath(for: $0) })
    }
  }
#endif
