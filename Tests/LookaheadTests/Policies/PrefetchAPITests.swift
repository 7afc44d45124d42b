import Foundation
import LookaheadTestSupport
import Testing

@_spi(Machines) @testable import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// The prefetch API of `UICollectionViewDataSourcePrefetching` (docs/DESIGN.md,
/// "Strategies") on top of the range controller and the async driver. When a cell is
/// configured, its item's resource is ready (answered at once), in flight (the cell joins
/// the load and raises its priority) or not requested (the cell's request starts it).
@Suite("The prefetch API strategy") struct PrefetchAPITests {
  typealias Loader = ScriptedLoader<Int, String>

  /// Thirty items of 100 points and a 300-point viewport; Texture's full tuning.
  static let layout = ListLayout(crossLength: 100, itemLengths: Array(repeating: 100, count: 30))

  @Test("prefetches come nearest first and a cell joins and raises an item in flight")
  func prefetchesComeNearestFirstAndACellJoinsAndRaisesAnItemInFlight() async throws {
    let loader = Loader()
    let cache = MemoryCache<Int, String>()
    let driver = AsyncDriver(
      loader: loader, clock: ManualClock(),
      configuration: LoadQueueConfiguration(maximumConcurrentLoads: 1, allowsPreemption: false),
      cache: cache)
    var ranges = RangeController()
    var modes = RangeModeState()
    modes.userDidBeginDragging()
    let changes = PrefetchChanges(
      ranges.update(
        layout: Self.layout, viewport: CGRect(x: 0, y: 0, width: 100, height: 300),
        direction: .down,
        mode: modes.mode))
    // Preload range: 2.5 screens below the viewport → items 3..<11, nearest first.
    #expect(changes.prefetch == Array(3..<11))
    #expect(changes.cancel.isEmpty)
    driver.prefetch(changes.prefetch)

    // One slot: item 3 loads, 4...10 wait at `preload` in distance order.
    await loader.waitUntil { $0.pendingKeys == [3] }
    #expect(driver.state(of: 9) == .queued(.preload))

    // The cell of item 9 is configured while 9 waits: it joins and raises it to visible.
    let cell = Task { try await driver.value(for: 9, priority: .visible) }
    await AsyncDriverTests.yield { driver.state(of: 9) == .queued(.visible) }
    loader.succeed(3, with: "three")
    await loader.waitUntil { $0.pendingKeys == [9] }
    loader.succeed(9, with: "nine")
    #expect(try await cell.value == "nine")
    #expect(loader.record.starts[9] == 1, "the cell joined the prefetch; no second load")

    // A ready item answers at once, with no load at all.
    #expect(try await driver.value(for: 3) == "three")
    #expect(loader.record.starts[3] == 1)

    // An item nobody prefetched: the cell's request starts it, ahead of the prefetches
    // still waiting because it is visible.
    await loader.waitUntil { $0.pendingKeys == [4] }
    let unrequested = Task { try await driver.value(for: 0, priority: .visible) }
    await AsyncDriverTests.yield { driver.state(of: 0) == .queued(.visible) }
    loader.succeed(4, with: "four")
    await loader.waitUntil { $0.pendingKeys == [0] }
    loader.succeed(0, with: "zero")
    #expect(try await unrequested.value == "zero")

    // Scrolling away cancels the prefetches that left the preload range, nearest first.
    let away = PrefetchChanges(
      ranges.update(
        layout: Self.layout, viewport: CGRect(x: 0, y: 2000, width: 100, height: 300),
        direction: .down, mode: modes.mode))
    #expect(away.cancel == Array((3..<11).reversed()))
    driver.cancelPrefetching(away.cancel)
    for item in 5..<11 { #expect(driver.state(of: item) == .notRequested) }
    await AsyncDriverTests.yield { driver.runningCount == 0 }
  }
}
