#if canImport(CoreGraphics)
  import CoreGraphics
#endif

// https://developer.apple.com/documentation/uikit/uiscrollview
/// Stand-in for `UIScrollView`.
@MainActor open class UIScrollView: UIView {
  // https://developer.apple.com/documentation/uikit/uiscrollview/contentoffset
  /// Stand-in for `contentOffset`.
  open var contentOffset: CGPoint {
    get { standIn() }
    set { standIn() }
  }

  // https://developer.apple.com/documentation/uikit/uiscrollview/contentsize
  /// Stand-in for `contentSize`.
  open var contentSize: CGSize {
    get { standIn() }
    set { standIn() }
  }

  // https://developer.apple.com/documentation/uikit/uiscrollview/isdecelerating
  /// Stand-in for `isDecelerating`.
  open var isDecelerating: Bool { standIn() }

  // https://developer.apple.com/documentation/uikit/uiscrollview/pangesturerecognizer
  /// Stand-in for `panGestureRecognizer`.
  open var panGestureRecognizer: UIPanGestureRecognizer { standIn() }
}

// https://developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes
/// Stand-in for `UICollectionViewLayoutAttributes`.
@MainActor open class UICollectionViewLayoutAttributes: NSObject {
  // https://developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes/frame
  /// Stand-in for `frame`.
  open var frame: CGRect {
    get { standIn() }
    set { standIn() }
  }
}

// https://developer.apple.com/documentation/uikit/uicollectionview
/// Stand-in for `UICollectionView`.
@MainActor open class UICollectionView: UIScrollView {
  // https://developer.apple.com/documentation/uikit/uicollectionview/layoutattributesforitem(at:)
  /// Stand-in for `layoutAttributesForItem(at:)`.
  open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    standIn()
  }
}

// https://developer.apple.com/documentation/uikit/uitableview
/// Stand-in for `UITableView`.
@MainActor open class UITableView: UIScrollView {
  // https://developer.apple.com/documentation/uikit/uitableview/rectforrow(at:)
  /// Stand-in for `rectForRow(at:)`.
  open func rectForRow(at indexPath: IndexPath) -> CGRect { standIn() }
}

// https://developer.apple.com/documentation/uikit/uicollectionviewdatasourceprefetching
/// Stand-in for `UICollectionViewDataSourcePrefetching`. The cancel method is optional in
/// UIKit; it is a requirement here so that a misspelt implementation fails to compile
/// instead of silently never being called.
@MainActor public protocol UICollectionViewDataSourcePrefetching: NSObjectProtocol {
  // https://developer.apple.com/documentation/uikit/uicollectionviewdatasourceprefetching/collectionview(_:prefetchitemsat:)
  /// Stand-in for `collectionView(_:prefetchItemsAt:)`.
  func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath])

  // https://developer.apple.com/documentation/uikit/uicollectionviewdatasourceprefetching/collectionview(_:cancelprefetchingforitemsat:)
  /// Stand-in for `collectionView(_:cancelPrefetchingForItemsAt:)`.
  func collectionView(
    _ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath])
}

// https://developer.apple.com/documentation/uikit/uitableviewdatasourceprefetching
/// Stand-in for `UITableViewDataSourcePrefetching`; the cancel method is a requirement
/// here for the same reason.
@MainActor public protocol UITableViewDataSourcePrefetching: NSObjectProtocol {
  // https://developer.apple.com/documentation/uikit/uitableviewdatasourceprefetching/tableview(_:prefetchrowsat:)
  /// Stand-in for `tableView(_:prefetchRowsAt:)`.
  func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath])

  // https://developer.apple.com/documentation/uikit/uitableviewdatasourceprefetching/tableview(_:cancelprefetchingforrowsat:)
  /// Stand-in for `tableView(_:cancelPrefetchingForRowsAt:)`.
  func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath])
}

// https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource-9tqpa
/// Stand-in for `UICollectionViewDiffableDataSource`.
@MainActor @preconcurrency
open class UICollectionViewDiffableDataSource<SectionIdentifierType, ItemIdentifierType>: NSObject
where
  SectionIdentifierType: Hashable, SectionIdentifierType: Sendable,
  ItemIdentifierType: Hashable, ItemIdentifierType: Sendable
{
  // https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource-9tqpa/itemidentifier(for:)
  /// Stand-in for `itemIdentifier(for:)`.
  open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { standIn() }

  // https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource-9tqpa/indexpath(for:)
  /// Stand-in for `indexPath(for:)`.
  open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { standIn() }
}

// https://developer.apple.com/documentation/uikit/uitableviewdiffabledatasource-2euir
/// Stand-in for `UITableViewDiffableDataSource`.
@MainActor @preconcurrency
open class UITableViewDiffableDataSource<SectionIdentifierType, ItemIdentifierType>: NSObject
where
  SectionIdentifierType: Hashable, SectionIdentifierType: Sendable,
  ItemIdentifierType: Hashable, ItemIdentifierType: Sendable
{
  // https://developer.apple.com/documentation/uikit/uitableviewdiffabledatasource-2euir/itemidentifier(for:)
  /// Stand-in for `itemIdentifier(for:)`.
  open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { standIn() }

  // https://developer.apple.com/documentation/uikit/uitableviewdiffabledatasource-2euir/indexpath(for:)
  /// Stand-in for `indexPath(for:)`.
  open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { standIn() }
}
