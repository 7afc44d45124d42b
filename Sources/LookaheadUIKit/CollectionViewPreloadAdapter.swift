#if canImport(UIKit) && !os(watchOS)
  import Lookahead
  import UIKit

  /// Attaches a list preloader to a `UICollectionView` without taking its delegate.
  ///
  /// ```swift
  /// adapter = CollectionViewPreloadAdapter(
  ///   collectionView: collectionView, dataSource: dataSource, preloader: model.preloader)
  /// collectionView.prefetchDataSource = adapter  // optional: hints only
  /// ```
  ///
  /// - **Scrolling**: once per display frame, at rest too, while the collection view is in
  ///   a window, a display link hands the content offset, the visible size (less the
  ///   adjusted content insets), the pan gesture's state and the content's velocity to
  ///   ``ListPreloader/scrollViewChanged(_:)``, which derives drags, flings and the end of
  ///   decelerations and counts the frame as the simulator does. The app keeps its delegate.
  ///   Inverted lists (a chat scaled by −1) get velocities in their own coordinates.
  /// - **Geometry**: the layout's frames are adopted once, when the layout first shows
  ///   items (O(*n*)); then, every frame, the layout attributes of the items on screen are
  ///   compared with the lengths last sent, and only the items whose layout changed
  ///   (self-sizing cells, as they appear) are resized (O(*k* log *n*)). Compositional,
  ///   self-sizing and custom layouts are measured, not estimated.
  /// - **Positions**: index paths are the diffable data source's, which is what the screen
  ///   shows; the preloader's list runs ahead of it until the app applies a change.
  /// - **Prefetching**: set the adapter as `prefetchDataSource` to pass UIKit's hints on.
  ///   They are hints, not the source of truth: repeated or missing ones change nothing,
  ///   and they never cancel or outrank the strategy's or a cell's loads.
  /// - **Lifecycle**: memory warnings and background/foreground transitions reach the
  ///   preloader. Tell it when the list is covered with
  ///   ``ListPreloader/setListVisible(_:)``.
  ///
  /// Keep the adapter as long as the collection view; ``detach()`` or releasing it stops
  /// the observation.
  ///
  /// Thread-safety: `@MainActor`.
  @MainActor
  public final class CollectionViewPreloadAdapter<
    Item: FeedItem, Key: Hashable & Sendable, Resource: Sendable
  >: NSObject, UICollectionViewDataSourcePrefetching {
    /// The preloader this adapter drives.
    public let preloader: ListPreloader<Item, Key, Resource>
    /// How index paths name the preloader's items.
    public let indexPaths: ItemIndexPaths<Item.ID>
    private var observer: ScrollViewObserver<Item, Key, Resource>?

    /// Starts observing `collectionView` for `preloader`, with the positions of the
    /// diffable data source that feeds it.
    ///
    /// - Parameters:
    ///   - collectionView: The list's collection view.
    ///   - dataSource: The collection view's data source, keyed by the items' ids; not
    ///     retained.
    ///   - preloader: The list's preloader, owned by the app's model.
    public convenience init<Section: Hashable & Sendable>(
      collectionView: UICollectionView,
      dataSource: UICollectionViewDiffableDataSource<Section, Item.ID>,
      preloader: ListPreloader<Item, Key, Resource>
    ) {
      self.init(
        collectionView: collectionView, preloader: preloader, indexPaths: .diffable(dataSource))
    }

    /// Starts observing `collectionView` for `preloader`, with positions named by
    /// `indexPaths`: for a data source that is not diffable, give the positions the screen
    /// shows, not those of the preloader's list (see ``ItemIndexPaths``).
    ///
    /// - Parameters:
    ///   - collectionView: The list's collection view.
    ///   - preloader: The list's preloader, owned by the app's model.
    ///   - indexPaths: How index paths name the items.
    public init(
      collectionView: UICollectionView, preloader: ListPreloader<Item, Key, Resource>,
      indexPaths: ItemIndexPaths<Item.ID>
    ) {
      self.preloader = preloader
      self.indexPaths = indexPaths
      super.init()
      observer = ScrollViewObserver(
        scrollView: collectionView, preloader: preloader,
        layout: .collectionView(collectionView, indexPaths: indexPaths))
    }

    /// Stops observing the collection view. Calling it twice is harmless.
    public func detach() {
      observer?.stop()
      observer = nil
    }

    /// Adopts every item's frame from the collection view's layout now: O(*n*) for *n*
    /// items. The adapter does it once, when the layout first shows items, and then resizes
    /// only the items whose layout changes; call it after replacing the layout
    /// (`setCollectionViewLayout(_:animated:)`), never per change.
    ///
    /// - Returns: Whether the preloader adopted the frames: `false` when the screen does
    ///   not show the preloader's list yet, or after ``detach()``.
    @discardableResult
    public func measureLayout() -> Bool {
      observer?.adoptLayout() ?? false
    }

    /// UIKit hints that these items will be displayed soon.
    ///
    /// - Parameters:
    ///   - collectionView: The collection view.
    ///   - indexPaths: The items' index paths.
    public func collectionView(
      _ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]
    ) {
      preloader.hintPrefetch(indexPaths.compactMap { self.indexPaths.itemID($0) })
    }

    /// UIKit withdraws its hint for these items.
    ///
    /// - Parameters:
    ///   - collectionView: The collection view.
    ///   - indexPaths: The items' index paths.
    public func collectionView(
      _ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]
    ) {
      preloader.withdrawPrefetchHint(indexPaths.compactMap { self.indexPaths.itemID($0) })
    }
  }
#endif
