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

  // https://developer.apple.com/documentation/uikit/uiscrollview/adjustedcontentinset
  /// Stand-in for `adjustedContentInset`.
  open var adjustedContentInset: UIEdgeInsets { standIn() }

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

// https://developer.apple.com/documentation/uikit/uiedgeinsets
/// Stand-in for `UIEdgeInsets`.
public struct UIEdgeInsets: Sendable, Equatable {
  // https://developer.apple.com/documentation/uikit/uiedgeinsets/top
  /// Stand-in for `top`.
  public var top: CGFloat
  // https://developer.apple.com/documentation/uikit/uiedgeinsets/left
  /// Stand-in for `left`.
  public var left: CGFloat
  // https://developer.apple.com/documentation/uikit/uiedgeinsets/bottom
  /// Stand-in for `bottom`.
  public var bottom: CGFloat
  // https://developer.apple.com/documentation/uikit/uiedgeinsets/right
  /// Stand-in for `right`.
  public var right: CGFloat

  // https://developer.apple.com/documentation/uikit/uiedgeinsets/init(top:left:bottom:right:)
  /// Stand-in for `init(top:left:bottom:right:)`.
  public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }
}

// https://developer.apple.com/documentation/uikit/uicollectionview
/// Stand-in for `UICollectionView`.
@MainActor open class UICollectionView: UIScrollView {
  // https://developer.apple.com/documentation/uikit/uicollectionview/init(frame:collectionviewlayout:)
  /// Stand-in for `init(frame:collectionViewLayout:)`.
  public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) { standIn() }

  // https://developer.apple.com/documentation/uikit/uicollectionview/init(coder:)
  /// Stand-in for `init(coder:)`.
  public required init?(coder: NSCoder) { standIn() }

  // https://developer.apple.com/documentation/uikit/uicollectionview/prefetchdatasource
  /// Stand-in for `prefetchDataSource`.
  open weak var prefetchDataSource: (any UICollectionViewDataSourcePrefetching)? {
    get { standIn() }
    set { standIn() }
  }

  // https://developer.apple.com/documentation/uikit/uicollectionview/indexpathsforvisibleitems
  /// Stand-in for `indexPathsForVisibleItems`.
  open var indexPathsForVisibleItems: [IndexPath] { standIn() }

  // https://developer.apple.com/documentation/uikit/uicollectionview/numberofsections
  /// Stand-in for `numberOfSections`.
  open var numberOfSections: Int { standIn() }

  // https://developer.apple.com/documentation/uikit/uicollectionview/numberofitems(insection:)
  /// Stand-in for `numberOfItems(inSection:)`.
  open func numberOfItems(inSection section: Int) -> Int { standIn() }

  // https://developer.apple.com/documentation/uikit/uicollectionview/layoutattributesforitem(at:)
  /// Stand-in for `layoutAttributesForItem(at:)`.
  open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    standIn()
  }
}

extension UICollectionView {
  // https://developer.apple.com/documentation/uikit/uicollectionview/cellregistration
  /// Stand-in for `UICollectionView.CellRegistration`.
  public struct CellRegistration<Cell, Item> where Cell: UICollectionViewCell {
    // https://developer.apple.com/documentation/uikit/uicollectionview/cellregistration/handler
    /// Stand-in for `Handler`.
    public typealias Handler = (Cell, IndexPath, Item) -> Void

    // https://developer.apple.com/documentation/uikit/uicollectionview/cellregistration/init(handler:)
    /// Stand-in for `init(handler:)`.
    public init(handler: @escaping UICollectionView.CellRegistration<Cell, Item>.Handler) {
      standIn()
    }
  }

  // https://developer.apple.com/documentation/uikit/uicollectionview/dequeueconfiguredreusablecell(using:for:item:)
  /// Stand-in for `dequeueConfiguredReusableCell(using:for:item:)`.
  @MainActor @preconcurrency
  public func dequeueConfiguredReusableCell<Cell, Item>(
    using registration: UICollectionView.CellRegistration<Cell, Item>, for indexPath: IndexPath,
    item: Item?
  ) -> Cell where Cell: UICollectionViewCell {
    standIn()
  }
}

// https://developer.apple.com/documentation/uikit/uicollectionreusableview
/// Stand-in for `UICollectionReusableView`.
@MainActor open class UICollectionReusableView: UIView {
  // https://developer.apple.com/documentation/uikit/uicollectionreusableview/prepareforreuse()
  /// Stand-in for `prepareForReuse()`.
  open func prepareForReuse() { standIn() }

  // https://developer.apple.com/documentation/uikit/uicollectionreusableview/preferredlayoutattributesfitting(_:)
  /// Stand-in for `preferredLayoutAttributesFitting(_:)`.
  open func preferredLayoutAttributesFitting(
    _ layoutAttributes: UICollectionViewLayoutAttributes
  ) -> UICollectionViewLayoutAttributes {
    standIn()
  }
}

// https://developer.apple.com/documentation/uikit/uicollectionviewcell
/// Stand-in for `UICollectionViewCell`.
@MainActor open class UICollectionViewCell: UICollectionReusableView {
  // https://developer.apple.com/documentation/uikit/uicollectionviewcell/contentview
  /// Stand-in for `contentView`.
  open var contentView: UIView { standIn() }
}

// https://developer.apple.com/documentation/uikit/uicollectionviewlayout
/// Stand-in for `UICollectionViewLayout`.
@MainActor open class UICollectionViewLayout: NSObject {}

// https://developer.apple.com/documentation/uikit/uicollectionviewcompositionallayout
/// Stand-in for `UICollectionViewCompositionalLayout`.
@MainActor open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
  // https://developer.apple.com/documentation/uikit/uicollectionviewcompositionallayout/init(section:)
  /// Stand-in for `init(section:)`.
  public init(section: NSCollectionLayoutSection) { standIn() }
}

// https://developer.apple.com/documentation/uikit/nscollectionlayoutsection
/// Stand-in for `NSCollectionLayoutSection`.
@MainActor open class NSCollectionLayoutSection: NSObject {
  // https://developer.apple.com/documentation/uikit/nscollectionlayoutsection/init(group:)
  /// Stand-in for `init(group:)`.
  public init(group: NSCollectionLayoutGroup) { standIn() }

  // https://developer.apple.com/documentation/uikit/nscollectionlayoutsection/intergroupspacing
  /// Stand-in for `interGroupSpacing`.
  open var interGroupSpacing: CGFloat {
    get { standIn() }
    set { standIn() }
  }
}

// https://developer.apple.com/documentation/uikit/nscollectionlayoutitem
/// Stand-in for `NSCollectionLayoutItem`.
@MainActor open class NSCollectionLayoutItem: NSObject {
  // https://developer.apple.com/documentation/uikit/nscollectionlayoutitem/init(layoutsize:)
  /// Stand-in for `init(layoutSize:)`.
  public init(layoutSize: NSCollectionLayoutSize) { standIn() }
}

// https://developer.apple.com/documentation/uikit/nscollectionlayoutgroup
/// Stand-in for `NSCollectionLayoutGroup`.
@MainActor open class NSCollectionLayoutGroup: NSCollectionLayoutItem {
  // https://developer.apple.com/documentation/uikit/nscollectionlayoutgroup/vertical(layoutsize:subitems:)
  /// Stand-in for `vertical(layoutSize:subitems:)`.
  open class func vertical(
    layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]
  ) -> Self {
    standIn()
  }
}

// https://developer.apple.com/documentation/uikit/nscollectionlayoutsize
/// Stand-in for `NSCollectionLayoutSize`.
@MainActor open class NSCollectionLayoutSize: NSObject {
  // https://developer.apple.com/documentation/uikit/nscollectionlayoutsize/init(widthdimension:heightdimension:)
  /// Stand-in for `init(widthDimension:heightDimension:)`.
  public init(
    widthDimension width: NSCollectionLayoutDimension,
    heightDimension height: NSCollectionLayoutDimension
  ) {
    standIn()
  }
}

// https://developer.apple.com/documentation/uikit/nscollectionlayoutdimension
/// Stand-in for `NSCollectionLayoutDimension`.
@MainActor open class NSCollectionLayoutDimension: NSObject {
  // https://developer.apple.com/documentation/uikit/nscollectionlayoutdimension/fractionalwidth(_:)
  /// Stand-in for `fractionalWidth(_:)`.
  open class func fractionalWidth(_ fractionalWidth: CGFloat) -> Self { standIn() }

  // https://developer.apple.com/documentation/uikit/nscollectionlayoutdimension/estimated(_:)
  /// Stand-in for `estimated(_:)`.
  open class func estimated(_ estimatedDimension: CGFloat) -> Self { standIn() }
}

// https://developer.apple.com/documentation/uikit/uitableview
/// Stand-in for `UITableView`.
@MainActor open class UITableView: UIScrollView {
  // https://developer.apple.com/documentation/uikit/uitableview/indexpathsforvisiblerows
  /// Stand-in for `indexPathsForVisibleRows`.
  open var indexPathsForVisibleRows: [IndexPath]? { standIn() }

  // https://developer.apple.com/documentation/uikit/uitableview/numberofsections
  /// Stand-in for `numberOfSections`.
  open var numberOfSections: Int { standIn() }

  // https://developer.apple.com/documentation/uikit/uitableview/numberofrows(insection:)
  /// Stand-in for `numberOfRows(inSection:)`.
  open func numberOfRows(inSection section: Int) -> Int { standIn() }

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
  // https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource-9tqpa/cellprovider
  /// Stand-in for `CellProvider`.
  public typealias CellProvider = (UICollectionView, IndexPath, ItemIdentifierType) ->
    UICollectionViewCell?

  // https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource-9tqpa/init(collectionview:cellprovider:)
  /// Stand-in for `init(collectionView:cellProvider:)`.
  @MainActor @preconcurrency
  public init(
    collectionView: UICollectionView,
    cellProvider:
      @escaping UICollectionViewDiffableDataSource<
        SectionIdentifierType, ItemIdentifierType
      >.CellProvider
  ) {
    standIn()
  }

  // https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource-9tqpa/apply(_:animatingdifferences:completion:)
  /// Stand-in for `apply(_:animatingDifferences:completion:)`.
  @MainActor @preconcurrency
  open func apply(
    _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    animatingDifferences: Bool = true, completion: (() -> Void)? = nil
  ) {
    standIn()
  }

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

// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot-swift.struct
/// Stand-in for `NSDiffableDataSourceSnapshot`.
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
where
  SectionIdentifierType: Hashable, SectionIdentifierType: Sendable,
  ItemIdentifierType: Hashable, ItemIdentifierType: Sendable
{
  // https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot-swift.struct/init()
  /// Stand-in for `init()`.
  public init() { standIn() }

  // https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot-swift.struct/appendsections(_:)
  /// Stand-in for `appendSections(_:)`.
  public mutating func appendSections(_ identifiers: [SectionIdentifierType]) { standIn() }

  // https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot-swift.struct/appenditems(_:tosection:)
  /// Stand-in for `appendItems(_:toSection:)`.
  public mutating func appendItems(
    _ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil
  ) {
    standIn()
  }
}
