import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// Decides which items should be in which ``InterfaceState`` as the viewport moves,
/// and reports the items whose state changed (Texture's range controller).
///
/// On every scroll tick, pass the layout, the viewport and the scroll direction:
///
/// ```swift
/// var tracker = ScrollTracker()
/// var modes = RangeModeState()
/// var ranges = RangeController(tuning: .texture)
///
/// func scrollViewDidScroll(_ scrollView: UIScrollView) {
///   tracker.record(offset: scrollView.contentOffset, at: .seconds(CACurrentMediaTime()))
///   let changes = ranges.update(
///     layout: layout, viewport: scrollView.bounds,
///     direction: tracker.direction, mode: modes.mode)
///   for change in changes {
///     change.forEachEvent { event in cell(at: change.item)?.handle(event) }
///   }
/// }
/// ```
///
/// Each range is the viewport expanded along the layout's axis by the leading buffer
/// ahead of the scroll direction and the trailing buffer behind it (moving down, the
/// leading buffer lies below the viewport), then intersected with the items. Ranges
/// are not clamped to the content.
///
/// Transitions come nearest first: ordered by the distance between the item and the
/// viewport along the axis, then by index. Items whose state did not change emit
/// nothing, including an item that left and came back within one update.
///
/// - Complexity: an update is O(log *n*) when no range changes — and then allocates
///   nothing — and O(log *n* + *c* log *c*) for *c* candidate items at the ranges'
///   moving edges otherwise.
///
/// `RangeController` is a value type; confine an instance to one thread (usually the
/// main thread).
@_spi(Machines) public struct RangeController: Sendable {
  /// The tuning of each range kind in each mode.
  @_spi(Machines) public var tuning: RangeTuningTable
  /// Whether the list is drawn flipped (a chat with the newest item at the bottom);
  /// flips the scroll direction along the axis before expanding the ranges.
  @_spi(Machines) public var isInverted: Bool
  /// The ranges and flags of the last update.
  @_spi(Machines) public private(set) var snapshot: RangeSnapshot = .empty

  /// Creates a controller.
  ///
  /// - Parameters:
  ///   - tuning: Buffers per range kind and mode; Texture's defaults unless given.
  ///   - isInverted: Whether the list is drawn flipped.
  @_spi(Machines) public init(tuning: RangeTuningTable = .texture, isInverted: Bool = false) {
    self.tuning = tuning
    self.isInverted = isInverted
  }

  /// The ranges for a viewport, without changing the controller.
  ///
  /// - Parameters:
  ///   - layout: The list's geometry.
  ///   - viewport: The visible rectangle in content coordinates; finite, with a
  ///     non-negative size.
  ///   - direction: The scroll direction (``ScrollTracker/direction``).
  ///   - mode: The range mode.
  ///   - isListVisible: Whether the list is on screen.
  /// - Complexity: O(log *n*).
  @_spi(Machines) public func ranges(
    layout: some ItemLayout, viewport: CGRect, direction: ScrollDirection, mode: RangeMode,
    isListVisible: Bool = true
  ) -> RangeSnapshot {
    precondition(
      viewport.origin.x.isFinite && viewport.origin.y.isFinite && viewport.width.isFinite
        && viewport.height.isFinite && viewport.width >= 0 && viewport.height >= 0,
      "viewport must be finite with a non-negative size, got \(viewport)")
    let axis = layout.axis
    let span = axis.span(of: viewport)
    let isForward = (isInverted ? direction.flipped(along: axis) : direction).isForward(along: axis)
    let visible = layout.items(overlapping: span)
    let preload = layout.items(
      overlapping: Self.expand(span, by: tuning[mode, .preload], isForward: isForward))
    let display =
      mode == .lowMemory
      ? 0..<0
      : layout.items(
        overlapping: Self.expand(span, by: tuning[mode, .display], isForward: isForward))
    return RangeSnapshot(
      visible: visible, display: display, preload: preload, isListVisible: isListVisible,
      mode: mode)
  }

  /// Moves the ranges to a new viewport and returns the items whose state changed,
  /// nearest first.
  ///
  /// - Parameters:
  ///   - layout: The list's geometry; flat indices refer to it.
  ///   - viewport: The visible rectangle in content coordinates.
  ///   - direction: The scroll direction.
  ///   - mode: The range mode (see `RangeModeState`).
  ///   - isListVisible: Whether the list is on screen.
  /// - Returns: One transition per changed item; empty (and not allocated) when
  ///   nothing changed.
  @_spi(Machines) public mutating func update(
    layout: some ItemLayout, viewport: CGRect, direction: ScrollDirection, mode: RangeMode,
    isListVisible: Bool = true
  ) -> [InterfaceStateTransition] {
    let new = ranges(
      layout: layout, viewport: viewport, direction: direction, mode: mode,
      isListVisible: isListVisible)
    let old = snapshot
    snapshot = new
    guard new != old else { return [] }
    return Self.transitions(from: old, to: new, layout: layout, viewport: viewport)
  }

  /// Forgets the previous ranges, so the next update reports every item in a range
  /// as entering it.
  ///
  /// Call it after structural changes other than appending at the end (inserting or
  /// removing items before the ranges, reloading the data): flat indices then no
  /// longer name the same items.
  @_spi(Machines) public mutating func reset() {
    snapshot = .empty
  }

  /// The current state of an item.
  ///
  /// - Complexity: O(1).
  @_spi(Machines) public func state(ofItem item: Int) -> InterfaceState {
    snapshot.state(ofItem: item)
  }

  static func expand(_ span: AxisSpan, by tuning: RangeTuning, isForward: Bool) -> AxisSpan {
    let length = span.upperBound - span.lowerBound
    let ahead = tuning.leadingScreenfuls * length
    let behind = tuning.trailingScreenfuls * length
    return isForward
      ? AxisSpan(span.lowerBound - behind, span.upperBound + ahead)
      : AxisSpan(span.lowerBound - ahead, span.upperBound + behind)
  }

  private static func transitions(
    from old: RangeSnapshot, to new: RangeSnapshot, layout: some ItemLayout, viewport: CGRect
  ) -> [InterfaceStateTransition] {
    var segments: [Range<Int>] = []
    segments.reserveCapacity(12)
    if old.isListVisible != new.isListVisible
      || (old.mode == .lowMemory) != (new.mode == .lowMemory)
    {
      segments += [old.visible, old.display, old.preload, new.visible, new.display, new.preload]
    } else {
      addDifference(old.visible, new.visible, to: &segments)
      addDifference(old.display, new.display, to: &segments)
      addDifference(old.preload, new.preload, to: &segments)
    }
    segments.sort { $0.lowerBound < $1.lowerBound }

    let span = layout.axis.span(of: viewport)
    var changes: [(distance: CGFloat, transition: InterfaceStateTransition)] = []
    var next = Int.min  // items below `next` were already examined
    for segment in segments {
      for item in Swift.max(segment.lowerBound, next)..<Swift.max(segment.upperBound, next) {
        let before = old.state(ofItem: item)
        let after = new.state(ofItem: item)
        // Items past the end were removed from the layout; nothing is left to notify.
        guard before != after, item < layout.itemCount else { continue }
        changes.append(
          (
            layout.span(ofItem: item).distance(to: span),
            InterfaceStateTransition(item: item, oldState: before, newState: after)
          ))
      }
      next = Swift.max(next, segment.upperBound)
    }
    changes.sort {
      $0.distance != $1.distance
        ? $0.distance < $1.distance : $0.transition.item < $1.transition.item
    }
    return changes.map(\.transition)
  }

  /// Adds segments that cover the symmetric difference of two ranges.
  private static func addDifference(
    _ a: Range<Int>, _ b: Range<Int>, to segments: inout [Range<Int>]
  ) {
    guard a != b else { return }
    if a.overlaps(b) {
      segments.append(Swift.min(a.lowerBound, b.lowerBound)..<Swift.max(a.lowerBound, b.lowerBound))
      segments.append(Swift.min(a.upperBound, b.upperBound)..<Swift.max(a.upperBound, b.upperBound))
    } else {
      segments.append(a)
      segments.append(b)
    }
  }
}
