@_spi(Simulation) import Lookahead

extension MetricsCollector {
  /// Measures one frame of a world: derives the visible items and the stall from the
  /// layout, the viewport and what is loaded (docs/DESIGN.md, "Precise definitions").
  ///
  /// - Parameters:
  ///   - time: The frame's time; strictly after the previous frame's.
  ///   - offset: The content offset of the viewport's top.
  ///   - viewportHeight: The viewport's length along the axis.
  ///   - layout: The layout of the run.
  ///   - loadedItemCount: How many items the loaded pages hold.
  ///   - hasMore: Whether the backend has more pages.
  ///   - isImageReady: Whether an item's image is ready at this frame.
  /// - Returns: The visible items, for the driver's own use.
  /// - Complexity: O(log n + k).
  @discardableResult
  public mutating func recordFrame(
    time: Milliseconds, offset: Double, viewportHeight: Double = StandardWorld.viewportHeight,
    layout: WorldLayout, loadedItemCount: Int, hasMore: Bool, isImageReady: (Int) -> Bool
  ) -> Range<Int> {
    let (visible, isStalled) = Self.frame(
      offset: offset, viewportHeight: viewportHeight, layout: layout,
      loadedItemCount: loadedItemCount, hasMore: hasMore)
    recordFrame(time: time, visibleItems: visible, isStalled: isStalled, isImageReady: isImageReady)
    return visible
  }

  /// Measures one frame of a world, as
  /// ``recordFrame(time:offset:viewportHeight:layout:loadedItemCount:hasMore:isImageReady:)``
  /// does, with the images' readiness read from the cache's table: the driver's way,
  /// which asks no closure per visible item.
  @discardableResult
  mutating func recordFrame(
    time: Milliseconds, offset: Double, viewportHeight: Double, layout: WorldLayout,
    loadedItemCount: Int, hasMore: Bool, readiness: SimulatedReadiness
  ) -> Range<Int> {
    let (visible, isStalled) = Self.frame(
      offset: offset, viewportHeight: viewportHeight, layout: layout,
      loadedItemCount: loadedItemCount, hasMore: hasMore)
    recordFrame(time: time, visibleItems: visible, isStalled: isStalled, readiness: readiness)
    return visible
  }

  /// The visible items of a frame of a world, and whether it stalls: the viewport reaches
  /// past the loaded items while the backend has more.
  private static func frame(
    offset: Double, viewportHeight: Double, layout: WorldLayout, loadedItemCount: Int,
    hasMore: Bool
  ) -> (visible: Range<Int>, isStalled: Bool) {
    let visible = layout.visibleItems(
      offset: offset, viewportHeight: viewportHeight, loadedItemCount: loadedItemCount)
    let isStalled =
      hasMore
      && layout.extendsPastContent(
        offset: offset, viewportHeight: viewportHeight, loadedItemCount: loadedItemCount)
    return (visible, isStalled)
  }
}
