#if canImport(UIKit) && !os(watchOS)
  import Lookahead
  import UIKit

  /// Attaches a list preloader to a `UICollectionView` without taking its delegate.
  ///
  /// ```swift
  /// adapter = CollectionViewPreloadAdapter(
  ///   collectionView: collectionView, preloader: model.preloader,
  ///   indexPaths: .diffable(dataSource))
  /// collectionView.prefetchDataSource = adapter  // optional: hints only
  /// ```
  ///
  /// - **Scrolling**: the content offset, the bounds and the pan gesture are observed
  ///   (key-value observation), so the app keeps its delegate; drags, flings and the end
  ///   of decelerations are derived by the preloader's state machine.
  /// - **Geometry**: when the content size changes, every item's frame is read from the
  ///   collection view's own layout attributes, so compositional, self-sizing and custom
  ///   layouts are measured, not estimated. Frames of a list the screen has not applied
  ///   yet are ignored.
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
    private let collectionView: UICollectionView
    private var observer: ScrollViewObserver<Item, Key, Resource>?

    /// Starts observing `collectionView` for `preloader`.
    ///
    /// - Parameters:
    ///   - collectionView: The list's collection view.
    ///   - preloader: The list's preloader, owned by the app's model.
    ///   - indexPaths: How index paths name the items; the preloader's items in section 0
    ///     unless given.
    public init(
      collectionView: UICollectionView, preloader: ListPreloader<Item, Key, Resource>,
      indexPaths: ItemIndexPaths<Item.ID>? = nil
    ) {
      self.preloader = preloader
      self.indexPaths = indexPaths ?? .list(of: preloader)
      self.collectionView = collectionView
      super.init()
      observer = ScrollViewObserver(scrollView: collectionView, preloader: preloader) {
        [weak self] in self?.measureLayout()
      }
    }

    /// Stops observing the collection view. Calling it twice is harmless.
    public func detach() {
      observer = nil
    }

    /// Reads every item's frame from the collection view's layout. The adapter calls it
    /// when the content size changes; call it after a layout change that keeps the
    /// content size.
    public func measureLayout() {
      let collectionView = collectionView
      let indexPaths = indexPaths
      preloader.adoptMeasuredLayout(contentSize: collectionView.contentSize) { item in
        indexPaths.indexPath(item.id).flatMap {
          collectionView.layoutAttributesForItem(at: $0)?.frame
        }
      }
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
