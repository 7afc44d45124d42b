import Foundation
import LookaheadTestSupport
import Testing

@_spi(Machines) @_spi(Inspection) @testable import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

private typealias Harness = PreloaderHarness

@Suite("ListPreloader") struct ListPreloaderTests {
  @Test("the first page then a scroll preloads resources into the cache")
  func theFirstPageThenAScrollPreloadsResourcesIntoTheCache() async throws {
    let harness = Harness()
    try await harness.loadFirstPage(ids(100, through: 81))
    #expect(harness.preloader.items.map(\.id) == ids(100, through: 81))
    #expect(harness.preloader.geometry.contentLength == 2000)

    harness.preloader.scrolled(toOffset: 0)
    // The next page takes one of the six slots.
    #expect(await harness.loader.waitUntil { $0.pendingKeys.count == 5 })
    // Loads start on their own tasks, in any order.
    #expect(Set(harness.loader.record.pendingKeys) == Set((0..<5).map { "img-\(100 - $0)" }))
    #expect(harness.preloader.cachedResource(for: Harness.post(100)) == nil)
    await harness.succeed(100)
    #expect(harness.preloader.cachedResource(for: Harness.post(100)) == Harness.image(100))
    // The freed slot goes to the next visible post.
    #expect(await harness.loader.waitUntil { $0.pendingKeys.contains("img-95") })
    #expect(
      await eventually {
        harness.events.contains { if case .resourceLoaded("img-100") = $0 { true } else { false } }
      })
  }

  @Test("each preloader draws its own seed for the retry jitter")
  func eachPreloaderDrawsItsOwnRetryJitterSeed() {
    let seeds = (0..<2).map { _ in Harness().preloader.stateMachine.queue.configuration.jitterSeed }
    #expect(seeds[0] != seeds[1], "one seed for every preloader retries in step")
  }

  @Test("a cell gets a ready resource at once and joins a load in flight")
  func aCellGetsAReadyResourceAtOnceAndJoinsALoadInFlight() async throws {
    let harness = Harness()
    try await harness.loadFirstPage(ids(100, through: 81))
    harness.preloader.scrolled(toOffset: 0)
    await harness.succeed(100)

    // Ready: answered from the cache, no load.
    let ready = try await harness.preloader.resource(for: Harness.post(100))
    #expect(ready == Harness.image(100))
    // In flight: the cell joins the prefetch; the loader still sees one load.
    let joined = Task { try await harness.preloader.resource(for: Harness.post(99)) }
    #expect(await eventually { harness.preloader.stateMachine.loadState(of: "img-99") == .loading })
    harness.loader.succeed("img-99", with: Harness.image(99))
    #expect(try await joined.value == Harness.image(99))
    #expect(harness.loader.record.starts["img-99"] == 1)
  }

  @Test("a request for an item the list does not show starts and cancelling it withdraws it")
  func aRequestForAnItemTheListDoesNotShowStartsAndCancellingItWithdrawsIt() async throws {
    let harness = Harness()
    try await harness.loadFirstPage(ids(100, through: 81))
    // A detail screen's post, which the list does not show: its load starts at once.
    let cell = Task { try await harness.preloader.resource(for: Harness.post(7)) }
    #expect(await harness.loader.waitUntil { $0.pendingKeys == ["img-7"] })
    cell.cancel()
    await #expect(throws: CancellationError.self) { try await cell.value }
    #expect(await harness.loader.waitUntil { $0.cancellations == 1 })
    #expect(harness.preloader.stateMachine.loadQueueStorage.isEmpty)
  }

  @Test("an item without a resource says so")
  func anItemWithoutAResourceSaysSo() async throws {
    let harness = Harness()
    let preloader = ListPreloader<TestPost, String, Data>(
      configuration: ListPreloaderConfiguration(viewportSize: CGSize(width: 390, height: 1000)),
      pages: harness.backend, loader: harness.loader, cache: harness.cache,
      resourceKey: { _ in nil }, itemLength: { _ in 100 }, clock: harness.clock)
    await #expect(throws: ListPreloaderError.noResource("7")) {
      try await preloader.resource(for: Harness.post(7))
    }
  }

  @Test("releasing the preloader cancels every load and page request")
  func releasingThePreloaderCancelsEveryLoadAndPageRequest() async throws {
    var harness: Harness? = Harness()
    let loader = harness!.loader
    let backend = harness!.backend
    try await harness!.loadFirstPage(ids(100, through: 81))
    harness!.preloader.scrolled(toOffset: 0)
    // Five visible loads and the next page hold the six slots.
    #expect(await loader.waitUntil { $0.pendingKeys.count == 5 })
    #expect(await eventually { backend.received.count == 2 })
    let finished = Locked(false)
    let events = harness!.preloader.events()
    let watcher = Task {
      for await _ in events {}
      finished.withLock { $0 = true }
    }

    harness = nil
    #expect(await loader.waitUntil { $0.cancellations == 5 && $0.pendingKeys.isEmpty })
    #expect(await eventually { backend.cancellations == 1 })
    #expect(await eventually { finished.withLock { $0 } })  // the stream finishes
    watcher.cancel()
  }

  @Test("a stream whose consumer is cancelled is forgotten at the next event")
  func aStreamWhoseConsumerIsCancelledIsForgottenAtTheNextEvent() async throws {
    let harness = Harness()
    @Sendable func observers() -> Int { harness.preloader.locked.withLock { $0.observers.count } }
    let events = harness.preloader.events()
    let consumer = Task { for await _ in events {} }
    #expect(observers() == 2)  // the harness's own and this one
    // Cancelling the consumer ends its stream without the preloader's lock: the
    // termination runs under the task's lock, which a delivery may be waiting for.
    consumer.cancel()
    await consumer.value
    #expect(observers() == 2)
    try await harness.loadFirstPage(ids(100, through: 81))  // the list changes: an event
    #expect(await eventually { observers() == 1 })
    #expect(
      await eventually {
        harness.events.contains { if case .listChanged = $0 { true } else { false } }
      })
  }

  @Test("a stream gets the events from its creation on even before they are delivered")
  func aStreamGetsTheEventsFromItsCreationOnEvenBeforeTheyAreDelivered() async {
    let harness = Harness()
    // An event queued under the lock, not yet delivered when a new stream is made.
    harness.preloader.locked.withLock { $0.notify(.prefetch([7])) }
    let late = harness.preloader.events()
    harness.preloader.locked.withLock { $0.notify(.prefetch([8])) }
    harness.preloader.deliverEvents()
    var iterator = late.makeAsyncIterator()
    let first = await iterator.next()
    if case .prefetch(let items) = first {
      #expect(items == [8])
    } else {
      Issue.record("\(first as Any)")
    }
    // The harness's stream, older than both events, gets both, in order.
    #expect(
      await eventually {
        harness.events.compactMap { if case .prefetch(let items) = $0 { items } else { nil } }
          == [[7], [8]]
      })
  }

  @Test("cancel all withdraws everything and the next frame starts afresh")
  func cancelAllWithdrawsEverythingAndTheNextFrameStartsAfresh() async throws {
    let harness = Harness()
    try await harness.loadFirstPage(ids(100, through: 81))
    harness.preloader.scrolled(toOffset: 0)
    #expect(await harness.loader.waitUntil { $0.pendingKeys.count == 5 })
    let cell = Task { try await harness.preloader.resource(for: Harness.post(100)) }
    #expect(await eventually { harness.preloader.stateMachine.cellInterestCount == 1 })
    // Fifteen posts wanted by the strategy and one page by the pager; the cell waits
    // outside the queue.
    #expect(harness.preloader.stateMachine.loadQueueStorage.waiters == 16)

    harness.preloader.cancelAll()
    #expect(await harness.loader.waitUntil { $0.cancellations == 5 && $0.pendingKeys.isEmpty })
    #expect(harness.loader.record.totalStarts == 5)
    #expect(await eventually { harness.backend.cancellations == 1 })
    #expect(harness.preloader.stateMachine.loadQueueStorage.isEmpty)
    // The cell still waits, and the strategy's next load of its post answers it.
    harness.clock.advance(by: .milliseconds(16))
    harness.preloader.scrolled(toOffset: 0)
    #expect(await harness.loader.waitUntil { $0.pendingKeys.count == 5 })
    harness.loader.succeed("img-100", with: Harness.image(100))
    #expect(try await cell.value == Harness.image(100))
  }

  @Test("a loader error fails that item only")
  func aLoaderErrorFailsThatItemOnly() async throws {
    let harness = Harness()
    try await harness.loadFirstPage(ids(100, through: 81))
    harness.preloader.scrolled(toOffset: 0)
    #expect(await harness.loader.waitUntil { $0.pendingKeys.count == 5 })
    harness.loader.fail("img-100", with: LoadError.permanent(TestError(message: "garbage")))
    #expect(
      await eventually {
        harness.events.contains {
          if case .resourceFailed("img-100", let error) = $0 {
            error.kind == .permanent
          } else {
            false
          }
        }
      })
    await harness.succeed(99)
    #expect(harness.preloader.cachedResource(for: Harness.post(100)) == nil)
    // The failed post is not asked for again while it stays on screen.
    harness.preloader.scrolled(toOffset: 1)
    #expect(harness.loader.record.starts["img-100"] == 1)
  }

  @Test("a page source that throws is retried on the clock")
  func aPageSourceThatThrowsIsRetriedOnTheClock() async throws {
    let harness = Harness()
    harness.preloader.start()
    let first = try #require(await harness.nextRequest())
    harness.backend.respond(to: first, with: .failure(TestError()))
    #expect(
      await eventually {
        harness.events.contains {
          if case .pageFailed(_, let retryAt) = $0 { retryAt == .seconds(1) } else { false }
        }
      })
    #expect(await harness.clock.waitForSleepers(count: 1))
    harness.clock.advance(by: .seconds(1))
    try await harness.answerNextPage(ids(100, through: 81), next: "c81")
    #expect(harness.preloader.items.count == 20)
  }

  @Test("at rest the lead loads once the screen has without another scroll sample")
  func atRestTheLeadLoadsOnceTheScreenHasWithoutAnotherScrollSample() async throws {
    // `adaptive` wants its lead only once the images on screen are there; an app sends
    // no offset while the list rests, so the preloader decides again on its own clock.
    let harness = Harness(strategy: .adaptive)
    try await harness.loadFirstPage(ids(100, through: 81))
    harness.preloader.scrolled(toOffset: 0)
    // At rest the bottom of the screen loads first: the way the user would go on.
    for id in 91...100 { await harness.succeed(id) }
    let onScreen = Set(ids(100, through: 91).map { "img-\($0)" })
    #expect(harness.loader.record.pendingKeys.allSatisfy { !onScreen.contains($0) })
    harness.clock.advance(by: ListPreloaderStateMachine<TestPost, String>.restFrameDelay)
    #expect(
      await harness.loader.waitUntil {
        $0.pendingKeys.contains { !onScreen.contains($0) && $0.hasPrefix("img-") }
      })
    #expect(harness.preloader.metrics.visibleItemFrames == 10)  // one scroll sample, no more
  }

  @Test("field metrics count what the user saw and the trace is recorded")
  func fieldMetricsCountWhatTheUserSawAndTheTraceIsRecorded() async throws {
    let harness = Harness(traceCapacity: 100)
    try await harness.loadFirstPage(ids(100, through: 81))
    harness.preloader.scrolled(toOffset: 0)
    await harness.succeed(100)
    for frame in 1...3 {
      harness.clock.advance(by: .milliseconds(16))
      harness.preloader.scrolled(toOffset: CGFloat(frame) * 10)
    }
    let metrics = harness.preloader.metrics
    // Four frames: ten visible posts, none ready; then eleven, of which post 100 ready.
    #expect(metrics.visibleItemFrames == 10 + 3 * 11)
    #expect(metrics.blankItemFrames == 10 + 3 * 10)
    #expect(metrics.bytes == Harness.image(100).count)
    #expect(metrics.requests == 2 + 6)  // two pages asked for, six loads started
    #expect(metrics.stallMilliseconds == 0)

    let trace = try #require(harness.preloader.recordedTrace)
    #expect(trace == "t_ms,offset_pt\n0.0,0.0\n16.0,10.0\n32.0,20.0\n48.0,30.0\n")
  }

  @Test("list changes reach observers in order")
  func listChangesReachObserversInOrder() async throws {
    let harness = Harness()
    try await harness.loadFirstPage(ids(100, through: 81))
    harness.preloader.refresh()
    let head = try #require(await harness.nextRequest())
    #expect(head.end == .head)
    harness.backend.respond(to: head, with: .success(page(ids(103, through: 100), next: "c100")))
    let listChanges: @Sendable () -> [ListIndexChanges] = {
      harness.events.compactMap {
        if case .listChanged(let change) = $0 { change.indexChanges } else { nil }
      }
    }
    #expect(await eventually { listChanges().count == 2 })
    let changes = listChanges()
    #expect(
      changes == [
        .appended(20, to: 0),
        ListIndexChanges(oldCount: 20, newCount: 23, inserted: [0, 1, 2], updated: [3]),
      ])
  }

  @Test("a frame between the cache write and the report does not drop the finished load")
  func aFrameBetweenTheCacheWriteAndTheReportDoesNotDropTheFinishedLoad() async throws {
    let harness = Harness()
    let cache = StoreObservingCache()
    let preloader = ListPreloader<TestPost, String, Data>(
      strategy: .texture,
      configuration: ListPreloaderConfiguration(viewportSize: CGSize(width: 390, height: 1000)),
      pages: harness.backend, loader: harness.loader, cache: cache,
      resourceKey: { "img-\($0.id)" }, itemLength: { _ in 100 }, clock: harness.clock)
    preloader.start()
    let request = try #require(await harness.nextRequest())
    harness.backend.respond(to: request, with: .success(page(ids(100, through: 81), next: "n")))
    #expect(await eventually { preloader.items.count == 20 })
    preloader.scrolled(toOffset: 0)
    #expect(await harness.loader.waitUntil { $0.pendingKeys.contains("img-100") })

    // The load's task has stored the value but not yet reported under the lock: a frame
    // comes in that window (a disk write makes it wide in an app).
    cache.onStore.withLock { $0 = { preloader.scrolled(toOffset: 1) } }
    harness.loader.succeed("img-100", with: Harness.image(100))
    #expect(await eventually { preloader.metrics.bytes == Harness.image(100).count })
    #expect(preloader.metrics.cancelled == 0)
    #expect(harness.loader.record.cancellations == 0)
    #expect(preloader.stateMachine.loadState(of: "img-100") != .loading)
  }
}

/// A memory cache that runs a hook right after each store, from the storing task.
private final class StoreObservingCache: Caching, Sendable {
  let memory = MemoryCache<String, Data>()
  let onStore = Locked<(@Sendable () -> Void)?>(nil)

  func memoryValue(forKey key: String) -> Data? { memory.memoryValue(forKey: key) }
  func containsMemoryValue(forKey key: String) -> Bool { memory.containsMemoryValue(forKey: key) }
  func localValue(forKey key: String) -> Data? { nil }
  func removeAllFromMemory() { memory.removeAllFromMemory() }
  var memoryCost: Int { memory.memoryCost }

  func store(_ value: Data, forKey key: String, cost: Int) {
    memory.store(value, forKey: key, cost: cost)
    onStore.withLock { $0 }?()
  }
}
