import Testing

@_spi(Machines) @_spi(Inspection) @testable import Lookahead

@Suite("LoadQueue slots")
struct LoadQueueSlotTests {
  typealias Queue = LoadQueue<String, Int>

  @Test("a key that leaves frees its slot for the next key, and a stale heap element stays stale")
  func reusesFreedSlots() {
    var queue = Queue(configuration: LoadQueueConfiguration(maximumConcurrentLoads: 1))
    _ = queue.want("busy", by: 1, priority: .visible, now: .zero)
    _ = queue.want("a", by: 1, priority: .preload, order: 1, now: .zero)
    #expect(queue.slots.count == 2)
    // "a" leaves while queued: its heap element is stale, and its slot goes to "b".
    #expect(queue.unwant("a", by: 1, now: .zero).isEmpty)
    #expect(queue.freeSlots.count == 1)
    _ = queue.want("b", by: 1, priority: .preload, order: 2, now: .zero)
    #expect(queue.slots.count == 2)
    #expect(queue.freeSlots.isEmpty)
    #expect(queue.state(of: "a") == .notRequested)
    #expect(queue.state(of: "b") == .queued(.preload))
    // Only "b" starts: the element "a" left behind names "b"'s slot with an old sequence.
    let actions = queue.loadFinished(
      "busy", ticket: queue.currentTicket(of: "busy")!, now: .zero)
    #expect(actions.map(\.description) == ["deliver busy → [1]", "start b preload"])
    #expect(queue.storageCounts.keys == 1)
  }

  @Test("a stale heap element naming a reused slot never decides when the slot's new key starts")
  func staleElementOfAReusedSlot() throws {
    var queue = Queue(configuration: LoadQueueConfiguration(maximumConcurrentLoads: 1))
    _ = queue.want("busy", by: 1, priority: .visible, now: .zero)
    // "a" ranks between "c" and "d"; "d" keeps the heap from being compacted.
    _ = queue.want("a", by: 1, priority: .preload, order: 0.5, now: .zero)
    _ = queue.want("c", by: 1, priority: .preload, order: 0, now: .zero)
    _ = queue.want("d", by: 1, priority: .preload, order: 1, now: .zero)
    _ = queue.unwant("a", by: 1, now: .zero)
    // "b" takes "a"'s slot and ranks last; "a"'s element, ranked before "d", is stale.
    _ = queue.want("b", by: 1, priority: .preload, order: 5, now: .zero)
    let busy = try #require(queue.currentTicket(of: "busy"))
    #expect(
      queue.loadFinished("busy", ticket: busy, now: .zero).map(\.description) == [
        "deliver busy → [1]", "start c preload",
      ])
    let c = try #require(queue.currentTicket(of: "c"))
    #expect(
      queue.loadFinished("c", ticket: c, now: .zero).map(\.description) == [
        "deliver c → [1]", "start d preload",
      ])
  }

  @Test("a key's slot holds every waiter, and a waiter that leaves keeps the others")
  func keepsSeveralWaitersInOneSlot() {
    var queue = Queue()
    _ = queue.want("a", by: 1, priority: .preload, now: .zero)
    _ = queue.want("a", by: 2, priority: .visible, now: .zero)
    _ = queue.want("a", by: 3, priority: .display, now: .zero)
    #expect(Set(queue.waiters(of: "a")) == [1, 2, 3])
    _ = queue.unwant("a", by: 2, now: .zero)
    #expect(Set(queue.waiters(of: "a")) == [1, 3])
    #expect(queue.storageCounts.waiters == 2)
    let actions = queue.loadFinished("a", ticket: queue.currentTicket(of: "a")!, now: .zero)
    #expect(actions.count == 1)
    if case .deliver(let key, let waiters) = actions.first {
      #expect(key == "a")
      #expect(Set(waiters) == [1, 3])
    } else {
      Issue.record("expected a delivery, got \(actions)")
    }
    #expect(queue.storageCounts.isEmpty)
    #expect(queue.freeSlots == [0])
  }

  @Test("slots grow to the most keys known at once, however many keys come and go")
  func slotsStayBounded() {
    var queue = Queue(configuration: LoadQueueConfiguration(maximumConcurrentLoads: 2))
    for round in 0..<50 {
      let keys = (0..<5).map { "k\(round)-\($0)" }
      for (index, key) in keys.enumerated() {
        _ = queue.want(key, by: index % 2, priority: .preload, order: Double(index), now: .zero)
      }
      for key in keys {
        if let ticket = queue.currentTicket(of: key) {
          _ = queue.loadFinished(key, ticket: ticket, now: .zero)
        } else {
          _ = queue.unwant(key, by: keys.firstIndex(of: key)! % 2, now: .zero)
        }
      }
      #expect(queue.isIdle)
    }
    #expect(queue.slots.count <= 5)
    #expect(queue.freeSlots.count == queue.slots.count)
  }

  @Test("a retrying key keeps its slot and its error")
  func retryKeepsItsSlot() {
    let policy = RetryPolicy(
      maximumRetries: 1, initialDelay: .milliseconds(100), maximumDelay: .seconds(1), jitter: 0)
    var queue = Queue(configuration: LoadQueueConfiguration(retryPolicy: policy))
    _ = queue.want("a", by: 1, priority: .visible, now: .zero)
    let error = LoadError.transient(URLErrorLike())
    _ = queue.loadFailed("a", ticket: queue.currentTicket(of: "a")!, error: error, now: .zero)
    #expect(queue.state(of: "a") == .failed(error, retryAt: .milliseconds(100)))
    #expect(queue.slots.count == 1 && queue.freeSlots.isEmpty)
    let actions = queue.tick(now: .milliseconds(100))
    #expect(actions.map(\.description) == ["start a visible"])
    #expect(queue.slots[0].failure == nil)
  }

  @Test("a running attempt is found by its ticket, and a stale ticket is not")
  func findsRunningAttemptsByTicket() {
    var queue = Queue(configuration: LoadQueueConfiguration(maximumConcurrentLoads: 1))
    _ = queue.want("a", by: 1, priority: .preload, now: .zero)
    let first = queue.currentTicket(of: "a")!
    #expect(queue.isRunning("a", ticket: first))
    #expect(!queue.isRunning("b", ticket: first))
    // A visible key preempts "a"; its first attempt is stale, and so is it when it restarts.
    _ = queue.want("b", by: 1, priority: .visible, now: .zero)
    #expect(!queue.isRunning("a", ticket: first))
    let second = queue.currentTicket(of: "b")!
    #expect(queue.isRunning("b", ticket: second))
    _ = queue.loadFinished("b", ticket: second, now: .zero)
    #expect(!queue.isRunning("b", ticket: second))
    let restarted = queue.currentTicket(of: "a")!
    #expect(restarted != first && queue.isRunning("a", ticket: restarted))
  }

  @Test("a finished load hands its waiters over in place, before the loads it lets start")
  func deliversInPlace() {
    var queue = Queue(configuration: LoadQueueConfiguration(maximumConcurrentLoads: 1))
    _ = queue.want("a", by: 1, priority: .visible, now: .zero)
    _ = queue.want("a", by: 2, priority: .preload, now: .zero)
    _ = queue.want("b", by: 3, priority: .preload, now: .zero)
    var actions: [Queue.Action] = []
    var delivered: [Int] = []
    queue.loadFinished("a", ticket: queue.currentTicket(of: "a")!, now: .zero, into: &actions) {
      requests, actions in
      delivered = requests.map(\.waiter)
      actions.append(.scheduleWakeUp(at: .seconds(1)))
    }
    #expect(Set(delivered) == [1, 2])
    #expect(actions.map(\.description) == ["wake at 1.0 seconds", "start b preload"])
    #expect(queue.storageCounts.waiters == 1)
    // A stale ticket delivers nothing.
    var stale: [Queue.Action] = []
    queue.loadFinished("b", ticket: LoadTicket(rawValue: 0), now: .zero, into: &stale) { _, _ in
      Issue.record("a stale ticket delivered")
    }
    #expect(stale.isEmpty)
  }

  /// A stand-in for a network error.
  struct URLErrorLike: Error {}
}
