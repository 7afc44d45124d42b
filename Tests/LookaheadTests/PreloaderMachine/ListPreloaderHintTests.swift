import Foundation
import Testing

@_spi(Machines) @_spi(Inspection) @testable import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

private typealias Harness = MachineHarness

/// A harness with `count` posts loaded, 100 and down (post 100 − *i* at position *i*),
/// and nothing asked for yet.
private func loaded(_ count: Int = 20, strategy: PreloadStrategy = .texture) -> Harness {
  var harness = Harness(strategy: strategy)
  harness.start()
  harness.answerPage(ids(100, through: 101 - count), next: "c\(101 - count)")
  return harness
}

/// A harness with 100 posts loaded, given `hints` first, then on screen at offset 0 with
/// the user dragging.
private func dragging(_ strategy: PreloadStrategy, hints: [Int] = []) -> Harness {
  var harness = loaded(100, strategy: strategy)
  if !hints.isEmpty { harness.hint(hints) }
  harness.scroll(to: 0)
  harness.machine.beginDragging(now: harness.time)
  return harness
}

/// Expects the strategy to decide the same in both sessions after a frame: the same
/// wanted keys, and its loads running in both (hints only fill slots nothing else
/// wants); every third frame, finishes up to four of the strategy's loads in both, so
/// the caches stay the same. Returns how many loads only hints wait for.
private func expectSameDecisions(
  _ plain: inout Harness, _ hinted: inout Harness, frame: Int
) -> Int {
  #expect(hinted.machine.wantedKeys == plain.machine.wantedKeys, "frame \(frame)")
  let wanted = Set(hinted.machine.wantedKeys)
  #expect(
    Set(hinted.running.keys.filter(wanted.contains)) == Set(plain.running.keys),
    "frame \(frame)")
  if frame % 3 == 0 {
    for key in plain.running.keys.sorted().prefix(4) {
      plain.finish(key)
      hinted.finish(key)
    }
  }
  return hinted.running.keys.filter { !wanted.contains($0) }.count
}

/// UIKit's prefetch calls are hints: the strategy decides with or without them, and a
/// hint never outranks or cancels the strategy's, a cell's or the pager's requests.
@Suite("ListPreloader hints") struct ListPreloaderHintTests {
  @Test("a hint loads what nothing else wants at the lowest priority")
  func aHintLoadsWhatNothingElseWantsAtTheLowestPriority() {
    var harness = loaded()
    let actions = harness.hint([85])
    #expect(Harness.starts(actions).map(\.key) == [Harness.key(85)])
    #expect(Harness.starts(actions).map(\.priority) == [.idle])
    #expect(harness.machine.isHinted(Harness.key(85)))
    #expect(harness.machine.wantedKeys.isEmpty)  // the strategy wants nothing new
  }

  @Test("repeated hints change nothing")
  func repeatedHintsChangeNothing() {
    var harness = loaded()
    harness.scroll(to: 0)
    // Posts 100 and 99 are on screen and loading; post 82 is wanted by nobody, and every
    // slot is busy: its hint waits.
    #expect(harness.hint([100, 99, 82, 82]).isEmpty)
    let storage = harness.machine.loadQueueStorage
    let states = [100, 99, 82].map { harness.machine.loadState(of: Harness.key($0)) }
    for _ in 0..<3 {
      #expect(harness.hint([100, 99, 82]).isEmpty)
      #expect(harness.hint([82, 100]).isEmpty)
    }
    #expect(harness.machine.loadQueueStorage == storage)
    #expect([100, 99, 82].map { harness.machine.loadState(of: Harness.key($0)) } == states)
    #expect(harness.machine.loadState(of: Harness.key(82)) == .queued(.idle))
  }

  @Test("the strategys decisions do not depend on hints")
  func theStrategysDecisionsDoNotDependOnHints() {
    // The same session twice: once without hints (as when UIKit misses them in a
    // compositional or orthogonal section), once with hints that repeat, jump ahead,
    // name wanted and unwanted posts, and are withdrawn. Only the strategy's loads
    // finish, the same in both, so the caches stay the same.
    var plain = dragging(.adaptive)
    var hinted = dragging(.adaptive)
    var hintLoads = 0
    for frame in 1...90 {
      let offset = CGFloat(frame) * 40
      plain.scroll(to: offset)
      let first = 100 - Int(offset / 100)
      switch frame % 4 {
      case 0: hinted.hint(ids(first - 10, through: first - 16))
      case 1: hinted.hint(ids(first, through: first - 3) + ids(first - 10, through: first - 12))
      case 2: hinted.withdrawHint(ids(first - 11, through: first - 14) + [first + 30])
      default: hinted.hint([first - 40, first - 40, 150])
      }
      hinted.scroll(to: offset)
      hintLoads += expectSameDecisions(&plain, &hinted, frame: frame)
    }
    #expect(hintLoads > 0, "some hint loads ran in free slots")
  }

  @Test("a hint load yields its slot to the strategy")
  func aHintLoadYieldsItsSlotToTheStrategy() {
    var harness = loaded(100)
    let hintedKeys = ids(60, through: 55).map(Harness.key)
    // Before the first frame every slot is free: six hints take them all.
    let hinted = harness.hint(ids(60, through: 55))
    #expect(Harness.started(hinted) == hintedKeys)
    // The first frame's visible loads preempt them.
    let frame = harness.scroll(to: 0)
    #expect(Set(Harness.cancelled(frame)) == Set(hintedKeys))
    #expect(Harness.started(frame) == ids(100, through: 95).map(Harness.key))
    // Freed slots go to the strategy's queued loads before any hint.
    var order: [String] = []
    while let key = harness.running.keys.sorted().first {
      order += Harness.started(harness.finish(key))
    }
    let strategy = order.filter { !hintedKeys.contains($0) }
    #expect(order.prefix(strategy.count).elementsEqual(strategy))
    #expect(order.count > strategy.count)
  }

  @Test("a withdrawn hint cancels only a load nobody else wants")
  func aWithdrawnHintCancelsOnlyALoadNobodyElseWants() {
    var harness = loaded()
    harness.hint([82])
    #expect(Harness.cancelled(harness.withdrawHint([82])) == [Harness.key(82)])
    #expect(harness.withdrawHint([82]).isEmpty)  // twice is harmless
    #expect(harness.withdrawHint([83]).isEmpty)  // never hinted

    harness.scroll(to: 0)
    harness.hint([100])
    #expect(harness.withdrawHint([100]).isEmpty)
    #expect(harness.machine.loadState(of: Harness.key(100)) == .loading)
  }

  @Test("a direct request is never cancelled by a prefetch")
  func aDirectRequestIsNeverCancelledByAPrefetch() {
    var harness = loaded(100)
    // A detail screen shows post 7, which the list does not: its request starts the load.
    let key = Harness.key(7)
    let requested = harness.perform(harness.machine.request(key, id: 1, now: .zero))
    #expect(Harness.started(requested) == [key])
    // UIKit hints post 85 and cancels the hint: the detail screen's load goes on.
    harness.hint([85])
    #expect(!Harness.cancelled(harness.withdrawHint([85])).contains(key))
    let frames = harness.scroll(to: 0) + harness.scroll(to: 40)
    #expect(!Harness.cancelled(frames).contains(key))
    #expect(harness.machine.loadState(of: key) == .loading)
    let delivered = harness.finish(key)
    #expect(delivered.contains { if case .deliver(key, [1]) = $0 { true } else { false } })
  }

  @Test("a cell never keeps a load the strategy dropped")
  func aCellNeverKeepsALoadTheStrategyDropped() {
    var harness = loaded(100)
    harness.scroll(to: 0)
    harness.machine.beginDragging(now: harness.time)
    harness.scroll(to: 50)
    // The strategy prefetches post 88 and a cell asks for it; then the strategy drops it:
    // the cell's interest neither keeps nor restarts the load.
    let prefetched = Harness.key(88)
    #expect(harness.machine.wantedKeys.contains(prefetched))
    #expect(harness.perform(harness.machine.request(prefetched, id: 2, now: harness.time)).isEmpty)
    let away = harness.scroll(to: 3000) + harness.scroll(to: 6000)
    #expect(!Harness.started(away).contains(prefetched))
    #expect(harness.machine.loadState(of: prefetched) == .notRequested)
  }

  @Test("hints are withdrawn and ignored while the ranges are constrained")
  func hintsAreWithdrawnAndIgnoredWhileTheRangesAreConstrained() {
    var harness = loaded()
    harness.hint([82])
    let cached = harness.cached
    let warned = harness.perform(
      harness.machine.didReceiveMemoryWarning(now: harness.time) { cached.contains($0) })
    #expect(Harness.cancelled(warned) == [Harness.key(82)])
    #expect(harness.hint([83]).isEmpty)
    harness.perform(harness.machine.didEnterBackground(now: harness.time) { cached.contains($0) })
    #expect(harness.hint([83]).isEmpty)
    #expect(!harness.machine.isHinted(Harness.key(83)))
    harness.perform(harness.machine.willEnterForeground(now: harness.time) { cached.contains($0) })
    harness.hint([83])  // queued behind the visible loads
    #expect(harness.machine.isHinted(Harness.key(83)))
  }

  @Test("hints for unknown uncachable or cached items are ignored")
  func hintsForUnknownUncachableOrCachedItemsAreIgnored() {
    var harness = Harness(keyless: [84])
    harness.start()
    harness.answerPage(ids(100, through: 81), next: "c81")
    harness.cached.insert(Harness.key(85))
    #expect(harness.hint([999, 84, 85]).isEmpty)
    #expect(harness.machine.loadQueueStorage.isEmpty)
  }

  @Test(
    "a large batch of hints changes no strategys decisions",
    arguments: [PreloadStrategy.adaptive, .texture])
  func aLargeBatchOfHintsChangesNoStrategysDecisions(strategy: PreloadStrategy) {
    // One batch of 64 hints before the first drag prunes the record of hinted keys, and
    // six of its loads take the free slots: the strategy must not see them as its own.
    var plain = dragging(strategy)
    var hinted = dragging(strategy, hints: ids(64, through: 1))
    var hintLoads = 0
    for frame in 1...150 {
      let offset = CGFloat(frame) * 40
      plain.scroll(to: offset)
      hinted.scroll(to: offset)
      hintLoads += expectSameDecisions(&plain, &hinted, frame: frame)
    }
    #expect(hintLoads > 0, "the batch's loads ran in free slots")
  }

  @Test("a memory warning withdraws every hint of a large batch")
  func aMemoryWarningWithdrawsEveryHintOfALargeBatch() {
    var harness = loaded(100)
    harness.hint(ids(64, through: 1))
    let cached = harness.cached
    harness.perform(
      harness.machine.didReceiveMemoryWarning(now: harness.time) { cached.contains($0) })
    let hinted = Set(ids(64, through: 1).map(Harness.key))
    #expect(hinted.allSatisfy { !harness.machine.isHinted($0) })
    // The visible posts load again; no hint load is left running.
    #expect(!harness.running.isEmpty && harness.running.keys.allSatisfy { !hinted.contains($0) })
  }

  @Test("the record of hinted keys stays bounded")
  func theRecordOfHintedKeysStaysBounded() {
    var harness = loaded(100)
    for round in 0..<300 {
      let id = 1 + round % 100
      harness.hint([id])
      harness.finish(Harness.key(id))
      harness.cached.remove(Harness.key(id))
    }
    #expect(harness.machine.viewInputs.hintedKeys.count <= 64)
    #expect(harness.machine.loadQueueStorage.isEmpty)
  }
}
