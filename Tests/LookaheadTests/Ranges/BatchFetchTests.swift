import Foundation
import Testing

@testable import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// Texture's batch-fetch decision, one test per step (docs/DESIGN.md, "Texture conformance").
@Suite("Texture batch fetching") struct BatchFetchTests {
  /// A visible vertical list 1,000 points tall, 5,000 points of content, moving down,
  /// with the viewport 2,500 points from the end (beyond two screens).
  static func input(
    direction: ScrollDirection = .down, scrollable: ScrollDirection = .vertical,
    bounds: CGRect = CGRect(x: 0, y: 0, width: 400, height: 1000),
    content: CGSize = CGSize(width: 400, height: 5000), offset: CGPoint = CGPoint(x: 0, y: 1500),
    leadingScreens: CGFloat = 2, isVisible: Bool = true, isRightToLeft: Bool = false,
    flips: Bool = false, velocity: CGPoint = .zero
  ) -> BatchFetchInput {
    BatchFetchInput(
      scrollDirection: direction, scrollableDirections: scrollable, bounds: bounds,
      contentSize: content,
      targetOffset: offset, leadingScreens: leadingScreens, isVisible: isVisible,
      isRightToLeft: isRightToLeft, flipsHorizontallyInRightToLeft: flips, velocity: velocity)
  }

  @Test("step 1 a fetch in flight never fetches again even with small content")
  func step1AFetchInFlightNeverFetchesAgainEvenWithSmallContent() {
    let small = Self.input(content: CGSize(width: 400, height: 10))
    #expect(!small.textureShouldFetch(context: .fetching))
    #expect(small.textureShouldFetch(context: .completed))
    #expect(
      small.textureShouldFetch(context: .cancelled), "a cancelled context allows fetching again")
  }

  @Test("step 2 no leading screens or empty bounds never fetch")
  func step2NoLeadingScreensOrEmptyBoundsNeverFetch() {
    let small = CGSize(width: 400, height: 10)
    #expect(!Self.input(content: small, leadingScreens: 0).textureShouldFetch(context: .completed))
    #expect(!Self.input(content: small, leadingScreens: -1).textureShouldFetch(context: .completed))
    #expect(
      !Self.input(bounds: CGRect(x: 0, y: 0, width: 400, height: 0), content: small)
        .textureShouldFetch(context: .completed))
    #expect(!Self.input(bounds: .zero, content: small).textureShouldFetch(context: .completed))
  }

  @Test("step 3 the axis is vertical whenever a vertical direction is scrollable")
  func step3TheAxisIsVerticalWheneverAVerticalDirectionIsScrollable() {
    // Horizontal content shorter than the width but vertical content long: with a
    // vertical scrollable direction the vertical lengths decide (not small content).
    let mixed = Self.input(
      scrollable: [.vertical, .horizontal], content: CGSize(width: 10, height: 5000))
    #expect(!mixed.textureShouldFetch(context: .completed))
    let horizontal = Self.input(scrollable: .horizontal, content: CGSize(width: 10, height: 5000))
    #expect(horizontal.textureShouldFetch(context: .completed))
  }

  @Test("step 4 small content fetches regardless of visibility and direction")
  func step4SmallContentFetchesRegardlessOfVisibilityAndDirection() {
    let small = CGSize(width: 400, height: 999)
    #expect(
      Self.input(direction: .up, content: small, isVisible: false).textureShouldFetch(
        context: .completed))
    let exact = CGSize(width: 400, height: 1000)
    #expect(
      !Self.input(direction: .up, content: exact).textureShouldFetch(context: .completed),
      "content equal to the view is not small (strict comparison)")
  }

  @Test("step 5 a list that is not visible does not fetch")
  func step5AListThatIsNotVisibleDoesNotFetch() {
    #expect(
      !Self.input(offset: CGPoint(x: 0, y: 4000), isVisible: false).textureShouldFetch(
        context: .completed))
    #expect(
      Self.input(offset: CGPoint(x: 0, y: 4000), isVisible: true).textureShouldFetch(
        context: .completed))
  }

  @Test("step 6 moving toward the head does not fetch")
  func step6MovingTowardTheHeadDoesNotFetch() {
    let nearEnd = CGPoint(x: 0, y: 4000)
    #expect(!Self.input(direction: .up, offset: nearEnd).textureShouldFetch(context: .completed))
    #expect(
      !Self.input(direction: [.down, .left], offset: nearEnd).textureShouldFetch(
        context: .completed))
    #expect(
      Self.input(direction: [.down, .right], offset: nearEnd).textureShouldFetch(
        context: .completed))
    #expect(
      !Self.input(direction: [.down, .right], offset: nearEnd, isRightToLeft: true)
        .textureShouldFetch(context: .completed), "right is toward the head when right-to-left")
    #expect(
      Self.input(direction: [.down, .left], offset: nearEnd, isRightToLeft: true)
        .textureShouldFetch(context: .completed))
  }

  @Test("step 7 remaining distance is inclusive of two screens")
  func step7RemainingDistanceIsInclusiveOfTwoScreens() {
    // remaining = 5000 − 1000 − offset; trigger at 2000.
    #expect(!Self.input(offset: CGPoint(x: 0, y: 1999)).textureShouldFetch(context: .completed))
    #expect(Self.input(offset: CGPoint(x: 0, y: 2000)).textureShouldFetch(context: .completed))
    #expect(Self.input(offset: CGPoint(x: 0, y: 2001)).textureShouldFetch(context: .completed))
    #expect(
      Self.input(offset: CGPoint(x: 0, y: 2500), leadingScreens: 1.5).textureShouldFetch(
        context: .completed))
    #expect(
      !Self.input(offset: CGPoint(x: 0, y: 2499), leadingScreens: 1.5).textureShouldFetch(
        context: .completed))
  }

  @Test("step 7 right to left without flipping measures from the left edge")
  func step7RightToLeftWithoutFlippingMeasuresFromTheLeftEdge() {
    let bounds = CGRect(x: 0, y: 0, width: 1000, height: 400)
    let content = CGSize(width: 5000, height: 400)
    func rtl(offsetX: CGFloat, flips: Bool) -> Bool {
      Self.input(
        direction: .left, scrollable: .horizontal, bounds: bounds, content: content,
        offset: CGPoint(x: offsetX, y: 0), isRightToLeft: true, flips: flips
      ).textureShouldFetch(context: .completed)
    }
    // Not flipped: remaining = offset, so near offset 0 is near the end.
    #expect(rtl(offsetX: 2000, flips: false))
    #expect(!rtl(offsetX: 2001, flips: false))
    // Flipped: remaining = content − view − offset, as left to right.
    #expect(!rtl(offsetX: 1999, flips: true))
    #expect(rtl(offsetX: 2000, flips: true))
  }

  @Test("step 8 the delegate wins only with positive velocity")
  func step8TheDelegateWinsOnlyWithPositiveVelocity() {
    var asked: [(TimeInterval, Bool)] = []
    let delegate: (TimeInterval, Bool) -> Bool = { time, hint in
      asked.append((time, hint))
      return !hint
    }
    // remaining 2,500 points at 2 pt/ms → 1.25 s; the hint is false, the delegate says yes.
    let moving = Self.input(velocity: CGPoint(x: 0, y: 2))
    #expect(moving.textureShouldFetch(context: .completed, delegate: delegate))
    #expect(asked.count == 1)
    #expect(abs(asked[0].0 - 1.25) < 1e-12)
    #expect(asked[0].1 == false)
    // Without velocity the delegate is not asked and the hint stands.
    let still = Self.input(velocity: .zero)
    #expect(!still.textureShouldFetch(context: .completed, delegate: delegate))
    #expect(asked.count == 1)
    // Without a delegate, velocity changes nothing.
    #expect(!moving.textureShouldFetch(context: .completed))
  }

  @Test("a failed completion stops fetching until cancelled")
  func aFailedCompletionStopsFetchingUntilCancelled() {
    var context = BatchFetchContext()
    let nearEnd = Self.input(offset: CGPoint(x: 0, y: 4000))
    #expect(nearEnd.textureShouldFetch(context: context.state))
    context.beginFetching()
    #expect(!nearEnd.textureShouldFetch(context: context.state))
    context.completeFetching(success: false)
    #expect(context.state == .fetching)
    #expect(
      !nearEnd.textureShouldFetch(context: context.state), "Texture silently stops after a failure")
    context.cancelFetching()
    #expect(nearEnd.textureShouldFetch(context: context.state))
    context.beginFetching()
    context.completeFetching(success: true)
    #expect(context.state == .completed)
    #expect(nearEnd.textureShouldFetch(context: context.state))
  }
}
