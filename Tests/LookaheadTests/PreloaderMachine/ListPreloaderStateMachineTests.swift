import Foundation
import Testing

@_spi(Machines) @_spi(Inspection) @testable import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

private typealias Harness = MachineHarness

@Suite("ListPreloaderStateMachine") struct ListPreloaderStateMachineTests {
  // MARK: - Pages and geometry

  @Test("start asks for the first page and its items grow the geometry")
  func startAsksForTheFirstPageAndItsItemsGrowTheGeometry() throws {
    var harness = Harness()
    let first = try #require(Harness.fetches(harness.start()).first)
    #expect(first.end == .tail && first.cursor == nil)
    #expect(harness.start().isEmpty)  // one request at a time

    let actions = harness.answerPage(ids(100, through: 81), next: "c81")
    let change = try #require(Harness.listChanges(actions).first)
    #expect(change.indexChanges == .appended(20, to: 0))
    #expect(harness.machine.geometry.itemCount == 20)
    #expect(harness.machine.geometry.contentLength == 2000)
    #expect(harness.machine.items.map(\.id) == ids(100, through: 81))
  }

  @Test("a frame loads the visible items first within the concurrency cap")
  func aFrameLoadsTheVisibleItemsFirstWithinTheConcurrencyCap() {
    var harness = Harness()
    harness.start()
    harness.answerPage(ids(100, through: 81), next: "c81")
    let actions = harness.scroll(to: 0)
    // Texture's minimum ranges before the first drag; six slots, one taken by the next
    // page, which comes first.
    #expect(Harness.fetches(actions).count == 1)
    #expect(Harness.started(actions) == (0..<5).map { Harness.key(100 - $0) })
    #expect(
      actions.allSatisfy {
        if case .startLoad(_, _, let priority) = $0 { priority == .visible } else { true }
      })
    #expect(harness.machine.runningLoadCount == 6)
    // A steady frame decides nothing new.
    #expect(harness.scroll(to: 0).isEmpty)
  }

  @Test("the trigger asks for the next page after the cursor")
  func theTriggerAsksForTheNextPageAfterTheCursor() throws {
    var harness = Harness()
    harness.start()
    harness.answerPage(ids(100, through: 81), next: "c81")
    // Texture's batch fetch: the end within two screens.
    let request = try #require(Harness.fetches(harness.scroll(to: 100)).first)
    #expect(request.end == .tail && request.cursor == PageCursor("c81"))
    #expect(Harness.fetches(harness.scroll(to: 110)).isEmpty)  // one at a time
  }

  @Test("items without a resource are never requested")
  func itemsWithoutAResourceAreNeverRequested() {
    var harness = Harness(keyless: Set(stride(from: 100, through: 81, by: -2)))
    harness.start()
    harness.answerPage(ids(100, through: 81), next: "c81")
    let started = Harness.started(harness.scroll(to: 0))
    #expect(started == [99, 97, 95, 93, 91].map(Harness.key))
  }

  // MARK: - Rebasing

  @Test("a head insert during a fling rebases the wanted items and the tracker")
  func aHeadInsertDuringAFlingRebasesTheWantedItemsAndTheTracker() throws {
    var harness = Harness()
    harness.start()
    harness.answerPage(ids(100, through: 81), next: "c81")
    harness.scroll(to: 0)
    harness.machine.beginDragging(now: harness.time)
    harness.fling(from: 0, speed: 1200, seconds: 0.5)  // fetches the second page
    harness.answerPage(ids(80, through: 61), next: "c61")
    harness.fling(from: 600, speed: 1200, seconds: 0.25)
    let offset = harness.machine.viewport.minY
    let velocity = harness.machine.tracker.velocity.y
    let wantedBefore = Set(harness.machine.wantedKeys)
    let runningBefore = Set(harness.running.keys)

    // Every slot holds a visible load: the refresh waits for the first to finish.
    #expect(Harness.fetches(harness.perform(harness.machine.refresh(now: harness.time))).isEmpty)
    let started = harness.finishUntilAPageStarts()
    let refresh = try #require(started)
    #expect(refresh.end == .head)
    let change = try #require(
      Harness.listChanges(harness.answerPage(ids(105, through: 100), next: "c100", end: .head))
        .first)
    #expect(change.kind == .refreshed(.merged(FeedMergeSummary(inserted: 5, updated: 1))))
    #expect(change.indexChanges.inserted == [0, 1, 2, 3, 4])
    #expect(harness.machine.items.count == 45)

    // The app keeps the visible items in place: the offset moves by the 500 points
    // inserted above them, plus this frame's own motion.
    let actions = harness.scroll(to: offset + 500 + 20)
    #expect(abs(harness.machine.tracker.velocity.y - velocity) < 100)
    #expect(Harness.cancelled(actions).filter(runningBefore.contains).isEmpty)
    // Wanted by key, the same posts stay wanted (less those finished meanwhile).
    #expect(wantedBefore.subtracting(harness.cached).isSubset(of: Set(harness.machine.wantedKeys)))
  }

  @Test("a head insert the app did not compensate is not a fling")
  func aHeadInsertTheAppDidNotCompensateIsNotAFling() throws {
    var harness = Harness()
    harness.start()
    harness.answerPage(ids(100, through: 81), next: "c81")
    harness.scroll(to: 300)
    harness.scroll(to: 300)
    harness.perform(harness.machine.refresh(now: harness.time))
    _ = harness.finishUntilAPageStarts()
    harness.answerPage(ids(105, through: 100), next: "c100", end: .head)
    harness.scroll(to: 300)
    #expect(abs(harness.machine.tracker.velocity.y) < 1)
    // Positions now name other posts: what is visible is wanted by its new key.
    #expect(harness.machine.visibleItems == 3..<13)
    #expect(harness.machine.wantedKeys.contains(Harness.key(102)))
  }

  @Test("a refresh across a gap replaces the list and continues from its cursor")
  func aRefreshAcrossAGapReplacesTheListAndContinuesFromItsCursor() throws {
    var harness = Harness()
    harness.start()
    harness.answerPage(ids(100, through: 81), next: "c81")
    harness.scroll(to: 0)
    let tail = try #require(harness.fetching.first)  // the first frame asked for page 2
    harness.perform(harness.machine.refresh(now: harness.time))
    let head = harness.finishUntilAPageStarts()  // the refresh waits for a free slot
    #expect(head?.end == .head)
    let actions = harness.answerPage(ids(300, through: 281), next: "c281", end: .head)
    let runningBefore = Set(harness.running.keys)
    let change = try #require(Harness.listChanges(actions).first)
    #expect(change.kind == .refreshed(.replaced))
    #expect(change.indexChanges == .replaced(oldCount: 20, newCount: 20))
    #expect(actions.contains { if case .cancelPage(tail) = $0 { true } else { false } })
    // The old posts are gone: their loads are withdrawn, the new ones start.
    let frame = harness.scroll(to: 0)
    #expect(Set(Harness.cancelled(frame)) == runningBefore)
    #expect(Harness.started(frame) == (0..<5).map { Harness.key(300 - $0) })
    let next = try #require(Harness.fetches(frame).first)
    #expect(next.cursor == PageCursor("c281"))
  }

  @Test("an item a page replaces in place is loaded by its new key")
  func anItemAPageReplacesInPlaceIsLoadedByItsNewKey() throws {
    // The key depends on the post's content: a post a later page repeats with a new
    // title (its image changed) keeps its place, and must be loaded by its new key.
    var machine = try Self.machineKeyedByContent(strategy: .texture)
    // Texture's batch fetch asks for the next page from the first frame.
    let next = try #require(
      Harness.fetches(machine.scrolled(to: .zero, now: .milliseconds(16)) { _ in false }).first)
    var repeated = page(ids(82, through: 61), next: "c61")
    repeated.items[0].title = "-new"
    let change = try #require(
      Harness.listChanges(machine.pageLoaded(next, page: repeated, now: .milliseconds(32)))
        .first)
    #expect(change.indexChanges.isAppendOnly && change.indexChanges.updated == [18, 19])
    // Post 82 (position 18) on screen: loaded by its new key only.
    let frame = machine.scrolled(to: CGPoint(x: 0, y: 1_500), now: .milliseconds(48)) { _ in
      false
    }
    #expect(Harness.started(frame).contains("img-82-new"))
    #expect(!machine.wantedKeys.contains("img-82"))
    #expect(machine.resourceKey(ofItemAt: 18) == "img-82-new")
  }

  /// A machine whose image key depends on the post's content (its title too), with the
  /// first page (posts 100 to 81) loaded.
  private static func machineKeyedByContent(strategy: PreloadStrategy) throws -> Harness.Machine {
    var machine = Harness.Machine(
      strategy: strategy,
      configuration: ListPreloaderConfiguration(viewportSize: CGSize(width: 390, height: 1000)),
      resourceKey: { "img-\($0.id)\($0.title)" }, itemLength: { _ in 100 })
    let first = try #require(Harness.fetches(machine.start(now: .zero)).first)
    _ = machine.pageLoaded(first, page: page(ids(100, through: 81), next: "c81"), now: .zero)
    return machine
  }

  // MARK: - Repeated answers

  @Test("a repeated answer after a key changed in place wants the new key")
  func aRepeatedAnswerAfterAKeyChangedInPlaceWantsTheNewKey() throws {
    // On-visible loading at an unchanged offset: the policy's answer is the same before
    // and after the page, but post 82 (position 18, on screen) now has another key.
    var machine = try Self.machineKeyedByContent(strategy: .infiniteScroll)
    // Positions 9–18 on screen, short of the end of the content; every image there is
    // cached but post 82's.
    let at = CGPoint(x: 0, y: 900)
    let isCached: (String) -> Bool = { !$0.hasPrefix("img-82") }
    #expect(
      Harness.started(machine.scrolled(to: at, now: .milliseconds(16), isCached: isCached))
        == ["img-82"])
    let next = try #require(Harness.fetches(machine.loadNextPage(now: .milliseconds(20))).first)
    var repeated = page(ids(82, through: 61), next: "c61")
    repeated.items[0].title = "-new"
    _ = machine.pageLoaded(next, page: repeated, now: .milliseconds(24))

    let frame = machine.scrolled(to: at, now: .milliseconds(32), isCached: isCached)
    #expect(Harness.cancelled(frame) == ["img-82"])
    #expect(Harness.started(frame) == ["img-82-new"])
  }

  @Test("a repeated answer after cancelling everything is requested again")
  func aRepeatedAnswerAfterCancellingEverythingIsRequestedAgain() {
    var harness = Harness(strategy: .infiniteScroll)
    harness.start()
    harness.answerPage(ids(100, through: 81), next: "c81")
    let started = Harness.started(harness.scroll(to: 0))
    #expect(started.count == 6)
    #expect(harness.scroll(to: 0).isEmpty)  // the same answer: nothing to do
    harness.running = [:]
    harness.perform(harness.machine.cancelAll(now: harness.time))
    #expect(harness.machine.wantedKeys.isEmpty)
    // The same answer as before the reset, for a wanted set that is empty now.
    #expect(Harness.started(harness.scroll(to: 0)) == started)
  }

  // MARK: - Failures

  @Test("a failed page is retried when its wake up comes")
  func aFailedPageIsRetriedWhenItsWakeUpComes() throws {
    var harness = Harness()
    let first = try #require(Harness.fetches(harness.start()).first)
    harness.fetching = []
    let failed = harness.machine.pageFailed(first, error: TestError(), now: .zero)
    #expect(
      failed.contains {
        if case .pageFailed(_, let retryAt) = $0 { retryAt == .seconds(1) } else { false }
      })
    #expect(failed.contains { if case .scheduleWakeUp(.seconds(1)) = $0 { true } else { false } })
    #expect(harness.tick(at: .milliseconds(500)).isEmpty)
    let retry = try #require(
      Harness.fetches(harness.tick(at: .seconds(1))).first)
    #expect(retry.end == .tail && retry.id != first.id)
    harness.time = .seconds(2)
    harness.answerPage(ids(100, through: 81), next: "c81")
    #expect(harness.machine.items.count == 20)
  }

  @Test("a page retry due after an announced load retry is announced when that one comes")
  func aPageRetryDueAfterAnAnnouncedLoadRetryIsAnnouncedWhenThatOneComes() throws {
    var harness = Harness()
    harness.start()
    harness.answerPage(ids(100, through: 81), next: "c81")
    let tail = try #require(Harness.fetches(harness.scroll(to: 100)).first)
    let key = try #require(harness.running.keys.sorted().first)
    let loadRetry = harness.perform(
      harness.machine.loadFailed(
        key, ticket: harness.running[key]!, error: .transient(TestError()), now: harness.time))
    // A finished load asks for a frame at rest first, before the retry is due.
    let restFrame = try #require(Self.wakeUps(loadRetry).first)
    #expect(restFrame == harness.time + ListPreloaderStateMachine<TestPost, String>.restFrameDelay)

    harness.fetching = []
    let pageFailed = harness.machine.pageFailed(tail, error: TestError(), now: harness.time)
    let retryAt = try #require(
      pageFailed.lazy.compactMap { if case .pageFailed(_, let at) = $0 { at } else { nil } }.first)
    #expect(Self.wakeUps(pageFailed).isEmpty)  // the earlier wake-up stands
    let loadWakeUp = try #require(Self.wakeUps(harness.tick(at: restFrame)).first)
    #expect(loadWakeUp < retryAt)
    // The load retry's wake-up is spent: the page retry is announced then, not lost.
    #expect(Self.wakeUps(harness.tick(at: loadWakeUp)) == [retryAt])
    // The retry waits for a slot: the visible loads hold all six.
    harness.time = retryAt
    let retried = Harness.fetches(harness.tick(at: retryAt)).first
    let retry = try #require(retried ?? harness.finishUntilAPageStarts())
    #expect(retry.end == .tail && retry.cursor == PageCursor("c81"))
  }

  private static func wakeUps(_ actions: [Harness.Action]) -> [Duration] {
    actions.compactMap { if case .scheduleWakeUp(let at) = $0 { at } else { nil } }
  }

  @Test("a failed load is retried then reported and the others go on")
  func aFailedLoadIsRetriedThenReportedAndTheOthersGoOn() {
    var harness = Harness()
    harness.start()
    harness.answerPage(ids(100, through: 81), next: "c81")
    harness.scroll(to: 0)
    let key = Harness.key(100)
    let ticket = harness.running[key]!
    let retried = harness.perform(
      harness.machine.loadFailed(
        key, ticket: ticket, error: .transient(TestError()), now: harness.time))
    #expect(retried.contains { if case .scheduleWakeUp = $0 { true } else { false } })
    #expect(Harness.started(retried) == [Harness.key(95)])
    let failed = harness.machine.loadFailed(
      Harness.key(99), ticket: harness.running[Harness.key(99)]!,
      error: .permanent(TestError()), now: harness.time)
    #expect(
      failed.contains {
        if case .fail(let failedKey, let error, let ids) = $0 {
          failedKey == Harness.key(99) && error.kind == .permanent && ids.isEmpty
        } else {
          false
        }
      })
    // The next visible post takes the freed slot.
    #expect(Harness.started(failed) == [Harness.key(94)])
    #expect(harness.finish(Harness.key(98)).isEmpty == false)
  }

  // MARK: - Lifecycle

  @Test("a memory warning cancels prefetches until the next drag")
  func aMemoryWarningCancelsPrefetchesUntilTheNextDrag() {
    var harness = Harness()
    harness.start()
    harness.answerPage(ids(100, through: 81), next: "c81")
    harness.scroll(to: 0)
    harness.machine.beginDragging(now: harness.time)
    for id in ids(100, through: 91) { harness.finish(Harness.key(id)) }
    harness.scroll(to: 1)
    #expect(harness.machine.viewing.modes.mode == .full)
    let visible = harness.machine.visibleItems.map { Harness.key(harness.machine.items[$0].id) }
    let prefetching = harness.running.keys.filter { !visible.contains($0) }.sorted()
    #expect(!prefetching.isEmpty)

    let cached = harness.cached
    let warned = harness.perform(
      harness.machine.didReceiveMemoryWarning(now: harness.time) { cached.contains($0) })
    #expect(harness.machine.viewing.modes.mode == .visibleOnly)
    #expect(Harness.cancelled(warned).sorted() == prefetching)
    #expect(harness.scroll(to: 2).isEmpty)  // nothing beyond the screen

    harness.machine.beginDragging(now: harness.time)
    #expect(harness.machine.viewing.modes.mode == .full)
    #expect(!Harness.started(harness.scroll(to: 3)).isEmpty)
  }

  @Test("the background stops paging and prefetching until the foreground")
  func theBackgroundStopsPagingAndPrefetchingUntilTheForeground() {
    var harness = Harness()
    harness.start()
    harness.answerPage(ids(100, through: 81), next: "c81")
    let cached = harness.cached
    harness.perform(harness.machine.didEnterBackground(now: harness.time) { cached.contains($0) })
    #expect(harness.machine.viewing.modes.mode == .visibleOnly)
    #expect(Harness.fetches(harness.scroll(to: 1000)).isEmpty)  // at the end, no page

    harness.perform(harness.machine.willEnterForeground(now: harness.time) { cached.contains($0) })
    #expect(harness.machine.viewing.modes.mode == .minimum)
    harness.scroll(to: 1001)
    #expect(harness.machine.tail.isLoading)  // queued behind the visible loads
  }

  // MARK: - Learning

  @Test("disk hits do not teach network latency")
  func diskHitsDoNotTeachNetworkLatency() throws {
    var harness = Harness(strategy: .adaptive)
    harness.start()
    harness.answerPage(ids(100, through: 81), next: "c81")
    harness.scroll(to: 0)
    func leadTime(_ harness: Harness) throws -> Double {
      try #require(harness.machine.policy.base as? AdaptivePolicy).leadTime()
    }
    let before = try leadTime(harness)
    for id in ids(100, through: 97) {
      harness.finish(Harness.key(id), duration: .seconds(5), source: .disk)
    }
    #expect(try leadTime(harness) == before)
    harness.scroll(to: 0)
    for key in harness.running.keys.sorted() {
      harness.finish(key, duration: .seconds(5), source: .network)
    }
    #expect(try leadTime(harness) > before + 4)
  }

  @Test("the adaptive page trigger learns the page latency")
  func theAdaptivePageTriggerLearnsThePageLatency() throws {
    var harness = Harness(strategy: .adaptive)
    harness.start()
    harness.time = .seconds(3)
    harness.answerPage(ids(100, through: 81), next: "c81")
    guard case .adaptive(let trigger) = harness.machine.paging else {
      Issue.record("expected the adaptive trigger")
      return
    }
    #expect(trigger.expectedLatency == .seconds(3))
  }

  @Test("the adaptive page trigger remembers the fling a glide slows from")
  func theAdaptivePageTriggerRemembersTheFlingAGlideSlowsFrom() throws {
    // The same trigger without a memory of speed: the latency of 100 ms the adaptive
    // one learns below, its margin and its floor of 2 screens.
    let memoryless = PagingStrategy.trigger(
      .adaptive(expectedLatency: .milliseconds(100), margin: .milliseconds(500), minimumScreens: 2))
    var fetchedAt: [String: CGFloat] = [:]
    for (name, paging) in [
      ("adaptive", PagingStrategy.adaptive(AdaptivePageTrigger())), ("memoryless", memoryless),
    ] {
      var harness = Harness(
        strategy: PreloadStrategy(id: name, paging: paging, policy: AdaptivePolicy()))
      harness.start()
      harness.time = .milliseconds(100)
      // 99 items of 100 pt under a 1,000-point viewport: the content ends at 9,900.
      harness.answerPage(ids(200, through: 102), next: "c102")
      // A fling at 7,500 pt/s, then a glide that slows to rest within a second, 2.15
      // screens before the end: at no frame is the end within 0.6 s at the current
      // velocity, nor within 2 screens.
      var offsets = (1...24).map { CGFloat($0) * 7_500 / 60 }
      offsets += (1...60).map { frame in
        let elapsed = CGFloat(frame) / 60
        return 3_000 + 7_500 * elapsed - 3_750 * elapsed * elapsed
      }
      offsets += Array(repeating: 6_750, count: 10)
      for offset in offsets where fetchedAt[name] == nil {
        let fetches = Harness.fetches(harness.scroll(to: offset, after: .microseconds(16_667)))
        if let request = fetches.first {
          #expect(request.cursor == PageCursor("c102"))
          fetchedAt[name] = offset
        }
      }
    }
    // The fling's speed, remembered, travels the rest of the content within the latency
    // and the speed margin (0.4 s) as the glide ends: the next page is fetched.
    _ = try #require(fetchedAt["adaptive"])
    #expect(fetchedAt["memoryless"] == nil)
  }

  @Test("the item policy learns the page latency whatever the paging")
  func theItemPolicyLearnsThePageLatencyWhateverThePaging() throws {
    for paging in [PagingStrategy.trigger(.leadingScreens(2)), .adaptive(AdaptivePageTrigger())] {
      var harness = Harness(
        strategy: PreloadStrategy(id: "probe", paging: paging, policy: AdaptivePolicy()))
      harness.start()
      harness.time = .seconds(2)
      harness.answerPage(ids(100, through: 81), next: "c81")
      let policy = try #require(harness.machine.policy.base as? AdaptivePolicy)
      #expect(policy.pageLatency == .seconds(2))
    }
  }

  // MARK: - Cells

  @Test("a cell joins a load in flight and gets its value")
  func aCellJoinsALoadInFlightAndGetsItsValue() {
    var harness = Harness()
    harness.start()
    harness.answerPage(ids(100, through: 81), next: "c81")
    harness.scroll(to: 0)
    let key = Harness.key(100)
    #expect(harness.perform(harness.machine.request(key, id: 7, now: harness.time)).isEmpty)
    let finished = harness.finish(key)
    #expect(
      finished.contains {
        if case .deliver(key, let ids) = $0 { ids == [7] } else { false }
      })
  }

  @Test("a cell of a shown item starts nothing and its withdrawal changes nothing")
  func aCellOfAShownItemStartsNothingAndItsWithdrawalChangesNothing() {
    var harness = Harness()
    harness.start()
    harness.answerPage(ids(100, through: 81), next: "c81")
    // No frame yet: the strategy wants nothing, and a cell on screen waits for it.
    let key = Harness.key(85)
    #expect(harness.perform(harness.machine.request(key, id: 1, now: harness.time)).isEmpty)
    #expect(harness.machine.loadState(of: key) == .notRequested)
    #expect(harness.perform(harness.machine.withdrawRequest(key, id: 1, now: harness.time)).isEmpty)
    #expect(harness.perform(harness.machine.withdrawRequest(key, id: 1, now: harness.time)).isEmpty)
  }

  @Test("a request for an item the list does not show starts and its withdrawal cancels it")
  func aRequestForAnItemTheListDoesNotShowStartsAndItsWithdrawalCancelsIt() {
    var harness = Harness()
    harness.start()
    harness.answerPage(ids(100, through: 81), next: "c81")
    let key = Harness.key(7)
    let started = harness.perform(harness.machine.request(key, id: 1, now: harness.time))
    #expect(Harness.started(started) == [key])
    let withdrawn = harness.perform(harness.machine.withdrawRequest(key, id: 1, now: harness.time))
    #expect(Harness.cancelled(withdrawn) == [key])
    #expect(harness.perform(harness.machine.withdrawRequest(key, id: 1, now: harness.time)).isEmpty)
  }

  @Test("a visible cell leaves the strategys order alone")
  func aVisibleCellLeavesTheStrategysOrderAlone() {
    var harness = Harness()
    harness.start()
    harness.answerPage(ids(100, through: 81), next: "c81")
    harness.scroll(to: 0)
    // Post 86 is in the preload range, queued behind the visible ones: a cell's
    // interest waits for it without changing its rank.
    let key = Harness.key(86)
    #expect(harness.machine.loadState(of: key) == .queued(.preload))
    #expect(
      harness.perform(
        harness.machine.request(key, id: 3, priority: .visible, order: -1, now: harness.time)
      ).isEmpty)
    #expect(harness.machine.loadState(of: key) == .queued(.preload))
  }

  // MARK: - Bad input

  @Test("duplicates items out of order and empty pages lose nothing")
  func duplicatesItemsOutOfOrderAndEmptyPagesLoseNothing() throws {
    var harness = Harness()
    harness.start()
    harness.answerPage([100, 99, 99, 97, 98], next: "c97")
    #expect(harness.machine.items.map(\.id) == [100, 99, 98, 97])
    #expect(harness.machine.geometry.itemCount == 4)
    // The content is shorter than the screen: the next page is asked for at once.
    harness.scroll(to: 0)
    let change = try #require(
      Harness.listChanges(harness.answerPage([98, 96, 95], next: "c95")).first)
    #expect(change.indexChanges.inserted == [4, 5])
    harness.scroll(to: 0)
    harness.answerPage([], next: nil)
    #expect(!harness.machine.hasMore)
    #expect(harness.machine.items.map(\.id) == [100, 99, 98, 97, 96, 95])
    #expect(Harness.fetches(harness.scroll(to: 0)).isEmpty)
  }

  @Test("a layout that disagrees with the list traps naming both counts")
  func aLayoutThatDisagreesWithTheListTrapsNamingBothCounts() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var harness = MachineHarness()
      harness.start()
      harness.answerPage([3, 2, 1], next: nil)
      harness.machine.updateGeometry(
        ListGeometry(ListLayout(crossLength: 390, itemLengths: [100, 100])))
    }
    #expect(
      result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) }?.contains(
        "the layout has 2 items but the list has 3") == true)
  }

  // MARK: - Item events

  @Test("interface states and prefetches come in UI kits shape")
  func interfaceStatesAndPrefetchesComeInUIKitsShape() throws {
    var harness = Harness(interfaceStates: .texture)
    harness.start()
    harness.answerPage(ids(100, through: 81), next: "c81")
    let actions = harness.scroll(to: 0)
    let transitions = try #require(
      actions.compactMap {
        if case .interfaceStatesChanged(let transitions) = $0 { transitions } else { nil }
      }.first)
    #expect(transitions.first?.item == 0 && transitions.first?.newState.contains(.visible) == true)
    let prefetched = try #require(
      actions.compactMap { if case .prefetch(let items) = $0 { items } else { nil } }.first)
    #expect(prefetched == [10, 11, 12, 13, 14])
    // A memory warning shrinks the ranges to the screen: the prefetches are cancelled.
    let cached = harness.cached
    let warned = harness.machine.didReceiveMemoryWarning(now: harness.time) { cached.contains($0) }
    let cancelled = try #require(
      warned.compactMap { if case .cancelPrefetching(let items) = $0 { items } else { nil } }.first)
    #expect(Set(cancelled) == [10, 11, 12, 13, 14])
  }
}
