import Foundation
import LookaheadTestSupport
import Testing

@_spi(Machines) @testable import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

@Suite("PagerStateMachine") struct PagerStateMachineTests {
  typealias Instant = ManualClock.Instant
  typealias Machine = PagerStateMachine<TestPost, Instant>

  private func at(_ seconds: Double) -> Instant { Instant(offset: .seconds(seconds)) }

  private func fetches(_ actions: [PagerAction<Instant>]) -> [PageRequest] {
    actions.compactMap { if case .fetch(let request) = $0 { request } else { nil } }
  }

  private func cancels(_ actions: [PagerAction<Instant>]) -> [PageRequest] {
    actions.compactMap { if case .cancel(let request) = $0 { request } else { nil } }
  }

  /// A list of 100-pt items in an 800-pt viewport, scrolled to `offset`.
  private func geometry(
    offset: CGFloat, items: Int, contentLength: CGFloat? = nil, velocity: CGFloat = 500
  ) -> PageTriggerInput {
    PageTriggerInput(
      offset: offset, viewportLength: 800, contentLength: contentLength ?? CGFloat(items) * 100,
      velocity: velocity, loadedItemCount: items, pageSize: 10)
  }

  /// A machine that has loaded `[100, 99, ..., 91]` and laid it out (1000 pt).
  private func loadedMachine(trigger: PageTrigger = .infiniteScroll) throws -> Machine {
    var machine = Machine(trigger: trigger)
    let first = try #require(fetches(machine.loadNextPage(now: at(0))).first)
    _ = machine.pageLoaded(first, page: page(Array((91...100).reversed()), next: "c91"), now: at(1))
    _ = machine.scrolled(geometry(offset: 0, items: 10), now: at(1))
    return machine
  }

  @Test("concurrent triggers yield one request")
  func concurrentTriggersYieldOneRequest() throws {
    var machine = try loadedMachine()
    let atEnd = geometry(offset: 200, items: 10)
    let first = fetches(machine.scrolled(atEnd, now: at(2)))
    #expect(first == [PageRequest(id: 2, end: .tail, cursor: PageCursor("c91"))])
    #expect(fetches(machine.scrolled(atEnd, now: at(2.1))).isEmpty)
    #expect(fetches(machine.loadNextPage(now: at(2.2))).isEmpty)
    #expect(machine.tail.request == first.first)
  }

  @Test("end of data stops requests until refresh")
  func endOfDataStopsRequestsUntilRefresh() throws {
    var machine = try loadedMachine()
    let request = try #require(
      fetches(machine.scrolled(geometry(offset: 200, items: 10), now: at(2))).first)
    _ = machine.pageLoaded(request, page: page([90, 89], next: "c89", hasMore: false), now: at(3))
    #expect(machine.tail.isExhausted)
    #expect(!machine.hasMore)
    for offset in stride(from: 300, through: 500, by: 50) {
      #expect(
        fetches(machine.scrolled(geometry(offset: CGFloat(offset), items: 12), now: at(4))).isEmpty)
    }
    #expect(fetches(machine.loadNextPage(now: at(5))).isEmpty)

    let refresh = try #require(fetches(machine.refresh(now: at(6))).first)
    #expect(refresh.end == .head && refresh.cursor == nil)
    _ = machine.pageLoaded(refresh, page: page([101, 100], next: "c100"), now: at(7))
    #expect(machine.tail.isExhausted == false)
    let again = fetches(machine.scrolled(geometry(offset: 500, items: 13), now: at(8)))
    #expect(again.map(\.cursor) == [PageCursor("c89")])
  }

  @Test("an empty page exhausts the tail")
  func anEmptyPageExhaustsTheTail() throws {
    var machine = try loadedMachine()
    let request = try #require(
      fetches(machine.scrolled(geometry(offset: 200, items: 10), now: at(2))).first)
    let actions = machine.pageLoaded(request, page: page([], next: "c0", hasMore: true), now: at(3))
    #expect(actions.isEmpty)
    #expect(machine.tail.isExhausted)
    #expect(machine.nextCursor == PageCursor("c91"))
  }

  @Test("a failure retries with backoff then succeeds")
  func aFailureRetriesWithBackoffThenSucceeds() throws {
    var machine = try loadedMachine()
    let first = try #require(
      fetches(machine.scrolled(geometry(offset: 200, items: 10), now: at(10))).first)

    let failed = machine.pageFailed(first, error: TestError(), now: at(11))
    guard case .tailFailed(_, .some(let retryAt)) = try #require(failed.first) else {
      Issue.record("expected a retry, got \(failed)")
      return
    }
    #expect(retryAt == at(12))
    // Scrolling or ticking before the retry is due does nothing.
    #expect(
      machine.scrolled(geometry(offset: 200, items: 10, contentLength: 1001), now: at(11.5)).isEmpty
    )
    #expect(machine.tick(now: at(11.9)).isEmpty)

    let second = try #require(fetches(machine.tick(now: at(12))).first)
    #expect(second.cursor == first.cursor && second.id != first.id)
    let failedAgain = machine.pageFailed(second, error: TestError(), now: at(13))
    guard case .tailFailed(_, .some(let secondRetry)) = try #require(failedAgain.first) else {
      Issue.record("expected a retry, got \(failedAgain)")
      return
    }
    #expect(secondRetry == at(15))  // the delay doubled
    if case .failed(_, let attempt, _) = machine.tail { #expect(attempt == 2) }

    let third = try #require(fetches(machine.tick(now: at(15))).first)
    let loaded = machine.pageLoaded(third, page: page([90, 89], next: "c89"), now: at(16))
    #expect(loaded.contains { if case .listChanged = $0 { true } else { false } })
    #expect(machine.list.count == 12)
    #expect(!machine.tail.isLoading)

    // Recovery reset the backoff: the next failure waits the initial delay again.
    _ = machine.scrolled(geometry(offset: 400, items: 12), now: at(17))
    let fourth = try #require(machine.tail.request)
    let failedLater = machine.pageFailed(fourth, error: TestError(), now: at(18))
    guard case .tailFailed(_, .some(let laterRetry)) = try #require(failedLater.first) else {
      return
    }
    #expect(laterRetry == at(19))
  }

  @Test("after the last attempt the pager waits for an explicit retry")
  func afterTheLastAttemptThePagerWaitsForAnExplicitRetry() throws {
    var machine = Machine(
      trigger: .infiniteScroll,
      retryPolicy: PagerRetryPolicy(initialDelay: .seconds(1), maximumAttempts: 1))
    let first = try #require(fetches(machine.loadNextPage(now: at(0))).first)
    #expect(!machine.pageFailed(first, error: TestError(), now: at(0)).isEmpty)
    let second = try #require(fetches(machine.tick(now: at(1))).first)
    let gaveUp = machine.pageFailed(second, error: TestError(), now: at(1))
    guard case .tailFailed(_, nil) = try #require(gaveUp.first) else {
      Issue.record("expected no retry, got \(gaveUp)")
      return
    }
    guard case .failed(let error, 2, nil) = machine.tail else {
      Issue.record("expected to give up, got \(machine.tail)")
      return
    }
    #expect(error as? TestError == TestError())
    #expect(machine.tick(now: at(1000)).isEmpty)
    #expect(fetches(machine.retry(now: at(1001))).count == 1)
  }

  @Test("bouncing at the top with small content does not loop")
  func bouncingAtTheTopWithSmallContentDoesNotLoop() throws {
    var machine = Machine(trigger: .threshold(0.7))
    // Three items in an 800-pt viewport: every trigger says "fetch".
    let small = geometry(offset: 0, items: 3)
    let first = try #require(fetches(machine.scrolled(small, now: at(0))).first)
    _ = machine.pageLoaded(first, page: page([30, 20, 10], next: "c10"), now: at(1))
    // The rubber band at the top sends a stream of scroll ticks; the content did not
    // grow (the three items were already on screen), so nothing is fetched again.
    var requests = 0
    for tick in 0..<200 {
      let offset = -CGFloat(tick % 40)
      requests +=
        fetches(
          machine.scrolled(geometry(offset: offset, items: 3), now: at(1 + Double(tick) / 60))
        ).count
    }
    #expect(requests == 0)
    // Once the page is laid out and the content grows, paging resumes.
    #expect(fetches(machine.scrolled(geometry(offset: 0, items: 6), now: at(10))).count == 1)
  }

  @Test("a stale content size after a page does not fetch twice")
  func aStaleContentSizeAfterAPageDoesNotFetchTwice() throws {
    var machine = try loadedMachine()
    let first = try #require(
      fetches(machine.scrolled(geometry(offset: 200, items: 10), now: at(2))).first)
    _ = machine.pageLoaded(first, page: page(Array((81...90).reversed()), next: "c81"), now: at(3))
    // The scroll view has not laid out the ten new items yet: still 1000 pt.
    #expect(
      fetches(machine.scrolled(geometry(offset: 200, items: 20, contentLength: 1000), now: at(3)))
        .isEmpty)
    #expect(fetches(machine.scrolled(geometry(offset: 1200, items: 20), now: at(4))).count == 1)
  }

  @Test("a stale completion of a cancelled request is ignored")
  func aStaleCompletionOfACancelledRequestIsIgnored() throws {
    var machine = try loadedMachine()
    let first = try #require(
      fetches(machine.scrolled(geometry(offset: 200, items: 10), now: at(2))).first)
    #expect(cancels(machine.cancelAll()) == [first])
    #expect(cancels(machine.cancelAll()).isEmpty)  // cancelling twice is harmless

    let second = try #require(fetches(machine.loadNextPage(now: at(3))).first)
    #expect(second.id != first.id)
    #expect(machine.pageLoaded(first, page: page([90], next: "c90"), now: at(4)).isEmpty)
    #expect(machine.pageFailed(first, error: TestError(), now: at(4)).isEmpty)
    #expect(machine.list.count == 10)
    #expect(machine.tail.request == second)
  }

  @Test("a page of duplicates with the same cursor exhausts instead of looping")
  func aPageOfDuplicatesWithTheSameCursorExhaustsInsteadOfLooping() throws {
    var machine = try loadedMachine()
    let first = try #require(
      fetches(machine.scrolled(geometry(offset: 200, items: 10), now: at(2))).first)
    let actions = machine.pageLoaded(first, page: page([92, 91], next: "c91"), now: at(3))
    #expect(fetches(actions).isEmpty)
    #expect(machine.tail.isExhausted)
  }

  @Test("a page of duplicates with a new cursor asks for the next at once")
  func aPageOfDuplicatesWithANewCursorAsksForTheNextAtOnce() throws {
    var machine = try loadedMachine()
    let first = try #require(
      fetches(machine.scrolled(geometry(offset: 200, items: 10), now: at(2))).first)
    let actions = machine.pageLoaded(first, page: page([92, 91], next: "c80"), now: at(3))
    #expect(fetches(actions).map(\.cursor) == [PageCursor("c80")])
  }

  @Test(
    "a refresh with a gap replaces the list cancels the tail and pages on from the fresh cursor")
  func aRefreshWithAGapReplacesTheListCancelsTheTailAndPagesOnFromTheFreshCursor() throws {
    var machine = try loadedMachine()
    let tail = try #require(
      fetches(machine.scrolled(geometry(offset: 200, items: 10), now: at(2))).first)
    let head = try #require(fetches(machine.refresh(now: at(2))).first)
    #expect(fetches(machine.refresh(now: at(2.5))).isEmpty)  // one refresh at a time

    let actions = machine.pageLoaded(head, page: page([300, 299], next: "c299"), now: at(3))
    #expect(cancels(actions) == [tail])
    #expect(
      actions.contains {
        if case .listChanged(let change) = $0 {
          change.kind == .refreshed(.replaced)
        } else {
          false
        }
      })
    #expect(machine.list.items.map(\.id) == [300, 299])
    #expect(machine.nextCursor == PageCursor("c299"))
    #expect(machine.pageLoaded(tail, page: page([90], next: "c90"), now: at(4)).isEmpty)

    let next = fetches(machine.scrolled(geometry(offset: 0, items: 2), now: at(5)))
    #expect(next.map(\.cursor) == [PageCursor("c299")])
  }

  @Test("a refresh that overlaps keeps the tail request")
  func aRefreshThatOverlapsKeepsTheTailRequest() throws {
    var machine = try loadedMachine()
    let tail = try #require(
      fetches(machine.scrolled(geometry(offset: 200, items: 10), now: at(2))).first)
    let head = try #require(fetches(machine.refresh(now: at(2))).first)
    let actions = machine.pageLoaded(head, page: page([101, 100, 99], next: "c99"), now: at(3))
    #expect(cancels(actions).isEmpty)
    #expect(machine.tail.request == tail)
    #expect(machine.nextCursor == PageCursor("c91"))
    _ = machine.pageLoaded(tail, page: page([90], next: "c90"), now: at(4))
    #expect(machine.list.items.map(\.id) == [101] + Array((90...100).reversed()))
  }

  @Test("a failed refresh keeps the list and reports the error")
  func aFailedRefreshKeepsTheListAndReportsTheError() throws {
    var machine = try loadedMachine()
    let head = try #require(fetches(machine.refresh(now: at(2))).first)
    let actions = machine.pageFailed(head, error: TestError(message: "offline"), now: at(3))
    guard case .refreshFailed(let error) = try #require(actions.first) else {
      Issue.record("expected refreshFailed, got \(actions)")
      return
    }
    #expect("\(error)" == "offline")
    #expect(machine.list.count == 10)
    #expect(fetches(machine.refresh(now: at(4))).count == 1)
  }

  @Test("restoring a snapshot brings back the list and cursor")
  func restoringASnapshotBringsBackTheListAndCursor() {
    var machine = Machine(trigger: .infiniteScroll)
    let snapshot = FeedSnapshot(
      items: page([5, 4, 3], next: nil).items, nextCursor: PageCursor("c3"), hasMore: true,
      savedAt: Date(timeIntervalSince1970: 0))
    let actions = machine.restore(snapshot)
    #expect(
      actions.contains {
        if case .listChanged(let change) = $0 { change.kind == .restored } else { false }
      })
    #expect(machine.snapshot(savedAt: snapshot.savedAt) == snapshot)
    let next = fetches(machine.scrolled(geometry(offset: 0, items: 3), now: at(0)))
    #expect(next.map(\.cursor) == [PageCursor("c3")])

    var exhausted = Machine(trigger: .infiniteScroll)
    _ = exhausted.restore(FeedSnapshot(items: [], nextCursor: nil, hasMore: false, savedAt: .now))
    #expect(exhausted.tail.isExhausted)
  }

  @Test("retry policy delays grow and are capped")
  func retryPolicyDelaysGrowAndAreCapped() {
    let policy = PagerRetryPolicy(
      initialDelay: .milliseconds(500), multiplier: 3, maximumDelay: .seconds(10),
      maximumAttempts: 5)
    #expect(policy.delay(beforeAttempt: 1) == .milliseconds(500))
    #expect(policy.delay(beforeAttempt: 2) == .milliseconds(1500))
    #expect(policy.delay(beforeAttempt: 3) == .milliseconds(4500))
    #expect(policy.delay(beforeAttempt: 4) == .seconds(10))
    #expect(policy.delay(beforeAttempt: 5) == .seconds(10))
    #expect(policy.delay(beforeAttempt: 6) == nil)
  }
}
