import Foundation
import Testing

@_spi(Machines) @testable import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

@Suite("A list's scroll and range mode")
struct ListViewingTests {
  /// Records a vertical offset at `milliseconds`; whether it was the first drag.
  private static func sample(
    _ viewing: inout ListViewing, y: CGFloat, at milliseconds: Int64
  ) -> Bool {
    viewing.record(offset: CGPoint(x: 0, y: y), at: .milliseconds(milliseconds), axis: .vertical)
  }

  @Test("without drag events, the first movement is the first drag, once")
  func firstMovementIsTheFirstDrag() {
    var viewing = ListViewing(decelerationRate: .normal)
    let first = Self.sample(&viewing, y: 100, at: 0)
    let still = Self.sample(&viewing, y: 100, at: 16)
    #expect(!first && !still && viewing.modes.mode == .minimum)
    let moved = Self.sample(&viewing, y: 120, at: 33)
    #expect(moved && viewing.modes.mode == .full)
    let later = Self.sample(&viewing, y: 140, at: 50)
    #expect(!later)
  }

  @Test("with drag events, movement alone is not a drag")
  func dragEventsDecide() {
    var viewing = ListViewing(decelerationRate: .normal)
    viewing.endDecelerating(now: .zero)
    let first = Self.sample(&viewing, y: 0, at: 0)
    let moved = Self.sample(&viewing, y: 300, at: 16)
    #expect(!first && !moved && viewing.modes.mode == .minimum)
    viewing.beginDragging(now: .milliseconds(32))
    #expect(viewing.modes.mode == .full)
  }

  @Test("the background and visibility constrain the ranges; a drag widens them again")
  func lifecycle() {
    var viewing = ListViewing(decelerationRate: .normal)
    viewing.beginDragging(now: .zero)
    viewing.didEnterBackground()
    #expect(viewing.isInBackground && viewing.isConstrained)
    viewing.beginDragging(now: .milliseconds(10))
    #expect(viewing.isConstrained)  // not while in the background
    viewing.willEnterForeground()
    #expect(!viewing.isInBackground && viewing.modes.mode == .minimum)
    viewing.beginDragging(now: .milliseconds(20))
    #expect(viewing.modes.mode == .full)
    let hidden = viewing.setListVisible(false)
    let again = viewing.setListVisible(false)
    #expect(hidden && !again)
    #expect(viewing.isConstrained && !viewing.isListVisible)
  }

  @Test("a content shift moves the tracker only when the offset moved with the content")
  func pendingShift() {
    var viewing = ListViewing(decelerationRate: .normal)
    _ = Self.sample(&viewing, y: 1000, at: 0)
    viewing.contentMoved(by: 500, viewportStart: 1000)
    #expect(viewing.hasPendingShift)
    _ = Self.sample(&viewing, y: 1500, at: 16)
    #expect(!viewing.hasPendingShift)
    #expect(abs(viewing.tracker.velocity.y) < 1)
  }
}
