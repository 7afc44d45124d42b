import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

extension PageTriggerInput {
  /// The same geometry as Texture's batch-fetch input: a vertical list whose
  /// viewport is `viewportLength` long at `offset`, moving toward the head or the
  /// tail, with the velocity converted to points per millisecond.
  ///
  /// - Parameter leadingScreens: Texture's `leadingScreensForBatching`.
  /// - Returns: An input for ``BatchFetchInput/textureShouldFetch(context:delegate:)``.
  /// - Complexity: O(1).
  package func batchFetchInput(leadingScreens: CGFloat) -> BatchFetchInput {
    BatchFetchInput(
      scrollDirection: isMovingTowardHead ? .up : .down,
      scrollableDirections: .vertical,
      bounds: CGRect(x: 0, y: offset, width: 1, height: viewportLength),
      contentSize: CGSize(width: 1, height: contentLength),
      targetOffset: CGPoint(x: 0, y: offset),
      leadingScreens: leadingScreens,
      isVisible: isVisible,
      isRightToLeft: false,
      flipsHorizontallyInRightToLeft: false,
      velocity: CGPoint(x: 0, y: velocity / 1000))
  }
}
