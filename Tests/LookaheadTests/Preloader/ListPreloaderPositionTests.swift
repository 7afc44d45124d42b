import Foundation
import Testing

@testable import Lookahead

private typealias Harness = MachineHarness

/// Posts `from` down to `to`, newest first.
private func ids(_ from: Int, through to: Int) -> [Int] {
  Array(stride(from: from, through: to, by: -1))
}

/// The machine remembers where each wanted item was; a list change that moves items must
/// not leave it naming old positions.
@Suite struct ListPreloaderPositionTests {
  @Test func cancelledPrefetchesNameTheItemsWhereAHeadInsertMovedThem() throws {
    var harness = Harness(interfaceStates: .texture)
    harness.start()
    harness.answerPage(ids(100, through: 81), next: "c81")
    harness.scroll(to: 0)
    harness.perform(harness.machine.refresh(now: harness.time))
    _ = harness.finishUntilAPageStarts()
    harness.answerPage(ids(105, through: 100), next: "c100", end: .head)
    // Five posts came first: the ten wanted before (posts 95 to 86) are now at 10 to 19,
    // off the screen (0 to 9), and the warning cancels them there. Positions noted before
    // the insert would put five of them on screen, and the others at 10 to 14.
    let cached = harness.cached
    let warned = harness.machine.didReceiveMemoryWarning(now: harness.time) { cached.contains($0) }
    let cancelled = try #require(
      warned.compactMap { if case .cancelPrefetching(let items) = $0 { items } else { nil } }.first)
    #expect(Set(cancelled) == Set(10...19))
  }

  @Test func anAppendKeepsThePositionsOfTheWantedItems() throws {
    var harness = Harness(interfaceStates: .texture)
    harness.start()
    harness.answerPage(ids(100, through: 81), next: "c81")
    harness.scroll(to: 0)
    harness.perform(harness.machine.loadNextPage(now: harness.time))
    _ = harness.finishUntilAPageStarts()
    harness.answerPage(ids(80, through: 61), next: "c61")
    let cached = harness.cached
    let warned = harness.machine.didReceiveMemoryWarning(now: harness.time) { cached.contains($0) }
    let cancelled = try #require(
      warned.compactMap { if case .cancelPrefetching(let items) = $0 { items } else { nil } }.first)
    #expect(Set(cancelled) == [10, 11, 12, 13, 14])
  }
}
