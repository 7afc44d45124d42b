import Foundation
import Testing

@_spi(Machines) @testable import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// Cells ask, the strategy starts: a cell's request for an item the list shows is an
/// interest that joins a load in flight or waits for the strategy.
@Suite("Cell interest") struct CellInterestTests {
  typealias Harness = MachineHarness
  typealias Action = Harness.Action

  /// Cells bound the way views bind them: after each frame, the cells of items that
  /// left the screen are reused (their requests withdrawn), then the items that appeared
  /// get cells (a request each, by the item's id).
  struct Cells {
    var bound: Range<Int> = 0..<0

    mutating func bind(_ harness: inout Harness) -> [Action] {
      let visible = harness.machine.visibleItems
      let items = harness.machine.items
      var actions: [Action] = []
      for position in bound where !visible.contains(position) {
        let id = items[position].id
        actions += harness.perform(
          harness.machine.withdrawRequest(Harness.key(id), id: UInt64(id), now: harness.time))
      }
      for position in visible where !bound.contains(position) {
        let id = items[position].id
        actions += harness.perform(
          harness.machine.request(Harness.key(id), id: UInt64(id), now: harness.time))
      }
      bound = visible
      return actions
    }
  }

  /// The loads an action list starts and cancels, in order: what reaches the network.
  static func network(_ actions: [Action]) -> [String] {
    actions.compactMap { action in
      switch action {
      case .startLoad(let key, _, _): "start \(key)"
      case .cancelLoad(let key, _): "cancel \(key)"
      case .fetchPage: "page"
      default: nil
      }
    }
  }

  /// A list whose pages arrive as soon as they are asked for, a rest at the top, a fling
  /// at 8,000 points per second whose speed decays, and a rest where it lands; one load
  /// finishes every frame. With
  /// `bindsCells`, cells are bound at every frame. Returns every load started or
  /// cancelled, and every item visible during the fling.
  static func fling(strategy: PreloadStrategy, bindsCells: Bool) -> (
    network: [String], flownOver: Set<Int>, landing: [Int]
  ) {
    var harness = Harness(strategy: strategy)
    var cells = Cells()
    var network: [String] = []
    network += Self.network(harness.start())
    var nextPost = 10_000
    var offset: CGFloat = 0
    var speed: CGFloat = 0
    var flownOver: Set<Int> = []
    for frame in 0..<330 {
      // Pages arrive at once: the list is never what stops the fling.
      while !harness.fetching.isEmpty {
        network += Self.network(
          harness.answerPage(ids(nextPost, through: nextPost - 19), next: "c\(nextPost - 19)"))
        nextPost -= 20
      }
      if frame == 30 { speed = 8_000 }
      offset = max(0, min(offset + speed / 60, harness.machine.geometry.contentLength - 1_000))
      speed *= 0.96
      if speed < 5 { speed = 0 }
      network += Self.network(harness.scroll(to: offset, after: .microseconds(16_667)))
      if bindsCells { network += Self.network(cells.bind(&harness)) }
      if speed > 0 {
        for position in harness.machine.visibleItems {
          flownOver.insert(harness.machine.items[position].id)
        }
      }
      if let key = harness.running.keys.sorted().first {
        network += Self.network(harness.finish(key))
      }
    }
    let landing = harness.machine.visibleItems.map { harness.machine.items[$0].id }
    flownOver.subtract(landing)
    return (network, flownOver, landing)
  }

  @Test(
    "a fling's cells start nothing: the network sees the strategy's loads alone",
    arguments: [PreloadStrategy.adaptive, .texture, .lazyTarget])
  func flyOverCellsStartNoLoads(strategy: PreloadStrategy) {
    let without = Self.fling(strategy: strategy, bindsCells: false)
    let with = Self.fling(strategy: strategy, bindsCells: true)
    #expect(with.network == without.network)
    let started = Set(with.network.filter { $0.hasPrefix("start") })
    if strategy.id == PreloadStrategy.lazyTarget.id {
      // It loads only where the fling lands: cells flew over items nobody loaded.
      let skipped = with.flownOver.filter { !started.contains("start \(Harness.key($0))") }
      #expect(skipped.count >= 10)
    }
    // Where it landed, the strategy loaded what is on screen.
    for id in with.landing { #expect(started.contains("start \(Harness.key(id))")) }
  }

  @Test("a request for an item the list does not show starts at once")
  func anItemTheListDoesNotShowStartsAtOnce() {
    var harness = Harness()
    harness.start()
    harness.answerPage(ids(100, through: 81), next: "c81")
    // No frame yet: the strategy wants nothing. Post 100 is on screen, post 7 is not listed.
    #expect(harness.perform(harness.machine.request("img-100", id: 1, now: harness.time)).isEmpty)
    let detail = harness.perform(harness.machine.request("img-7", id: 2, now: harness.time))
    #expect(Harness.started(detail) == ["img-7"])
  }

  @Test("an interest waits for the load in flight or the strategy's, whose end answers it")
  func interestsJoinAndAreAnswered() {
    var harness = Harness()
    harness.start()
    harness.answerPage(ids(100, through: 81), next: "c81")
    harness.scroll(to: 0)
    #expect(harness.running["img-100"] != nil)
    // One load in flight, one queued behind the six running loads.
    #expect(harness.perform(harness.machine.request("img-100", id: 1, now: harness.time)).isEmpty)
    #expect(harness.perform(harness.machine.request("img-93", id: 2, now: harness.time)).isEmpty)
    let delivered = harness.finish("img-100")
    #expect(
      delivered.contains { if case .deliver("img-100", [1]) = $0 { true } else { false } })
    // The strategy starts post 93 when a slot frees; its end answers the waiting cell.
    while harness.running["img-93"] == nil, let key = harness.running.keys.sorted().first {
      harness.finish(key)
    }
    let answered = harness.finish("img-93")
    #expect(answered.contains { if case .deliver("img-93", [2]) = $0 { true } else { false } })
  }

  @Test("withdrawing an interest never cancels or restarts the strategy's load")
  func withdrawingNeverThrashes() {
    var harness = Harness()
    harness.start()
    harness.answerPage(ids(100, through: 81), next: "c81")
    harness.scroll(to: 0)
    for round in 0..<5 {
      let id = UInt64(round)
      #expect(
        harness.perform(harness.machine.request("img-100", id: id, now: harness.time)).isEmpty)
      #expect(
        harness.perform(harness.machine.withdrawRequest("img-100", id: id, now: harness.time))
          .isEmpty)
      #expect(
        harness.perform(harness.machine.request("img-95", id: 10 + id, now: harness.time)).isEmpty)
      #expect(
        harness.perform(harness.machine.withdrawRequest("img-95", id: 10 + id, now: harness.time))
          .isEmpty)
    }
    #expect(harness.machine.loadState(of: "img-100") == .loading)
  }

  @Test("after cancelAll an interest waits, and the strategy's next load answers it")
  func interestsSurviveCancelAll() {
    var harness = Harness()
    harness.start()
    harness.answerPage(ids(100, through: 81), next: "c81")
    harness.scroll(to: 0)
    harness.perform(harness.machine.request("img-100", id: 1, now: harness.time))
    let cancelled = harness.perform(harness.machine.cancelAll(now: harness.time))
    #expect(Harness.cancelled(cancelled).contains("img-100"))
    #expect(
      !cancelled.contains { if case .fail(_, _, let ids) = $0 { ids.contains(1) } else { false } })
    harness.running = [:]
    harness.scroll(to: 0)
    #expect(harness.running["img-100"] != nil)
    let delivered = harness.finish("img-100")
    #expect(
      delivered.contains { if case .deliver("img-100", [1]) = $0 { true } else { false } })
  }
}
