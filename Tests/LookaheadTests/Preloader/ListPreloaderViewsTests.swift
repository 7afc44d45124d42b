import Foundation
import LookaheadTestSupport
import Testing

@_spi(Machines) @_spi(Inspection) @testable import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

private typealias Harness = PreloaderHarness

/// The app runner's entry points for platform adapters.
@Suite("ListPreloader adapter entry points") struct ListPreloaderViewsTests {
  @Test("a prefetch hint and a cell lookup use the same key")
  func aPrefetchHintAndACellLookupUseTheSameKey() async throws {
    let harness = Harness()
    try await harness.loadFirstPage(ids(100, through: 81))
    harness.preloader.hintPrefetch([85, 85])
    #expect(await harness.loader.waitUntil { $0.pendingKeys == ["img-85"] })
    // The cell's lookup waits for the hinted load: one load, found by the cell.
    let cell = Task { try await harness.preloader.resource(for: Harness.post(85)) }
    #expect(await eventually { harness.preloader.stateMachine.cellInterestCount == 1 })
    harness.loader.succeed("img-85", with: Harness.image(85))
    #expect(try await cell.value == Harness.image(85))
    #expect(harness.loader.record.starts["img-85"] == 1)
    #expect(harness.preloader.cachedResource(for: Harness.post(85)) == Harness.image(85))
    #expect(harness.preloader.resourceKey(for: Harness.post(85)) == "img-85")
  }

  @Test("a withdrawn hint cancels its load")
  func aWithdrawnHintCancelsItsLoad() async throws {
    let harness = Harness()
    try await harness.loadFirstPage(ids(100, through: 81))
    harness.preloader.hintPrefetch([82])
    #expect(await harness.loader.waitUntil { $0.pendingKeys == ["img-82"] })
    harness.preloader.withdrawPrefetchHint([82])
    #expect(await harness.loader.waitUntil { $0.cancellations == 1 })
    #expect(harness.preloader.stateMachine.loadQueueStorage.isEmpty)
  }

  @Test("scroll view states are frames of the metrics and the trace")
  func scrollViewStatesAreFramesOfTheMetricsAndTheTrace() async throws {
    let harness = Harness(traceCapacity: 10)
    try await harness.loadFirstPage(ids(100, through: 81))
    let size = CGSize(width: 390, height: 1000)
    var followUps: [Duration?] = []
    followUps.append(
      harness.preloader.scrollViewChanged(
        ScrollViewState(contentOffset: .zero, viewportSize: size, isDragging: true)))
    harness.clock.advance(by: .milliseconds(16))
    followUps.append(
      harness.preloader.updateScrollView { $0.contentOffset = CGPoint(x: 0, y: 10) })
    harness.clock.advance(by: .milliseconds(16))
    // The drag ends without a fling, at the same offset: a frame at rest.
    followUps.append(harness.preloader.updateScrollView { $0.isDragging = false })
    #expect(followUps == [.milliseconds(100), .milliseconds(100), nil])
    #expect(harness.preloader.metrics.visibleItemFrames == 10 + 11 + 11)
    #expect(
      harness.preloader.recordedTrace == "t_ms,offset_pt\n0.0,0.0\n16.0,10.0\n32.0,10.0\n")
    #expect(harness.preloader.stateMachine.tracker.phase == .idle)
  }

  @Test("rows stand for the viewport until a scroll view reports")
  func rowsStandForTheViewportUntilAScrollViewReports() async throws {
    let harness = Harness()
    try await harness.loadFirstPage(ids(100, through: 81))
    for id in ids(95, through: 86) { harness.preloader.rowAppeared(id) }
    #expect(harness.preloader.stateMachine.viewport.minY == 500)
    harness.clock.advance(by: .milliseconds(16))
    harness.preloader.rowDisappeared(95)
    #expect(harness.preloader.stateMachine.viewport.minY == 600)
    #expect(harness.preloader.metrics.visibleItemFrames == 20)
  }

  @Test("a measured layout is adopted only when every item has a frame")
  func aMeasuredLayoutIsAdoptedOnlyWhenEveryItemHasAFrame() async throws {
    let harness = Harness()
    try await harness.loadFirstPage(ids(100, through: 81))
    let size = CGSize(width: 390, height: 1200)
    let frame: (TestPost) -> CGRect? = { post in
      CGRect(x: 0, y: CGFloat(100 - post.id) * 60, width: 390, height: 60)
    }
    #expect(
      !harness.preloader.adoptMeasuredLayout(contentSize: size) { $0.id == 90 ? nil : frame($0) })
    #expect(
      !harness.preloader.adoptMeasuredLayout(contentSize: size) { $0.id == 90 ? .zero : frame($0) })
    #expect(harness.preloader.geometry.contentLength == 2000)
    #expect(harness.preloader.adoptMeasuredLayout(contentSize: size, frame: frame))
    #expect(harness.preloader.geometry.contentLength == 1200)
  }

  @Test("measured lengths resize only their items")
  func measuredLengthsResizeOnlyTheirItems() async throws {
    let harness = Harness()
    try await harness.loadFirstPage(ids(100, through: 81))
    // Two cells measured themselves; an item not in the list and an unchanged length
    // are skipped.
    let resized = harness.preloader.resizeItems([
      (id: 99, length: 250), (id: 95, length: 40), (id: 7, length: 10), (id: 90, length: 100),
    ])
    #expect(resized == 2)
    let geometry = harness.preloader.geometry
    #expect(abs(geometry.contentLength - (2000 + 150 - 60)) < 0.001)
    #expect(geometry.span(ofItem: 1) == AxisSpan(100, 350))
    #expect(geometry.span(ofItem: 5) == AxisSpan(650, 690))
  }

  @Test("items and positions answer out of range with nil")
  func itemsAndPositionsAnswerOutOfRangeWithNil() async throws {
    let harness = Harness()
    try await harness.loadFirstPage(ids(100, through: 81))
    #expect(harness.preloader.itemID(at: 0) == 100)
    #expect(harness.preloader.itemID(at: 20) == nil)
    #expect(harness.preloader.itemID(at: -1) == nil)
    #expect(harness.preloader.position(of: 81) == 19)
    #expect(harness.preloader.position(of: 7) == nil)
  }
}
