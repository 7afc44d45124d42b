import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

extension ListPreloaderStateMachine {
  /// Adopts the frames the screen's own layout gave the loaded items (a collection
  /// view's layout attributes, a table view's row rectangles), so that compositional,
  /// self-sizing and custom layouts are measured rather than estimated.
  ///
  /// The frames replace the geometry built from `itemLength` (see
  /// ``ListLayout/init(axis:crossLength:measuredSpans:contentLength:)`` for how rows of
  /// several items and insets are folded into one list), and the page trigger and the
  /// policy decide again at the current offset, without a scroll sample.
  ///
  /// The screen applies list changes after the preloader announces them, so frames may
  /// describe an older list: they are adopted only when `ids` are the loaded items, in
  /// order. A grid geometry is declared, not measured, and is kept.
  ///
  /// - Parameters:
  ///   - frames: The items' frames in content coordinates, in list order; finite.
  ///   - ids: The items the frames belong to.
  ///   - contentSize: The scroll view's content size.
  ///   - now: The current time.
  ///   - isCached: Whether a key's resource is ready in memory.
  /// - Returns: The actions to perform, or `nil` when the frames were not adopted (they
  ///   describe another list, or the geometry is a grid).
  /// - Complexity: O(*n*) for *n* loaded items, plus the decisions.
  package mutating func adoptMeasuredFrames(
    _ frames: [CGRect], of ids: [Item.ID], contentSize: CGSize, now: Duration,
    isCached: (Key) -> Bool
  ) -> [Action]? {
    let list = pages.pager.list
    guard geometry.hasItemLengths, frames.count == ids.count, ids.count == list.count,
      zip(ids, list).allSatisfy({ $0 == $1.id })
    else { return nil }
    let axis = geometry.axis
    let measured = ListGeometry(
      ListLayout(
        axis: axis, crossLength: geometry.crossLength,
        measuredSpans: frames.map { axis.span(of: $0) },
        contentLength: axis.length(of: contentSize)))
    guard measured != geometry else { return [] }
    updateGeometry(measured)
    return decidePages(now: now) + redecide(now: now, isCached: isCached)
  }
}
