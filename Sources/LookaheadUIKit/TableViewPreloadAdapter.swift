#if canImport(UIKit) && !os(watchOS)
  import Lookahead
  import UIKit

  /// Attaches a list preloader to a `UITableView` without taking its delegate.
  ///
  /// It works as ``CollectionViewPreloadAdapter`` does: a display link hands the table's
  /// state to the preloader once per display frame while the table is in a window; the
  /// rows' rectangles (`rectForRow(at:)`) are adopted once, then only the rows on screen
  /// whose height changed are resized; positions are the diffable data source's; and
  /// UIKit's prefetch calls are passed on as hints when the adapter is the table's
  /// `prefetchDataSource`.
  ///
  /// ```swift
  /// adapter = TableViewPreloadAdapter(
  ///   tableView: tableView, dataSource: dataSource, preloader: model.preloader)
  /// tableView.prefetchDataSource = adapter
  /// ```
  ///
  /// Thread-safety: `@MainActor`.
  @MainActor
  public final class TableViewPreloadAdapter<
    Item: FeedItem, Key: Hashable & Sendable, Resource: Sendable
  >: NSObject, UITableViewDataSourcePrefetching {
    /// The preloader this adapter drives.
    public let preloader: ListPreloader<Item, Key, Resource>
    /// How index paths name the preloader's items.
    public let indexPaths: ItemIndexPaths<Item.ID>
    private var observer: ScrollViewObserver<Item, Key, Resource>?

    /// Starts observing `tableView` for `preloader`, with the positions of the diffable
    /// data source that feeds it.
    ///
    /// - Parameters:
    ///   - tableView: The list's table view.
    ///   - dataSource: The table view's data source, keyed by the items' ids; not retained.
    ///   - preloader: The list's preloader, owned by the app's model.
    public convenience init<Section: Hashable & Sendable>(
      tableView: UITableView, dataSource: UITableViewDiffableDataSource<Section, Item.ID>,
      preloader: ListPreloader<Item, Key, Resource>
    ) {
      self.init(tableView: tableView, preloader: preloader, indexPaths: .diffable(dataSource))
    }

    /// Starts observing `tableView` for `preloader`, with positions named by `indexPaths`:
    /// for a data source that is not diffable, give the positions the screen shows, not
    /// those of the preloader's list (see ``ItemIndexPaths``).
    ///
    /// - Parameters:
    ///   - tableView: The list's table view.
    ///   - preloader: The list's preloader, owned by the app's model.
    ///   - indexPaths: How index paths name the items.
    public init(
      tableView: UITableView, preloader: ListPreloader<Item, Key, Resource>,
      indexPaths: ItemIndexPaths<Item.ID>
    ) {
      self.preloader = preloader
      self.indexPaths = indexPaths
      super.init()
      observer = ScrollViewObserver(
        scrollView: tableView, preloader: preloader,
        layout: .tableView(tableView, indexPaths: indexPaths))
    }

    /// Stops observing the table view. Calling it twice is harmless.
    public func detach() {
      observer?.stop()
      observer = nil
    }

    /// Adopts every row's rectangle from the table view now: O(*n*) for *n* rows. The
    /// adapter does it once, when the table first shows rows, and then resizes only the
    /// rows whose height changes; call it after a change of the whole layout, never per
    /// change.
    ///
    /// - Returns: Whether the preloader adopted the rectangles: `false` when the screen does
    ///   not show the preloader's list yet, or after ``detach()``.
    @discardableResult
    public func measureLayout() -> Bool {
      observer?.adoptLayout() ?? false
    }

    /// UIKit hints that these rows will be displayed soon.
    ///
    /// - Parameters:
    ///   - tableView: The table view.
    ///   - indexPaths: The rows' index paths.
    public func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
      preloader.hintPrefetch(indexPaths.compactMap { self.indexPaths.itemID($0) })
    }

    /// UIKit withdraws its hint for these rows.
    ///
    /// - Parameters:
    ///   - tableView: The table view.
    ///   - indexPaths: The rows' index paths.
    public func tableView(
      _ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]
    ) {
      preloader.withdrawPrefetchHint(indexPaths.compactMap { self.indexPaths.itemID($0) })
    }
  }
#endif
