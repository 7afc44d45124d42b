import Foundation
import Testing

@_spi(Machines) @testable import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// A vertical list of 100 items of 100 points and a 1,000-point viewport: one
/// screenful is ten items, so every range boundary lands on an item boundary.
private let list = ListLayout(crossLength: 390, itemLengths: Array(repeating: 100, count: 100))

private func viewport(at y: CGFloat) -> CGRect {
  CGRect(x: 0, y: y, width: 390, height: 1000)
}

@Suite("RangeController") struct RangeControllerTests {
  @Test("texture tuning table has every default")
  func textureTuningTableHasEveryDefault() {
    let table = RangeTuningTable.texture
    let expected: [(RangeMode, RangeKind, CGFloat, CGFloat)] = [
      (.minimum, .display, 0.25, 0.25), (.minimum, .preload, 0.5, 0.25),
      (.full, .display, 1.0, 0.5), (.full, .preload, 2.5, 1.5),
      (.visibleOnly, .display, 0, 0), (.visibleOnly, .preload, 0, 0),
      (.lowMemory, .display, 0, 0), (.lowMemory, .preload, 0, 0),
    ]
    for (mode, kind, leading, trailing) in expected {
      #expect(
        table[mode, kind] == RangeTuning(leadingScreenfuls: leading, trailingScreenfuls: trailing))
    }
  }

  @Test(
    "the ranges of each mode moving down",
    arguments: [
      (RangeMode.minimum, 50..<60, 47..<63, 47..<65),
      (RangeMode.full, 50..<60, 45..<70, 35..<85),
      (RangeMode.visibleOnly, 50..<60, 50..<60, 50..<60),
      (RangeMode.lowMemory, 50..<60, 0..<0, 50..<60),
    ])
  func rangesOfEachModeMovingDown(
    mode: RangeMode, visible: Range<Int>, display: Range<Int>, preload: Range<Int>
  ) {
    // minimum display is [4750, 6250): item 47, [4700, 4800), overlaps its start.
    let ranges = RangeController().ranges(
      layout: list, viewport: viewport(at: 5000), direction: [.down], mode: mode)
    #expect(ranges.visible == visible)
    #expect(ranges.display == display)
    #expect(ranges.preload == preload)
  }

  @Test("setters without a mode read and write full only")
  func settersWithoutAModeReadAndWriteFullOnly() {
    var table = RangeTuningTable.texture
    table[.preload] = RangeTuning(leadingScreenfuls: 4, trailingScreenfuls: 1)
    #expect(table[.full, .preload] == RangeTuning(leadingScreenfuls: 4, trailingScreenfuls: 1))
    #expect(
      table[.minimum, .preload] == RangeTuning(leadingScreenfuls: 0.5, trailingScreenfuls: 0.25))
    #expect(table[.display] == RangeTuning(leadingScreenfuls: 1, trailingScreenfuls: 0.5))
  }

  @Test("expansion puts the leading buffer ahead in all four directions")
  func expansionPutsTheLeadingBufferAheadInAllFourDirections() {
    let controller = RangeController()
    let down = controller.ranges(
      layout: list, viewport: viewport(at: 5000), direction: .down, mode: .full)
    let up = controller.ranges(
      layout: list, viewport: viewport(at: 5000), direction: .up, mode: .full)
    #expect(down.preload == 35..<85)
    #expect(up.preload == 25..<75)
    let row = ListLayout(
      axis: .horizontal, crossLength: 300, itemLengths: Array(repeating: 100, count: 100))
    let box = CGRect(x: 5000, y: 0, width: 1000, height: 300)
    let right = controller.ranges(layout: row, viewport: box, direction: .right, mode: .full)
    let left = controller.ranges(layout: row, viewport: box, direction: .left, mode: .full)
    #expect(right.preload == 35..<85)
    #expect(left.preload == 25..<75)
    #expect(right.display == 45..<70)
    #expect(left.display == 40..<65)
  }

  @Test("ranges are not clamped to the content")
  func rangesAreNotClampedToTheContent() {
    let ranges = RangeController().ranges(
      layout: list, viewport: viewport(at: 0), direction: .down, mode: .full)
    // The trailing buffer reaches 1,500 points above the top: no item there, and the
    // leading buffer is not lengthened to compensate.
    #expect(ranges.preload == 0..<35)
  }

  @Test("inverted lists flip the direction")
  func invertedListsFlipTheDirection() {
    let ranges = RangeController(isInverted: true).ranges(
      layout: list, viewport: viewport(at: 5000), direction: .down, mode: .full)
    #expect(ranges.preload == 25..<75)
  }

  @Test("first update enters every item in a range nearest first")
  func firstUpdateEntersEveryItemInARangeNearestFirst() {
    var controller = RangeController()
    let changes = controller.update(
      layout: list, viewport: viewport(at: 5000), direction: .down, mode: .full)
    #expect(changes.count == 50)
    #expect(Set(changes.map(\.item)) == Set(35..<85))
    // Items touching the viewport have distance zero like the visible ones.
    #expect(changes.prefix(12).map(\.item) == Array(49...60))
    #expect(changes[12].item == 48 && changes[13].item == 61)
    #expect(changes.last?.item == 84)
    let visible = changes.first { $0.item == 55 }
    #expect(visible?.newState == [.measureLayout, .preload, .display, .visible])
    #expect(visible?.oldState == .measureLayout)
    #expect(changes.first { $0.item == 80 }?.newState == [.measureLayout, .preload])
  }

  @Test("callbacks fire in the fixed order entering and exiting")
  func callbacksFireInTheFixedOrderEnteringAndExiting() {
    let entering = InterfaceStateTransition(
      item: 1, oldState: .measureLayout, newState: [.measureLayout, .preload, .display, .visible])
    #expect(
      entering.events == [
        .didEnterPreload, .didEnterDisplay, .didEnterVisible,
        .didChange(from: .measureLayout, to: [.measureLayout, .preload, .display, .visible]),
      ])
    let exiting = InterfaceStateTransition(
      item: 1, oldState: [.measureLayout, .preload, .display, .visible], newState: .measureLayout)
    #expect(
      exiting.events == [
        .didExitPreload, .didExitDisplay, .didExitVisible,
        .didChange(from: [.measureLayout, .preload, .display, .visible], to: .measureLayout),
      ])
    let mixed = InterfaceStateTransition(
      item: 1, oldState: [.measureLayout, .display], newState: [.measureLayout, .preload])
    #expect(mixed.events.prefix(2) == [.didEnterPreload, .didExitDisplay])
  }

  @Test("small deltas emit nothing and crossing an edge emits only the edges")
  func smallDeltasEmitNothingAndCrossingAnEdgeEmitsOnlyTheEdges() {
    var controller = RangeController()
    _ = controller.update(layout: list, viewport: viewport(at: 5010), direction: .down, mode: .full)
    #expect(
      controller.update(layout: list, viewport: viewport(at: 5040), direction: .down, mode: .full)
        .isEmpty)
    #expect(
      controller.update(layout: list, viewport: viewport(at: 5020), direction: .down, mode: .full)
        .isEmpty)
    let changes = controller.update(
      layout: list, viewport: viewport(at: 5110), direction: .down, mode: .full)
    let summary = changes.map { "\($0.item): \($0.exited) → \($0.entered)" }
    // Nearest first: 61 overlaps the viewport, 50 is 10 points above it, then the
    // display edges (510 and 990 points away), then the preload edges.
    #expect(
      summary == [
        "61: [] → [visible]", "50: [visible] → []", "45: [display] → []", "71: [] → [display]",
        "35: [preload] → []", "86: [] → [preload]",
      ])
  }

  @Test("items whose ranges change but whose state does not emit nothing")
  func itemsWhoseRangesChangeButWhoseStateDoesNotEmitNothing() {
    // In a list that is not visible, preload-only items stay at measureLayout: when the
    // preload range's edges move across items 35 and 85, they are examined and skipped.
    var controller = RangeController()
    _ = controller.update(
      layout: list, viewport: viewport(at: 5000), direction: .down, mode: .full,
      isListVisible: false)
    let changes = controller.update(
      layout: list, viewport: viewport(at: 5100), direction: .down, mode: .full,
      isListVisible: false)
    #expect(controller.snapshot.preload == 36..<86)
    // Only the display edges (45 leaves, 70 enters: preload only here) and the visible
    // edges (50 drops to preload, 60 gains display) change.
    #expect(changes.map(\.item).sorted() == [45, 50, 60, 70])
  }

  @Test("reversing moves the leading buffer and reports both edges")
  func reversingMovesTheLeadingBufferAndReportsBothEdges() {
    var controller = RangeController()
    _ = controller.update(layout: list, viewport: viewport(at: 5000), direction: .down, mode: .full)
    let changes = controller.update(
      layout: list, viewport: viewport(at: 5000), direction: .up, mode: .full)
    // preload 35..<85 → 25..<75, display 45..<70 → 40..<65.
    let entered = changes.filter { !$0.entered.isEmpty }.map(\.item).sorted()
    let exited = changes.filter { !$0.exited.isEmpty }.map(\.item).sorted()
    #expect(entered == Array(25..<35) + Array(40..<45))
    #expect(exited == Array(65..<70) + Array(75..<85))
  }

  @Test("low memory has no display set")
  func lowMemoryHasNoDisplaySet() {
    var controller = RangeController()
    _ = controller.update(
      layout: list, viewport: viewport(at: 5000), direction: .down, mode: .lowMemory)
    #expect(controller.snapshot.display.isEmpty)
    #expect(controller.state(ofItem: 55) == [.measureLayout, .preload, .display, .visible])
    #expect(controller.state(ofItem: 61) == .measureLayout)
  }

  @Test("items of a non visible list follow textures rules")
  func itemsOfANonVisibleListFollowTexturesRules() {
    var controller = RangeController()
    _ = controller.update(
      layout: list, viewport: viewport(at: 5000), direction: .down, mode: .full,
      isListVisible: false)
    #expect(controller.state(ofItem: 55) == [.measureLayout, .preload, .display])
    #expect(controller.state(ofItem: 65) == [.measureLayout, .preload])
    #expect(controller.state(ofItem: 80) == .measureLayout)
    _ = controller.update(
      layout: list, viewport: viewport(at: 5000), direction: .down, mode: .lowMemory,
      isListVisible: false)
    #expect(controller.state(ofItem: 55) == [.measureLayout, .preload])
    let becomingVisible = controller.update(
      layout: list, viewport: viewport(at: 5000), direction: .down, mode: .lowMemory,
      isListVisible: true)
    #expect(becomingVisible.map(\.item).sorted() == Array(50..<60))
  }

  @Test("appending a page keeps existing states")
  func appendingAPageKeepsExistingStates() {
    var controller = RangeController()
    var layout = ListLayout(crossLength: 390, itemLengths: Array(repeating: 100, count: 12))
    _ = controller.update(
      layout: layout, viewport: viewport(at: 200), direction: .down, mode: .full)
    layout.append(Array(repeating: 100, count: 20))
    let changes = controller.update(
      layout: layout, viewport: viewport(at: 200), direction: .down, mode: .full)
    #expect(changes.map(\.item) == Array(12..<32))
  }

  @Test("reset reports everything again and removed items are skipped")
  func resetReportsEverythingAgainAndRemovedItemsAreSkipped() {
    var controller = RangeController()
    _ = controller.update(layout: list, viewport: viewport(at: 5000), direction: .down, mode: .full)
    let short = ListLayout(crossLength: 390, itemLengths: Array(repeating: 100, count: 60))
    let changes = controller.update(
      layout: short, viewport: viewport(at: 5000), direction: .down, mode: .full)
    #expect(changes.allSatisfy { $0.item < 60 })
    #expect(changes.isEmpty)
    controller.reset()
    #expect(
      controller.update(layout: short, viewport: viewport(at: 5000), direction: .down, mode: .full)
        .count == 25)
  }

  @Test("prefetch changes follow the preload range and ignore visible swaps")
  func prefetchChangesFollowThePreloadRangeAndIgnoreVisibleSwaps() {
    var controller = RangeController()
    let first = PrefetchChanges(
      controller.update(layout: list, viewport: viewport(at: 5000), direction: .down, mode: .full))
    #expect(first.cancel.isEmpty)
    #expect(Set(first.prefetch) == Set(35..<50).union(60..<85))
    #expect(first.prefetch.prefix(2) == [49, 60])
    let next = PrefetchChanges(
      controller.update(layout: list, viewport: viewport(at: 5100), direction: .down, mode: .full))
    #expect(next.prefetch == [85])
    #expect(next.cancel == [35])
  }

  @Test("range mode follows textures rules")
  func rangeModeFollowsTexturesRules() {
    var state = RangeModeState()
    #expect(state.mode == .minimum)
    #expect(state.userDidBeginDragging() == .full)
    state.visibilityDepthDidChange(to: 1)
    #expect(state.userDidBeginDragging() == .minimum, "only the first drag switches to full")
    #expect(state.didEnterBackground(isListVisible: true) == .visibleOnly)
    #expect(state.didEnterBackground(isListVisible: false) == .lowMemory)
    #expect(state.willEnterForeground(isListVisible: true) == .minimum)
    #expect(state.willEnterForeground(isListVisible: false) == .visibleOnly)
    #expect(state.didReceiveMemoryWarning(isInDisplayState: true) == .visibleOnly)
    #expect(state.didReceiveMemoryWarning(isInDisplayState: false) == .lowMemory)
    #expect(state.visibilityDepthDidChange(to: 0) == .full)
    #expect(state.visibilityDepthDidChange(to: 1) == .minimum)
    #expect(state.visibilityDepthDidChange(to: 2) == .visibleOnly)
    #expect(state.visibilityDepthDidChange(to: 3) == .lowMemory)
    #expect(state.visibilityDepthDidChange(to: 9) == .lowMemory)
  }

  @Test("programmatic scrolling keeps minimum until the first drag")
  func programmaticScrollingKeepsMinimumUntilTheFirstDrag() {
    var tracker = ScrollTracker()
    var modes = RangeModeState()
    var controller = RangeController()
    for frame in 0...30 {
      // A programmatic, animated scroll: offsets move, but no drag event arrives.
      tracker.beginDraggingIfNeeded(false, at: .milliseconds(frame * 16))
      tracker.record(offset: CGPoint(x: 0, y: CGFloat(frame) * 20), at: .milliseconds(frame * 16))
      _ = controller.update(
        layout: list, viewport: viewport(at: tracker.offset.y), direction: tracker.direction,
        mode: modes.mode)
    }
    #expect(controller.snapshot.mode == .minimum)
    tracker.beginDragging(at: .seconds(1))
    modes.userDidBeginDragging()
    _ = controller.update(
      layout: list, viewport: viewport(at: 600), direction: tracker.direction, mode: modes.mode)
    #expect(controller.snapshot.mode == .full)
  }
}

extension ScrollTracker {
  fileprivate mutating func beginDraggingIfNeeded(_ isDrag: Bool, at time: Duration) {
    if isDrag { beginDragging(at: time) }
  }
}
