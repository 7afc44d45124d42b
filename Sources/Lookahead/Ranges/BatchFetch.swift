import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// The state of a batch fetch, as Texture's `ASBatchContext` tracks it.
///
/// It is `completed` initially, `fetching` after a fetch begins and back to
/// `completed` on success. Completing with a failure leaves it `fetching` — Texture's
/// behaviour, which silently stops batch fetching; Lookahead's own pager recovers
/// instead. `cancelled` allows fetching again.
package enum BatchFetchContextState: Sendable, Hashable {
  /// No fetch is in flight.
  case completed
  /// A fetch is in flight; no other may start.
  case fetching
  /// The last fetch was cancelled; a new one may start.
  case cancelled
}

/// Texture's `ASBatchContext`: the lifecycle of batch fetches for one list.
///
/// ```swift
/// var context = BatchFetchContext()
/// if input.textureShouldFetch(context: context.state) {
///   context.beginFetching()
///   fetchNextPage { success in context.completeFetching(success: success) }
/// }
/// ```
package struct BatchFetchContext: Sendable, Hashable {
  /// The current state; ``BatchFetchContextState/completed`` initially.
  package private(set) var state: BatchFetchContextState = .completed

  /// Creates a context with no fetch in flight.
  package init() {}

  /// A fetch began.
  package mutating func beginFetching() {
    state = .fetching
  }

  /// The fetch finished. Success returns to ``BatchFetchContextState/completed``; a
  /// failure leaves the context ``BatchFetchContextState/fetching``, exactly as
  /// Texture does, so no further batch is fetched until it is cancelled.
  package mutating func completeFetching(success: Bool) {
    if success { state = .completed }
  }

  /// The fetch was cancelled; fetching may begin again.
  package mutating func cancelFetching() {
    state = .cancelled
  }
}

/// Everything Texture's batch-fetch decision looks at.
///
/// ```swift
/// let input = BatchFetchInput(
///   scrollDirection: tracker.direction, scrollableDirections: .vertical,
///   bounds: scrollView.bounds, contentSize: scrollView.contentSize,
///   targetOffset: scrollView.contentOffset, leadingScreens: 2,
///   isVisible: true, isRightToLeft: false, flipsHorizontallyInRightToLeft: false,
///   velocity: tracker.velocityPerMillisecond)
/// if input.textureShouldFetch(context: context) { beginNextPage() }
/// ```
package struct BatchFetchInput: Sendable {
  /// The directions the content is moving in.
  package var scrollDirection: ScrollDirection
  /// The directions the scroll view can scroll in.
  package var scrollableDirections: ScrollDirection
  /// The scroll view's bounds (the viewport).
  package var bounds: CGRect
  /// The size of the loaded content.
  package var contentSize: CGSize
  /// The offset to evaluate: the current offset, or the target of a fling.
  package var targetOffset: CGPoint
  /// How many viewport lengths before the end of content a fetch begins; Texture's
  /// default is 2.
  package var leadingScreens: CGFloat
  /// Whether the list is on screen.
  package var isVisible: Bool
  /// Whether the layout runs right to left.
  package var isRightToLeft: Bool
  /// Whether a right-to-left horizontal layout is mirrored (its offsets run left to
  /// right like a left-to-right layout's).
  package var flipsHorizontallyInRightToLeft: Bool
  /// The scroll velocity in points per millisecond.
  package var velocity: CGPoint

  /// Creates an input from the scroll view's current state.
  package init(
    scrollDirection: ScrollDirection,
    scrollableDirections: ScrollDirection,
    bounds: CGRect,
    contentSize: CGSize,
    targetOffset: CGPoint,
    leadingScreens: CGFloat,
    isVisible: Bool,
    isRightToLeft: Bool,
    flipsHorizontallyInRightToLeft: Bool,
    velocity: CGPoint
  ) {
    self.scrollDirection = scrollDirection
    self.scrollableDirections = scrollableDirections
    self.bounds = bounds
    self.contentSize = contentSize
    self.targetOffset = targetOffset
    self.leadingScreens = leadingScreens
    self.isVisible = isVisible
    self.isRightToLeft = isRightToLeft
    self.flipsHorizontallyInRightToLeft = flipsHorizontallyInRightToLeft
    self.velocity = velocity
  }
}

extension BatchFetchInput {
  /// Texture's `ASDisplayShouldFetchBatchForContext`, step for step:
  ///
  /// 1. a fetch is in flight → no;
  /// 2. `leadingScreens ≤ 0` or empty bounds → no;
  /// 3. the axis is vertical if the scrollable directions include a vertical one,
  ///    else horizontal;
  /// 4. content shorter than the view (strictly) → yes, whatever the visibility and
  ///    direction;
  /// 5. not visible → no;
  /// 6. moving toward the head (up; or left — right when right-to-left) → no;
  /// 7. the remaining distance is `offset` for right-to-left horizontal layouts that
  ///    do not flip, otherwise `contentLength − viewLength − offset`; the hint is
  ///    `remaining ≤ viewLength × leadingScreens`;
  /// 8. with a delegate and a positive velocity along the axis, the delegate is asked
  ///    with `remainingTime = remaining / (velocity × 1000)` seconds and the hint, and
  ///    its answer wins.
  ///
  /// - Parameters:
  ///   - context: The batch context's state.
  ///   - delegate: Texture's `shouldFetchBatchWithRemainingTime:hint:`, if any.
  /// - Returns: Whether to begin fetching the next batch.
  package func textureShouldFetch(
    context: BatchFetchContextState,
    delegate: ((_ remainingTime: TimeInterval, _ hint: Bool) -> Bool)? = nil
  ) -> Bool {
    if context == .fetching { return false }
    if leadingScreens <= 0 || bounds.isEmpty { return false }

    let isVertical = scrollableDirections.includes(.vertical)
    let viewLength = isVertical ? bounds.height : bounds.width
    let contentLength = isVertical ? contentSize.height : contentSize.width
    let offset = isVertical ? targetOffset.y : targetOffset.x
    let velocityAlongAxis = isVertical ? velocity.y : velocity.x

    if contentLength < viewLength { return true }
    if !isVisible { return false }

    let isTowardHead =
      scrollDirection.contains(.up) || scrollDirection.contains(isRightToLeft ? .right : .left)
    if isTowardHead { return false }

    let remaining =
      !isVertical && isRightToLeft && !flipsHorizontallyInRightToLeft
      ? offset : contentLength - viewLength - offset
    let hint = remaining <= viewLength * leadingScreens

    if let delegate, velocityAlongAxis > 0 {
      return delegate(TimeInterval(remaining / (velocityAlongAxis * 1000)), hint)
    }
    return hint
  }
}
