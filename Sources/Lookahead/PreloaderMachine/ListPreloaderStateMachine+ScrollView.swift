import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

extension ListPreloaderStateMachine {
  // MARK: - Scroll views observed without their delegate

  /// How long an adapter waits before reading the scroll view again while a finger is
  /// down or the content decelerates: 100 ms.
  package static var scrollViewFollowUpInterval: Duration { .milliseconds(100) }

  /// The state a scroll view reported last, if any.
  package var scrollViewState: ScrollViewState? { viewInputs.scrollView }

  /// When the adapter should read the scroll view again even if nothing it observes
  /// changes, or `nil` when it need not.
  ///
  /// The end of a drag without a fling, or the end of a deceleration, may come without
  /// a change of the content offset; an adapter that cannot observe the scroll view's
  /// `isDecelerating` reads it again after this delay, as long as a finger is down or
  /// the content decelerates.
  package var scrollViewFollowUpDelay: Duration? {
    guard let state = viewInputs.scrollView,
      state.isDragging || viewing.tracker.phase == .decelerating
    else { return nil }
    return Self.scrollViewFollowUpInterval
  }

  /// A scroll view, observed without its delegate, reported its state.
  ///
  /// Call it once per display frame (a display link). The differences from the previous
  /// state become the events a delegate would have sent, in UIKit's order: a drag that
  /// begins is ``beginDragging(now:)``; a state at a new time, or with a new offset or
  /// visible size, is a frame (``scrolled(to:now:isCached:)``); a drag that
  /// ends is ``endDragging(velocity:targetOffset:now:)`` with the state's velocity (a
  /// fling when it is not zero); and a deceleration that stopped is
  /// ``endDecelerating(now:)``. The deceleration is never ended by the state that ends
  /// the drag, because UIKit may start it just after; a later state (or a follow-up
  /// read, see ``scrollViewFollowUpDelay``) ends it. A state equal to the previous one at
  /// the same time changes nothing.
  ///
  /// Once a scroll view reports its states, row appearances no longer move the
  /// viewport (see ``rowAppeared(_:now:isCached:)``).
  ///
  /// - Parameters:
  ///   - state: The scroll view's state; offset and size finite.
  ///   - now: The current time.
  ///   - isCached: Whether a key's resource is ready in memory.
  /// - Returns: The actions to perform.
  /// - Complexity: That of a frame; O(1) for a repeated state at the same time.
  package mutating func scrollViewChanged(
    _ state: ScrollViewState, now: Duration, isCached: (Key) -> Bool
  ) -> [Action] {
    let previous = viewInputs.scrollView
    viewInputs.scrollView = state
    viewInputs.appearedRows = []
    let wasDragging = previous?.isDragging ?? false
    if state.isDragging && !wasDragging { beginDragging(now: now) }
    var actions: [Action] = []
    // Every state at a new time is a frame, the viewport moving or not: an adapter reports
    // once per display frame, as the simulator decides once per frame of its trace.
    if state.contentOffset != previous?.contentOffset
      || state.viewportSize != previous?.viewportSize
      || schedule.lastFrameTime.map({ now > $0 }) ?? true
    {
      resizeViewport(to: state.viewportSize)
      viewInputs.samples += 1
      actions = scrolled(to: state.contentOffset, now: now, isCached: isCached)
    }
    if wasDragging && !state.isDragging {
      endDragging(
        velocity: CGPoint(x: state.velocity.x / 1000, y: state.velocity.y / 1000),
        targetOffset: nil, now: now)
    } else if viewing.tracker.phase == .decelerating && !state.isDragging && !state.isDecelerating {
      endDecelerating(now: now)
    }
    return actions
  }

  // MARK: - Row appearances (lists without scroll geometry)

  /// A row appeared on screen: SwiftUI's `onAppear` of a list row, where the scroll
  /// container cannot report its offset (before iOS 18).
  ///
  /// While no scroll view reports its state, the rows on screen stand for the viewport:
  /// it starts at the first of them, and every change of that start is a frame. Once a
  /// scroll view reports (``scrollViewChanged(_:now:isCached:)``), rows are ignored.
  ///
  /// - Parameters:
  ///   - id: The row's item.
  ///   - now: The current time.
  ///   - isCached: Whether a key's resource is ready in memory.
  /// - Returns: The actions to perform.
  /// - Complexity: O(*r* log *n*) for *r* rows on screen and *n* loaded items, plus a
  ///   frame when the viewport moved.
  package mutating func rowAppeared(_ id: Item.ID, now: Duration, isCached: (Key) -> Bool)
    -> [Action]
  {
    guard viewInputs.scrollView == nil else { return [] }
    viewInputs.appearedRows.insert(id)
    return followRows(now: now, isCached: isCached)
  }

  /// A row left the screen: SwiftUI's `onDisappear` of a list row (see
  /// ``rowAppeared(_:now:isCached:)``).
  ///
  /// - Parameters:
  ///   - id: The row's item.
  ///   - now: The current time.
  ///   - isCached: Whether a key's resource is ready in memory.
  /// - Returns: The actions to perform.
  /// - Complexity: As ``rowAppeared(_:now:isCached:)``.
  package mutating func rowDisappeared(_ id: Item.ID, now: Duration, isCached: (Key) -> Bool)
    -> [Action]
  {
    guard viewInputs.scrollView == nil, viewInputs.appearedRows.remove(id) != nil else {
      return []
    }
    return followRows(now: now, isCached: isCached)
  }

  /// A frame at the first row on screen, clamped to the content, when it moved.
  private mutating func followRows(now: Duration, isCached: (Key) -> Bool) -> [Action] {
    var first: Int?
    for id in viewInputs.appearedRows {
      guard let position = pages.pager.list.index(ofID: id), position < geometry.itemCount else {
        continue
      }
      first = Swift.min(first ?? position, position)
    }
    guard let first else { return [] }
    let axis = geometry.axis
    let end = Swift.max(0, geometry.contentLength - axis.length(of: viewport.size))
    let position = Swift.min(geometry.span(ofItem: first).lowerBound, end)
    let offset = axis == .vertical ? CGPoint(x: 0, y: position) : CGPoint(x: position, y: 0)
    guard viewInputs.samples == 0 || offset != viewport.origin else { return [] }
    viewInputs.samples += 1
    return scrolled(to: offset, now: now, isCached: isCached)
  }
}
