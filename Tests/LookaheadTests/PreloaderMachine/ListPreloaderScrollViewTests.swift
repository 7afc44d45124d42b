import Foundation
import Testing

@_spi(Machines) @_spi(Inspection) @testable import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

private typealias Harness = MachineHarness

/// A harness with `count` posts loaded, 100 and down, and nothing asked for yet.
private func loaded(_ count: Int = 100) -> Harness {
  var harness = Harness()
  harness.start()
  harness.answerPage(ids(100, through: 101 - count), next: "c\(101 - count)")
  return harness
}

/// Scroll views observed without their delegate (UIKit's content offset and pan gesture,
/// SwiftUI's scroll geometry and phase), and SwiftUI rows before iOS 18.
@Suite("ListPreloader scroll view input") struct ListPreloaderScrollViewTests {
  @Test("a drag a fling and the end of the deceleration come from scroll view states")
  func aDragAFlingAndTheEndOfTheDecelerationComeFromScrollViewStates() {
    var harness = loaded()
    harness.report(offset: 0)
    #expect(harness.machine.tracker.phase == .idle)
    #expect(harness.machine.scrollViewFollowUpDelay == nil)
    #expect(harness.machine.viewing.modes.mode == .minimum)

    harness.report(offset: 0, isDragging: true)
    #expect(harness.machine.tracker.phase == .dragging)
    #expect(harness.machine.viewing.modes.mode == .full)  // the first drag widens the ranges
    for step in 1...10 { harness.report(offset: CGFloat(step) * 20, isDragging: true) }
    #expect(harness.machine.scrollViewFollowUpDelay == .milliseconds(100))

    // The finger lifts with a fling; UIKit has not started decelerating yet.
    harness.report(offset: 200, velocity: 1500)
    #expect(harness.machine.tracker.phase == .decelerating)
    for step in 1...10 {
      harness.report(offset: 200 + CGFloat(step) * 15, isDecelerating: true)
    }
    #expect(harness.machine.tracker.phase == .decelerating)
    #expect(harness.machine.scrollViewFollowUpDelay == .milliseconds(100))
    // The follow-up read finds the content at rest, at the same offset.
    harness.report(offset: 350, after: .milliseconds(100))
    #expect(harness.machine.tracker.phase == .idle)
    #expect(harness.machine.scrollViewFollowUpDelay == nil)
  }

  @Test("a release without a fling ends the drag at rest")
  func aReleaseWithoutAFlingEndsTheDragAtRest() {
    var harness = loaded()
    harness.report(offset: 0, isDragging: true)
    harness.report(offset: 30, isDragging: true)
    // The finger rests, then lifts: the offset does not change, the follow-up notices.
    harness.report(offset: 30, after: .milliseconds(100))
    #expect(harness.machine.tracker.phase == .idle)
    #expect(harness.machine.scrollViewFollowUpDelay == nil)
  }

  @Test("a repeated state is a frame at rest but not twice at one time")
  func aRepeatedStateIsAFrameAtRestButNotTwiceAtOneTime() {
    var harness = loaded()
    harness.report(offset: 120, isDragging: true)
    let samples = harness.machine.viewInputs.samples
    let tracker = harness.machine.tracker
    let frames = harness.machine.schedule.frameCount
    // The same state at the same time (a second observer of one display frame): nothing.
    #expect(harness.report(offset: 120, isDragging: true, after: .zero).isEmpty)
    #expect(harness.machine.viewInputs.samples == samples)
    #expect(harness.machine.tracker.velocity == tracker.velocity)
    // The same state a display frame later: a frame of a finger at rest.
    harness.report(offset: 120, isDragging: true)
    #expect(harness.machine.viewInputs.samples == samples + 1)
    #expect(harness.machine.schedule.frameCount == frames + 1)
    #expect(harness.machine.tracker.phase == .dragging)
  }

  @Test("a new viewport size is a frame")
  func aNewViewportSizeIsAFrame() {
    var harness = loaded()
    harness.report(offset: 0)
    harness.report(offset: 0, height: 500)
    #expect(harness.machine.viewport.size.height == 500)
    #expect(harness.machine.visibleItems == 0..<5)
  }

  @Test("bouncing at the top of small content fetches once per new page")
  func bouncingAtTheTopOfSmallContentFetchesOncePerNewPage() {
    var harness = Harness()
    harness.start()
    harness.answerPage([100, 99, 98], next: "c98")  // 300 points in a 1,000-point screen
    var fetches = Harness.fetches(harness.report(offset: 0)).count
    #expect(fetches == 1)
    // The rubber band at the top (Texture #199, #521, #926): a stream of negative offsets
    // while dragging, then decelerating back.
    func bounce(_ harness: inout Harness) -> Int {
      var count = 0
      for tick in 0..<120 {
        let offset = -CGFloat(tick % 30) * 2
        count += Harness.fetches(harness.report(offset: offset, isDragging: tick < 60)).count
        count +=
          Harness.fetches(
            harness.report(offset: offset / 2, isDecelerating: tick >= 60)
          ).count
      }
      return count
    }
    #expect(bounce(&harness) == 0)  // one request in flight
    // A page that adds items: the content is still small, one more request.
    harness.answerPage([97, 96], next: "c96")
    fetches = bounce(&harness)
    #expect(fetches == 1)
    // A page of duplicates with the same cursor adds nothing: no more requests.
    harness.answerPage([97, 96], next: "c96")
    #expect(bounce(&harness) == 0)
    #expect(harness.machine.items.count == 5)
  }

  // MARK: - Rows

  @Test("row appearances move the viewport until a scroll view reports")
  func rowAppearancesMoveTheViewportUntilAScrollViewReports() {
    var harness = loaded()
    for id in ids(100, through: 91) { harness.rowAppeared(id) }
    #expect(harness.machine.viewport.minY == 0)
    #expect(harness.machine.wantedKeys.contains(Harness.key(100)))
    harness.rowDisappeared(100)
    harness.rowAppeared(90)
    #expect(harness.machine.viewport.minY == 100)
    harness.rowDisappeared(99)
    harness.rowAppeared(89)
    #expect(harness.machine.viewport.minY == 200)
    #expect(harness.machine.tracker.direction.contains(.down))

    harness.report(offset: 500)
    #expect(harness.rowAppeared(60).isEmpty)
    #expect(harness.rowDisappeared(98).isEmpty)
    #expect(harness.machine.viewport.minY == 500)
  }

  @Test("rows near the end stop the viewport at the end of the content")
  func rowsNearTheEndStopTheViewportAtTheEndOfTheContent() {
    var harness = loaded(20)
    for id in ids(84, through: 81) { harness.rowAppeared(id) }
    #expect(harness.machine.viewport.minY == 1000)  // 2,000 points of content
    #expect(harness.rowAppeared(999).isEmpty)  // not in the list
  }

  // MARK: - Measured layouts

  @Test("measured frames replace the estimated geometry")
  func measuredFramesReplaceTheEstimatedGeometry() throws {
    var harness = loaded(20)
    // Two columns of 150-point cells, 10 points apart, under a 20-point inset.
    let frames = (0..<20).map { item in
      CGRect(x: CGFloat(item % 2) * 195, y: 20 + CGFloat(item / 2) * 160, width: 195, height: 150)
    }
    let actions = harness.machine.adoptMeasuredFrames(
      frames, of: harness.machine.items.map(\.id), contentSize: CGSize(width: 390, height: 1630),
      now: harness.time
    ) { _ in false }
    #expect(actions != nil)
    let geometry = harness.machine.geometry
    #expect(geometry.contentLength == 1630)
    #expect(geometry.span(ofItem: 2).lowerBound == 180)
    #expect(geometry.span(ofItem: 18).lowerBound == 1460)
    // The frames are on screen now: the strategy decided again, without a scroll sample.
    #expect(harness.machine.tracker.lastTime == nil)
    #expect(!Harness.started(harness.perform(try #require(actions))).isEmpty)
  }

  @Test("frames of another list are not adopted")
  func framesOfAnotherListAreNotAdopted() {
    var harness = loaded(20)
    let before = harness.machine.geometry
    let frames = (0..<20).map { CGRect(x: 0, y: CGFloat($0) * 50, width: 390, height: 50) }
    var stale = harness.machine.items.map(\.id)
    stale.swapAt(0, 1)
    for ids in [stale, Array(stale.prefix(19)), []] {
      #expect(
        harness.machine.adoptMeasuredFrames(
          frames, of: ids, contentSize: CGSize(width: 390, height: 1000), now: harness.time
        ) { _ in false } == nil)
    }
    #expect(harness.machine.geometry == before)
  }

  @Test("a grid is declared not measured")
  func aGridIsDeclaredNotMeasured() {
    var machine = ListPreloaderStateMachine<TestPost, String>(
      strategy: .texture,
      configuration: ListPreloaderConfiguration(
        viewportSize: CGSize(width: 390, height: 1000),
        geometry: .grid(columns: 3, rowLength: 130, crossLength: 390)),
      resourceKey: { "img-\($0.id)" }, itemLength: { _ in 130 })
    let frames: [CGRect] = []
    #expect(
      machine.adoptMeasuredFrames(
        frames, of: [], contentSize: .zero, now: .zero
      ) { _ in false } == nil)
  }
}
