import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// What a ``PageTrigger`` looks at to decide whether the next page is needed.
///
/// All lengths are in points along the scrolling axis. The input is a plain value:
/// build one per scroll tick from the scroll view (or a trace) and pass it to
/// `PageTrigger.shouldFetch(_:)` or `PagerStateMachine.scrolled(_:now:)`.
///
/// ```swift
/// let input = PageTriggerInput(
///   offset: scrollView.contentOffset.y,
///   viewportLength: scrollView.bounds.height,
///   contentLength: scrollView.contentSize.height,
///   velocity: tracker.velocity.y,  // points per second, positive toward the tail
///   loadedItemCount: items.count,
///   pageSize: 20)
/// ```
///
/// Thread-safety: a value type; safe to create and pass anywhere.
package struct PageTriggerInput: Sendable, Hashable {
  /// The offset of the viewport's leading edge from the start of the content.
  /// Negative while bouncing at the top.
  package var offset: CGFloat
  /// The length of the viewport.
  package var viewportLength: CGFloat
  /// The length of all loaded content.
  package var contentLength: CGFloat
  /// The scrolling velocity in points per second; positive when moving toward the
  /// tail (down or right), negative toward the head.
  package var velocity: CGFloat
  /// Whether the user is moving toward the head. Texture keeps the previous direction
  /// when the velocity is zero, so the caller supplies it; by default it is derived
  /// from the sign of `velocity`.
  package var isMovingTowardHead: Bool
  /// How many items are loaded.
  package var loadedItemCount: Int
  /// How many items a full page holds.
  package var pageSize: Int
  /// Whether the list is on screen. Only ``PageTrigger/leadingScreens(_:)`` uses it.
  package var isVisible: Bool

  /// Creates an input.
  ///
  /// - Parameters:
  ///   - offset: The offset of the viewport's leading edge, in points.
  ///   - viewportLength: The viewport length, in points; must be finite and ≥ 0.
  ///   - contentLength: The loaded content length, in points; must be finite and ≥ 0.
  ///   - velocity: Points per second, positive toward the tail.
  ///   - isMovingTowardHead: The scroll direction; `nil` derives it from `velocity`.
  ///   - loadedItemCount: How many items are loaded; must be ≥ 0.
  ///   - pageSize: How many items a full page holds; must be > 0.
  ///   - isVisible: Whether the list is on screen.
  package init(
    offset: CGFloat,
    viewportLength: CGFloat,
    contentLength: CGFloat,
    velocity: CGFloat = 0,
    isMovingTowardHead: Bool? = nil,
    loadedItemCount: Int,
    pageSize: Int,
    isVisible: Bool = true
  ) {
    precondition(offset.isFinite, "offset must be finite, got \(offset)")
    precondition(
      viewportLength.isFinite && viewportLength >= 0,
      "viewportLength must be finite and non-negative, got \(viewportLength)")
    precondition(
      contentLength.isFinite && contentLength >= 0,
      "contentLength must be finite and non-negative, got \(contentLength)")
    precondition(velocity.isFinite, "velocity must be finite, got \(velocity)")
    precondition(
      loadedItemCount >= 0, "loadedItemCount must be non-negative, got \(loadedItemCount)")
    precondition(pageSize > 0, "pageSize must be positive, got \(pageSize)")
    self.offset = offset
    self.viewportLength = viewportLength
    self.contentLength = contentLength
    self.velocity = velocity
    self.isMovingTowardHead = isMovingTowardHead ?? (velocity < 0)
    self.loadedItemCount = loadedItemCount
    self.pageSize = pageSize
    self.isVisible = isVisible
  }

  /// The distance from the viewport's trailing edge to the end of the content;
  /// zero or negative once the end is on screen.
  package var remainingLength: CGFloat { contentLength - viewportLength - offset }

  /// The fraction of the content that has been scrolled into view:
  /// `(offset + viewportLength) / contentLength`, or 1 when there is no content.
  package var readFraction: CGFloat {
    contentLength > 0 ? (offset + viewportLength) / contentLength : 1
  }
}
