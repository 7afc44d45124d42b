import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// How the list is being looked at: the user's scroll, the range mode, whether the list
/// is on screen and whether the app is in the background.
///
/// The scrolling part of `ListPreloaderStateMachine`. It turns the driver's scroll
/// events (samples, drags, the end of a deceleration) into the tracker's motion, notices
/// the user's first drag, and turns the app's lifecycle (memory warnings, the
/// background, the list going off screen) into the range mode the policy reads. It
/// decides nothing about pages or loads, and knows neither the list nor its geometry
/// beyond the axis and positions it is given.
///
/// A value type; thread-safe.
struct ListViewing: Sendable {
  /// The scroll tracker: velocity, direction, phase, projected landing.
  private(set) var tracker: ScrollTracker
  /// The range-mode rules (first drag, memory warnings, background).
  private(set) var modes = RangeModeState()
  /// Whether the list is on screen.
  private(set) var isListVisible = true
  /// Whether the app is in the background.
  private(set) var isInBackground = false
  /// Whether the driver sends drag events; otherwise the first movement is the first
  /// drag.
  private var hasExplicitDrags = false
  /// The offset of the first sample, until the user's first drag.
  private var firstOffset: CGPoint?
  /// A content shift from a list change, to apply to the tracker at the next sample if
  /// the app kept the visible items in place.
  private var pendingShift: (delta: CGFloat, from: CGFloat)?

  /// Creates the state of a list on screen that nobody has scrolled yet.
  ///
  /// - Parameter decelerationRate: The scroll view's deceleration rate, for the
  ///   tracker's projected landing.
  init(decelerationRate: DecelerationRate) {
    tracker = ScrollTracker(decelerationRate: decelerationRate)
  }

  /// Whether the range mode allows only what is on screen.
  var isConstrained: Bool { modes.mode == .visibleOnly || modes.mode == .lowMemory }

  /// Whether a list change moved the content and the app has not sent the offset that
  /// shows whether it kept the visible items in place.
  var hasPendingShift: Bool { pendingShift != nil }

  /// Records a frame's offset: applies a pending content shift to the tracker when the
  /// offset moved with the content, then records the sample, and notices the user's
  /// first drag (a drag event, or, from a driver that sends none, the first movement).
  ///
  /// - Parameters:
  ///   - offset: The content offset.
  ///   - now: The sample's time.
  ///   - axis: The list's axis.
  /// - Returns: Whether this sample is the user's first drag: the policy is told.
  mutating func record(offset: CGPoint, at now: Duration, axis: Axis) -> Bool {
    applyPendingShift(at: offset, axis: axis)
    tracker.record(offset: offset, at: now)
    guard !modes.hasUserDragged else { return false }
    let first = firstOffset ?? offset
    firstOffset = first
    guard tracker.hasDragged || (!hasExplicitDrags && offset != first) else { return false }
    modes.userDidBeginDragging()
    return true
  }

  /// The user put a finger on the list: the first drag widens the ranges (minimum to
  /// full), and a drag after a memory warning or a return from the background widens
  /// them again.
  mutating func beginDragging(now: Duration) {
    hasExplicitDrags = true
    tracker.beginDragging(at: now)
    if modes.hasUserDragged, modes.mode != .full, !isInBackground {
      modes.visibilityDepthDidChange(to: 0)
    }
    modes.userDidBeginDragging()
  }

  /// The user lifted the finger (see ``ScrollTracker/endDragging(velocity:targetOffset:at:)``).
  mutating func endDragging(velocity: CGPoint, targetOffset: CGPoint?, now: Duration) {
    hasExplicitDrags = true
    tracker.endDragging(velocity: velocity, targetOffset: targetOffset, at: now)
  }

  /// The content stopped after decelerating.
  mutating func endDecelerating(now: Duration) {
    hasExplicitDrags = true
    tracker.endDecelerating(at: now)
  }

  /// The system sent a memory warning: the ranges shrink until the next drag.
  mutating func didReceiveMemoryWarning() {
    modes.didReceiveMemoryWarning(isInDisplayState: isListVisible)
  }

  /// The app went to the background.
  mutating func didEnterBackground() {
    isInBackground = true
    modes.didEnterBackground(isListVisible: isListVisible)
  }

  /// The app is back in the foreground.
  mutating func willEnterForeground() {
    isInBackground = false
    modes.willEnterForeground(isListVisible: isListVisible)
  }

  /// The list went on or off screen.
  ///
  /// - Returns: Whether that changed anything.
  mutating func setListVisible(_ isVisible: Bool) -> Bool {
    guard isVisible != isListVisible else { return false }
    isListVisible = isVisible
    modes.visibilityDepthDidChange(to: isVisible ? 0 : 2)
    return true
  }

  /// A list change moved the content at the viewport by `delta` along the axis; the
  /// tracker is shifted at the next sample if the app moved the offset with it.
  ///
  /// - Parameters:
  ///   - delta: How far the content moved.
  ///   - viewportStart: Where the viewport started along the axis when it moved.
  mutating func contentMoved(by delta: CGFloat, viewportStart: CGFloat) {
    let from = pendingShift?.from ?? viewportStart
    pendingShift = ((pendingShift?.delta ?? 0) + delta, from)
  }

  /// Shifts the tracker by a pending content shift when the new offset shows that the
  /// app moved the offset with the content; otherwise forgets the shift.
  private mutating func applyPendingShift(at offset: CGPoint, axis: Axis) {
    guard let shift = pendingShift else { return }
    pendingShift = nil
    let position = axis.offset(of: offset)
    guard abs(position - (shift.from + shift.delta)) < abs(position - shift.from) else { return }
    tracker.shift(
      by: axis == .vertical ? CGPoint(x: 0, y: shift.delta) : CGPoint(x: shift.delta, y: 0))
  }
}
