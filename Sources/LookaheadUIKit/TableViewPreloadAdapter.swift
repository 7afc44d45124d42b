#if canImport(UIKit) && !os(watchOS)
  import Lookahead
  import UIKit

  /// Attaches a list preloader to a `UITableView` without taking its delegate.
  ///
  /// It works as ``CollectionViewPreloadAdapter`` does: the content offset, the bounds
  /// and the pan gesture are observed, every row's frame is read with
  /// `rectForRow(at:)` when the content size changes, and UIKit's prefetch calls are
  /// passed on as hints when the adapter is the table's `prefetchDataSource`.
  ///
  /// ```swift
  /// adapter = TableViewPreloadAdapter(tableView: tableView, preloader: model.preloader)
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
    private let tableView: UITableView
    private var observer: ScrollViewObserver<Item, Key, Resource>?

    /// Starts observing `tableView` for `preloader`.
    ///
    /// - Parameters:
    ///   - tableView: The list's table view.
    ///   - preloader: The list's preloader, owned by the app's model.
    ///   - indexPaths: How index paths name the items; the preloader's items in section 0
    ///     unless given.
    public init(
      tableView: UITableView, preloader: ListPreloader<Item, Key, Resource>,
      indexPaths: ItemIndexPaths<Item.ID>? = nil
    ) {
      self.preloader = preloader
      self.indexPaths = indexPaths ?? .list(of: preloader)
      self.tableView = tableView
      super.init()
      observer = ScrollViewObserver(scrollView: tableView, preloader: preloader) {
        [weak self] in self?.measureLayout()
      }
    }

    /// Stops observing the table view. Calling it twice is harmless.
    public func detach() {
      observer = nil
    }

    /// Reads every row's frame from the table view. The adapter calls it when the content
    /// size changes; call it after a layout change that keeps the content size.
    public func measureLayout() {
      let tableView = tableView
      let indexPaths = indexPaths
      // A row the table does not have yet answers CGRect.zero, which the preloader
      // treats as missing.
      preloader.adoptMeasuredLayout(contentSize: tableView.contentSize) { item in
        indexPaths.indexPath(item.id).map { tableView.rectForRow(at: $0) }
      }
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
