import Foundation
import LookaheadTestSupport
import Testing

@testable import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

@Suite struct PagerTests {
  private struct Harness {
    let clock = ManualClock()
    let backend = ScriptedPageBackend()
    let store = InMemoryFeedStore<TestPost>()
    let pager: Pager<TestPost, ManualClock>
    let updates: AsyncStream<PagerUpdate<TestPost>>

    init(trigger: PageTrigger = .infiniteScroll) {
      let (updates, continuation) = AsyncStream<PagerUpdate<TestPost>>.makeStream()
      self.updates = updates
      let backend = backend
      pager = Pager(
        trigger: trigger, clock: clock, persistence: .store(store, feedID: "home"),
        onUpdate: { continuation.yield($0) }, fetch: { try await backend.fetch($0) })
    }
  }

  private func atEnd(items: Int) -> PageTriggerInput {
    PageTriggerInput(
      offset: max(0, CGFloat(items) * 100 - 800), viewportLength: 800,
      contentLength: CGFloat(items) * 100, velocity: 500, loadedItemCount: items, pageSize: 10)
  }

  @Test("pages are fetched merged and saved to the store")
  func pagesAreFetchedMergedAndSavedToTheStore() async throws {
    let harness = Harness()
    var requests = harness.backend.requests.makeAsyncIterator()
    var updates = harness.updates.makeAsyncIterator()

    harness.pager.scrolled(atEnd(items: 0))
    let first = try #require(await requests.next())
    #expect(first.cursor == nil && first.end == .tail)
    harness.backend.respond(to: first, with: .success(page([30, 20, 10], next: "c10")))
    let update = try #require(await updates.next())
    #expect(update.list.map(\.id) == [30, 20, 10])
    let saved = try #require(harness.store.snapshot(forFeed: "home"))
    #expect(saved.items.map(\.id) == [30, 20, 10])
    #expect(saved.nextCursor == PageCursor("c10") && saved.hasMore)
  }

  @Test("concurrent triggers yield one request")
  func concurrentTriggersYieldOneRequest() async throws {
    let harness = Harness()
    var requests = harness.backend.requests.makeAsyncIterator()
    await withTaskGroup { group in
      for _ in 0..<20 { group.addTask { harness.pager.scrolled(atEnd(items: 0)) } }
    }
    let request = try #require(await requests.next())
    #expect(harness.backend.received == [request])
    #expect(harness.pager.tail.request == request)
  }

  @Test("a failed page is retried on the clock then succeeds")
  func aFailedPageIsRetriedOnTheClockThenSucceeds() async throws {
    let harness = Harness()
    var requests = harness.backend.requests.makeAsyncIterator()
    var updates = harness.updates.makeAsyncIterator()

    harness.pager.loadNextPage()
    let first = try #require(await requests.next())
    harness.backend.respond(to: first, with: .failure(TestError()))
    guard case .pageFailed(let error) = try #require(await updates.next()).kind else {
      Issue.record("expected a page failure")
      return
    }
    #expect(error as? TestError == TestError())

    // The retry sleeps on the manual clock: nothing happens until it moves.
    await harness.clock.waitForSleepers(count: 1)
    harness.clock.advance(by: .milliseconds(999))
    #expect(harness.backend.received.count == 1)
    harness.clock.advance(by: .milliseconds(1))
    let retry = try #require(await requests.next())
    #expect(retry.cursor == first.cursor && retry.id != first.id)
    harness.backend.respond(to: retry, with: .success(page([3, 2, 1], next: "c1")))
    guard case .listChanged = try #require(await updates.next()).kind else {
      Issue.record("expected the list to change")
      return
    }
    #expect(harness.pager.list.map(\.id) == [3, 2, 1])
    #expect(!harness.pager.tail.isLoading)
  }

  @Test("restore shows the saved list and pages on from its cursor")
  func restoreShowsTheSavedListAndPagesOnFromItsCursor() async throws {
    let harness = Harness()
    harness.store.save(
      FeedSnapshot(
        items: page([9, 8], next: nil).items, nextCursor: PageCursor("c8"), hasMore: true,
        savedAt: .now),
      forFeed: "home")
    #expect(try harness.pager.restore())
    #expect(harness.pager.list.map(\.id) == [9, 8])

    var requests = harness.backend.requests.makeAsyncIterator()
    harness.pager.scrolled(atEnd(items: 2))
    #expect(try #require(await requests.next()).cursor == PageCursor("c8"))
  }

  @Test("restore without a snapshot returns false")
  func restoreWithoutASnapshotReturnsFalse() throws {
    #expect(try !Harness().pager.restore())
  }

  @Test("a cancelled requests late answer is ignored")
  func aCancelledRequestsLateAnswerIsIgnored() async throws {
    let harness = Harness()
    var requests = harness.backend.requests.makeAsyncIterator()
    harness.pager.loadNextPage()
    let first = try #require(await requests.next())
    harness.pager.cancelAll()
    harness.pager.loadNextPage()
    let second = try #require(await requests.next())
    // The first request's task was cancelled; an answer for it changes nothing.
    harness.backend.respond(to: first, with: .success(page([1], next: "c1")))
    var updates = harness.updates.makeAsyncIterator()
    harness.backend.respond(to: second, with: .success(page([7], next: "c7")))
    let update = try #require(await updates.next())
    #expect(update.list.map(\.id) == [7])
  }

  @Test("refresh merges at the head")
  func refreshMergesAtTheHead() async throws {
    let harness = Harness()
    var requests = harness.backend.requests.makeAsyncIterator()
    var updates = harness.updates.makeAsyncIterator()
    harness.pager.loadNextPage()
    harness.backend.respond(
      to: try #require(await requests.next()), with: .success(page([5, 4], next: "c4")))
    _ = await updates.next()

    harness.pager.refresh()
    let head = try #require(await requests.next())
    #expect(head.end == .head)
    harness.backend.respond(to: head, with: .success(page([7, 6, 5], next: "c5")))
    let update = try #require(await updates.next())
    guard case .listChanged(let change) = update.kind, case .refreshed(.merged) = change.kind else {
      Issue.record("expected a merge, got \(update.kind)")
      return
    }
    #expect(update.list.map(\.id) == [7, 6, 5, 4])
    #expect(harness.store.snapshot(forFeed: "home")?.nextCursor == PageCursor("c4"))
  }
}
