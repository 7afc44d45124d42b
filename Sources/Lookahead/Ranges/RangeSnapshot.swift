/// The ranges of one update and the flags that decide each item's state.
///
/// Ranges are contiguous runs of flat item indices: the viewport and its expansions
/// span the whole list across the axis, so along the axis they are intervals.
@_spi(Machines) public struct RangeSnapshot: Sendable, Hashable {
  /// Items overlapping the viewport.
  @_spi(Machines) public var visible: Range<Int>
  /// Items overlapping the display range (empty in ``RangeMode/lowMemory``).
  @_spi(Machines) public var display: Range<Int>
  /// Items overlapping the preload range.
  @_spi(Machines) public var preload: Range<Int>
  /// Whether the list itself is on screen.
  @_spi(Machines) public var isListVisible: Bool
  /// The range mode the ranges were computed in.
  @_spi(Machines) public var mode: RangeMode

  /// Creates a snapshot.
  package init(
    visible: Range<Int>, display: Range<Int>, preload: Range<Int>, isListVisible: Bool,
    mode: RangeMode
  ) {
    self.visible = visible
    self.display = display
    self.preload = preload
    self.isListVisible = isListVisible
    self.mode = mode
  }

  /// The snapshot before any update: nothing in any range.
  @_spi(Machines) public static let empty = RangeSnapshot(
    visible: 0..<0, display: 0..<0, preload: 0..<0, isListVisible: true, mode: .minimum)

  /// The interface state of an item under these ranges, following Texture:
  ///
  /// - In a visible list, visible items get every state; other items get preload
  ///   and display for the ranges they are in.
  /// - In a list that is not visible, the items that would be visible get preload and
  ///   display (preload only in ``RangeMode/lowMemory``), display-range items get
  ///   preload only, and preload-only items get nothing beyond measureLayout.
  ///
  /// Every item has ``InterfaceState/measureLayout``.
  ///
  /// - Complexity: O(1).
  @inlinable
  @_spi(Machines) public func state(ofItem item: Int) -> InterfaceState {
    var state: InterfaceState = .measureLayout
    if isListVisible {
      if visible.contains(item) { return [.measureLayout, .preload, .display, .visible] }
      if preload.contains(item) { state.insert(.preload) }
      if display.contains(item) { state.insert(.display) }
    } else if visible.contains(item) {
      state.insert(.preload)
      if mode != .lowMemory { state.insert(.display) }
    } else if display.contains(item) {
      state.insert(.preload)
    }
    return state
  }
}
