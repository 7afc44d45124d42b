import Foundation
import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

extension WorldLayout {
  /// The engine's layout (`Lookahead`'s `ListLayout` or `GridLayout`) of the first
  /// `loadedItemCount` items, for feeding the same range code that apps run.
  ///
  /// A driver can build it once per loaded page, or keep the returned list and append the
  /// next page's heights (`FeedGeometry.itemHeights[range]`) as pages arrive.
  ///
  /// - Parameters:
  ///   - loadedItemCount: How many items the loaded pages hold.
  ///   - crossLength: The viewport width.
  /// - Precondition: `0 <= loadedItemCount <= itemCount`.
  /// - Complexity: O(loadedItemCount) for `feed`, O(1) for `grid`.
  public func itemLayout(
    loadedItemCount: Int, crossLength: Double = StandardWorld.viewportWidth
  ) -> any ItemLayout {
    precondition(
      loadedItemCount >= 0 && loadedItemCount <= itemCount,
      "loadedItemCount \(loadedItemCount) out of bounds 0...\(itemCount)")
    switch self {
    case .feed(let geometry):
      return ListLayout(
        axis: .vertical, crossLength: CGFloat(crossLength),
        itemLengths: geometry.itemHeights[..<loadedItemCount].map { CGFloat($0) })
    case .grid(let geometry):
      return Lookahead.GridLayout(
        axis: .vertical, columns: geometry.columns, rowLength: CGFloat(geometry.cellLength),
        crossLength: CGFloat(crossLength), itemCount: loadedItemCount)
    }
  }
}
