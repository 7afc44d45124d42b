import Foundation
import Testing

@_spi(Machines) @testable import Lookahead

private typealias Harness = MachineHarness

/// The machine remembers where each wanted item was; a list change that moves items must
/// not leave it naming old positions.
@Suite("ListPreloader position") struct ListPreloaderPositionTests {
  @Test("cancelled prefetches name the items where a head insert moved them")
  func cancelledPrefetchesNameTheItemsWhereAHeadInsertMovedThem() {
    var harness = Harness.firstPageOnScreen()
    harness.perform(harness.machine.refresh(now: harness.time))
    _ = harness.finishUntilAPageStarts()
    harness.answerPage(ids(105, through: 100), next: "c100", end: .head)
    // Five posts came first: the ten wanted before (posts 95 to 86) are now at 10 to 19,
    // off the screen (0 to 9), and the warning cancels them there. Positions noted before
    // the insert would put five of them on screen, and the others at 10 to 14.
    let cancelled = harness.prefetchesCancelledByAMemoryWarning()
    #expect(cancelled.map(Set.init) == Set(10...19))
  }

  @Test("an append keeps the positions of the wanted items")
  func anAppendKeepsThePositionsOfTheWantedItems() {
    var harness = Harness.firstPageOnScreen()
    harness.perform(harness.machine.loadNextPage(now: harness.time))
    _ = harness.finishUntilAPageStarts()
    harness.answerPage(ids(80, through: 61), next: "c61")
    let cancelled = harness.prefetchesCancelledByAMemoryWarning()
    #expect(cancelled.map(Set.init) == [10, 11, 12, 13, 14])
  }
}

extension MachineHarness {
  /// A machine reporting UIKit's prefetch calls, at rest on the first page (posts 100 to
  /// 81), whose first screen's prefetches are wanted.
  fileprivate static func firstPageOnScreen() -> Self {
    var harness = Self(interfaceStates: .texture)
    harness.start()
    harness.answerPage(ids(100, through: 81), next: "c81")
    harness.scroll(to: 0)
    return harness
  }

  /// The items of the `cancelPrefetching` call a memory warning makes now, if any.
  fileprivate mutating func prefetchesCancelledByAMemoryWarning() -> [Int]? {
    let cached = cached
    let warned = machine.didReceiveMemoryWarning(now: time) { cached.contains($0) }
    return warned.compactMap {
      if case .cancelPrefetching(let items) = $0 { items } else { nil }
    }.first
  }
}
