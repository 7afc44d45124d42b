import Testing

@_spi(Machines) @_spi(Inspection) @testable import Lookahead

/// When a change of order alone cannot make the queue act (what lets the list preloader
/// defer such changes).
extension LoadQueue {
  /// ``isSettled(now:)`` on a copy, for `#expect`.
  fileprivate func settled(now: Duration) -> Bool {
    var copy = self
    return copy.isSettled(now: now)
  }
}

@Suite("LoadQueue settledness")
struct LoadQueueSettledTests {
  private typealias Queue = LoadQueue<String, Int>

  private static func request(_ key: String, _ priority: LoadPriority, _ order: Double = 0)
    -> WantedSet<String>.Request
  {
    WantedSet.Request(key: key, priority: priority, order: order)
  }

  /// A queue with two slots, both running prefetches, and one key waiting.
  private static func busyQueue(waiting priority: LoadPriority) -> Queue {
    var queue = Queue(configuration: LoadQueueConfiguration(maximumConcurrentLoads: 2))
    var actions: [Queue.Action] = []
    queue.record(
      WantedSetChanges(
        wanted: [request("a", .preload, 1), request("b", .preload, 2)], unwanted: []),
      by: 0, into: &actions)
    queue.pump(now: .zero, into: &actions)
    queue.record([request("c", priority, 3)], by: 0)
    return queue
  }

  @Test("busy slots and a waiting prefetch: settled")
  func busySlotsAndAWaitingPrefetch() {
    let queue = Self.busyQueue(waiting: .display)
    #expect(queue.runningCount == 2)
    #expect(queue.settled(now: .zero))
    #expect(queue.startsOnlyVisibleKeys(now: .zero))
  }

  @Test("a visible key waiting behind a prefetch preempts: not settled")
  func aVisibleKeyWaiting() {
    var queue = Self.busyQueue(waiting: .visible)
    #expect(!queue.settled(now: .zero))
    // Only the visible key can start, in place of a prefetch.
    #expect(queue.startsOnlyVisibleKeys(now: .zero))
    var actions: [Queue.Action] = []
    queue.pump(now: .zero, into: &actions)
    #expect(actions.map(\.description) == ["cancel b", "start c visible"])
    #expect(queue.settled(now: .zero))
  }

  @Test("a free slot with a key waiting, a due retry or a passed wake-up: not settled")
  func freeSlotsAndDueRetries() throws {
    var queue = Queue(configuration: LoadQueueConfiguration(maximumConcurrentLoads: 2))
    var actions: [Queue.Action] = []
    queue.record([Self.request("a", .preload)], by: 0)
    #expect(!queue.settled(now: .zero))
    #expect(!queue.startsOnlyVisibleKeys(now: .zero))
    queue.pump(now: .zero, into: &actions)
    #expect(queue.settled(now: .zero))

    let ticket = try #require(queue.currentTicket(of: "a"))
    actions = queue.loadFailed(
      "a", ticket: ticket, error: .transient(LoadQueueScript.Failure(description: "503")),
      now: .zero)
    guard case .scheduleWakeUp(let retryAt)? = actions.last else {
      Issue.record("expected a wake-up, got \(actions)")
      return
    }
    #expect(queue.settled(now: retryAt - .milliseconds(1)))
    #expect(!queue.settled(now: retryAt))
    #expect(!queue.startsOnlyVisibleKeys(now: retryAt))
  }

  @Test("an idle load running: a waiting prefetch may take its slot, so not settled")
  func anIdleLoadRunning() {
    var queue = Queue(configuration: LoadQueueConfiguration(maximumConcurrentLoads: 1))
    var actions: [Queue.Action] = []
    queue.record([Self.request("hint", .idle)], by: 0)
    queue.pump(now: .zero, into: &actions)
    queue.record([Self.request("next", .preload)], by: 0)
    #expect(!queue.settled(now: .zero))
    #expect(!queue.startsOnlyVisibleKeys(now: .zero))
  }
}
