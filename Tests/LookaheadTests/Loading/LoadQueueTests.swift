@_spi(Machines) @_spi(Inspection) import Lookahead
import Testing

@Suite("LoadQueue scheduling")
struct LoadQueueTests {
  static let noJitter = RetryPolicy(
    maximumRetries: 2, initialDelay: .milliseconds(100), maximumDelay: .seconds(1), jitter: 0)

  @Test("a second waiter joins the running load and both get the one result")
  func joinsDuplicateRequests() {
    var script = LoadQueueScript()
    script.run([
      (.want("a", by: 1, .preload), ["start a preload"]),
      (.want("a", by: 2, .visible), []),
      (.finish("a"), ["deliver a → [1, 2]"]),
    ])
    #expect(script.queue.storageCounts.isEmpty)
  }

  @Test("a more urgent waiter raises a queued key's priority")
  func raisesPriorityOnJoin() {
    var script = LoadQueueScript(LoadQueueConfiguration(maximumConcurrentLoads: 1))
    script.run([
      (.want("running", by: 1, .visible), ["start running visible"]),
      (.want("b", by: 1, .preload, order: 1), []),
      (.want("c", by: 1, .preload, order: 2), []),
      (.want("c", by: 2, .display), []),
      (.finish("running"), ["deliver running → [1]", "start c display"]),
      (.finish("c"), ["deliver c → [1, 2]", "start b preload"]),
    ])
    #expect(script.queue.state(of: "b") == .loading)
  }

  @Test("keys start by class, then by smaller order, then first come first served")
  func ordersByClassThenOrderThenArrival() {
    var script = LoadQueueScript(LoadQueueConfiguration(maximumConcurrentLoads: 1))
    script.run([
      (.want("busy", by: 0, .visible), ["start busy visible"]),
      (.want("idle", by: 0, .idle), []),
      (.want("far", by: 0, .preload, order: 900), []),
      (.want("near", by: 0, .preload, order: 100), []),
      (.want("near-too", by: 0, .preload, order: 100), []),
      (.want("shown", by: 0, .display, order: 5_000), []),
      (.finish("busy"), ["deliver busy → [0]", "start shown display"]),
      (.finish("shown"), ["deliver shown → [0]", "start near preload"]),
      (.finish("near"), ["deliver near → [0]", "start near-too preload"]),
      (.finish("near-too"), ["deliver near-too → [0]", "start far preload"]),
      (.finish("far"), ["deliver far → [0]", "start idle idle"]),
    ])
  }

  @Test("ties go to the key longest in its class, however often its order changed")
  func tiesGoToTheKeyLongestInItsClass() {
    var script = LoadQueueScript(LoadQueueConfiguration(maximumConcurrentLoads: 1))
    script.run([
      (.want("busy", by: 0, .visible), ["start busy visible"]),
      (.want("a", by: 0, .preload, order: 5), []),
      (.want("b", by: 0, .preload, order: 5), []),
      // a's order moves away and back: it keeps its place before b.
      (.want("a", by: 0, .preload, order: 7), []),
      (.want("a", by: 0, .preload, order: 5), []),
      // c leaves the class and comes back: it joins the end of the ties.
      (.want("c", by: 0, .preload, order: 5), []),
      (.want("c", by: 0, .display, order: 5), []),
      (.want("d", by: 0, .preload, order: 5), []),
      (.want("c", by: 0, .preload, order: 5), []),
      (.finish("busy"), ["deliver busy → [0]", "start a preload"]),
      (.finish("a"), ["deliver a → [0]", "start b preload"]),
      (.finish("b"), ["deliver b → [0]", "start d preload"]),
      (.finish("d"), ["deliver d → [0]", "start c preload"]),
    ])
  }

  @Test("losing the most urgent waiter lowers a queued key back")
  func lowersPriorityWhenUrgentWaiterLeaves() {
    var script = LoadQueueScript(LoadQueueConfiguration(maximumConcurrentLoads: 1))
    script.run([
      (.want("busy", by: 0, .visible), ["start busy visible"]),
      (.want("a", by: 1, .preload), []),
      (.want("a", by: 2, .visible), []),
      (.want("b", by: 1, .display), []),
      (.unwant("a", by: 2), []),
      (.finish("busy"), ["deliver busy → [0]", "start b display"]),
    ])
  }

  @Test("no more than the concurrency cap run at once")
  func respectsConcurrencyCap() {
    var script = LoadQueueScript(LoadQueueConfiguration(maximumConcurrentLoads: 2))
    script.run([
      (.want("a", by: 1, .preload), ["start a preload"]),
      (.want("b", by: 1, .preload), ["start b preload"]),
      (.want("c", by: 1, .preload), []),
      (.want("d", by: 1, .preload), []),
      (.fail("a", .permanent), ["fail a permanent → [1]", "start c preload"]),
      (.finish("b"), ["deliver b → [1]", "start d preload"]),
    ])
    #expect(script.queue.runningCount == 2)
  }

  @Test("a visible request preempts the least urgent running prefetch, which requeues")
  func visiblePreemptsPrefetch() {
    var script = LoadQueueScript(LoadQueueConfiguration(maximumConcurrentLoads: 2))
    script.run([
      (.want("near", by: 1, .preload, order: 10), ["start near preload"]),
      (.want("far", by: 1, .preload, order: 90), ["start far preload"]),
      (.want("v", by: 2, .visible), ["cancel far", "start v visible"]),
      (.failCancelledAttempt("far"), []),
      (.finish("v"), ["deliver v → [2]", "start far preload"]),
      (.finish("far"), ["deliver far → [1]"]),
    ])
  }

  @Test("preemption picks its victim by the running loads' current orders and priorities")
  func preemptionReadsCurrentOrders() {
    var script = LoadQueueScript(LoadQueueConfiguration(maximumConcurrentLoads: 2))
    script.run([
      (.want("near", by: 1, .preload, order: 10), ["start near preload"]),
      (.want("far", by: 1, .preload, order: 90), ["start far preload"]),
      // The viewport moved: "far" is now the nearer one, and "near" the victim.
      (.want("far", by: 1, .preload, order: 5), []),
      (.want("v", by: 2, .visible), ["cancel near", "start v visible"]),
      (.failCancelledAttempt("near"), []),
      // A running load raised to visible is never a victim.
      (.want("far", by: 3, .visible), []),
      (.want("w", by: 2, .visible), []),
    ])
  }

  @Test("a visible request preempts a prefetch even while other slots hold visible loads")
  func preemptsBesideVisibleLoads() {
    var script = LoadQueueScript(LoadQueueConfiguration(maximumConcurrentLoads: 2))
    script.run([
      (.want("shown", by: 1, .visible), ["start shown visible"]),
      (.want("ahead", by: 1, .preload), ["start ahead preload"]),
      (.want("page", by: 2, .visible), ["cancel ahead", "start page visible"]),
    ])
    #expect(script.queue.state(of: "shown") == .loading)
  }

  @Test("a running load whose request falls to a prefetch can be preempted")
  func loweredRunningLoadBecomesAVictim() {
    var script = LoadQueueScript(LoadQueueConfiguration(maximumConcurrentLoads: 1))
    script.run([
      (.want("left", by: 1, .visible), ["start left visible"]),
      // Its item scrolled off: the same waiter now asks for it as a prefetch.
      (.want("left", by: 1, .preload, order: 3), []),
      (.want("shown", by: 1, .visible), ["cancel left", "start shown visible"]),
      (.failCancelledAttempt("left"), []),
    ])
    #expect(script.queue.state(of: "left") == .queued(.preload))
  }

  @Test("a visible request waits when every running load is visible or preemption is off")
  func preemptsOnlyPrefetches() {
    var allVisible = LoadQueueScript(LoadQueueConfiguration(maximumConcurrentLoads: 1))
    allVisible.run([
      (.want("a", by: 1, .visible), ["start a visible"]),
      (.want("b", by: 1, .visible), []),
    ])
    var disabled = LoadQueueScript(
      LoadQueueConfiguration(maximumConcurrentLoads: 1, allowsPreemption: false))
    disabled.run([
      (.want("a", by: 1, .preload), ["start a preload"]),
      (.want("b", by: 1, .visible), []),
    ])
  }

  @Test("the rate limit holds starts back and asks for a wake-up when the window frees")
  func rateLimitsStarts() {
    var script = LoadQueueScript(
      LoadQueueConfiguration(rateLimit: RateLimit(maximumStarts: 2, per: .seconds(1))))
    script.run([
      (.want("a", by: 1, .preload), ["start a preload"]),
      (.advance(to: .milliseconds(400)), []),
      (.want("b", by: 1, .preload), ["start b preload"]),
      (.want("c", by: 1, .preload), ["wake at 1.0 seconds"]),
      (.want("d", by: 1, .preload), []),
      (.advance(to: .milliseconds(999)), []),
      (.advance(to: .seconds(1)), ["start c preload", "wake at 1.4 seconds"]),
      (.advance(to: .milliseconds(1_400)), ["start d preload"]),
    ])
  }

  @Test("transient failures retry with exponential backoff, then fail")
  func retriesWithBackoff() {
    var script = LoadQueueScript(LoadQueueConfiguration(retryPolicy: Self.noJitter))
    script.run([
      (.want("a", by: 1, .visible), ["start a visible"]),
      (.fail("a", .transient), ["wake at 0.1 seconds"]),
    ])
    #expect(
      script.queue.state(of: "a")
        == .failed(LoadQueueScript.error(.transient), retryAt: .milliseconds(100)))
    script.run([
      (.advance(to: .milliseconds(50)), []),
      (.advance(to: .milliseconds(100)), ["start a visible"]),
      (.advance(to: .milliseconds(150)), []),
      (.fail("a", .transient), ["wake at 0.35 seconds"]),
      (.advance(to: .milliseconds(350)), ["start a visible"]),
      (.fail("a", .transient), ["fail a transient → [1]"]),
    ])
    #expect(script.queue.storageCounts.isEmpty)
  }

  @Test("a waiter that joins during backoff gets the retried result")
  func joinsDuringBackoff() {
    var script = LoadQueueScript(LoadQueueConfiguration(retryPolicy: Self.noJitter))
    script.run([
      (.want("a", by: 1, .preload), ["start a preload"]),
      (.fail("a", .transient), ["wake at 0.1 seconds"]),
      (.want("a", by: 2, .visible), []),
      (.advance(to: .milliseconds(100)), ["start a visible"]),
      (.finish("a"), ["deliver a → [1, 2]"]),
    ])
  }

  @Test("jitter is deterministic for a seed and stays within the configured fraction")
  func jitterIsSeeded() {
    func firstDelays(seed: UInt64) -> [Duration] {
      var configuration = LoadQueueConfiguration(
        maximumConcurrentLoads: 100,
        retryPolicy: RetryPolicy(
          maximumRetries: 1, initialDelay: .seconds(1), maximumDelay: .seconds(1), jitter: 0.5))
      configuration.jitterSeed = seed
      var queue = LoadQueue<Int, Int>(configuration: configuration)
      var delays: [Duration] = []
      for key in 0..<20 {
        for case .start(_, let ticket, _) in queue.want(key, by: 0, priority: .preload, now: .zero)
        {
          _ = queue.loadFailed(
            key, ticket: ticket, error: .transient(CancellationError()), now: .zero)
          if case .failed(_, let retryAt) = queue.state(of: key) { delays.append(retryAt) }
        }
      }
      return delays
    }
    let delays = firstDelays(seed: 7)
    #expect(delays.count == 20)
    #expect(delays == firstDelays(seed: 7))
    #expect(delays != firstDelays(seed: 8))
    #expect(delays.allSatisfy { $0 > .milliseconds(500) && $0 <= .seconds(1) })
    #expect(Set(delays).count > 10)
  }

  @Test("a permanent failure fails fast and leaves other keys alone")
  func permanentFailureFailsFast() {
    var script = LoadQueueScript(LoadQueueConfiguration(retryPolicy: Self.noJitter))
    script.run([
      (.want("bad", by: 1, .visible), ["start bad visible"]),
      (.want("good", by: 1, .visible), ["start good visible"]),
      (.fail("bad", .permanent), ["fail bad permanent → [1]"]),
      (.finish("good"), ["deliver good → [1]"]),
    ])
    #expect(script.queue.state(of: "bad") == .notRequested)
  }

  @Test("a load that reports cancellation by itself fails its waiters as cancelled, once")
  func loaderCancellationIsNotRetried() {
    var script = LoadQueueScript(LoadQueueConfiguration(retryPolicy: Self.noJitter))
    script.run([
      (.want("a", by: 1, .visible), ["start a visible"]),
      (.fail("a", .cancelled), ["fail a cancelled → [1]"]),
      (.fail("a", .cancelled), []),
    ])
  }
}
