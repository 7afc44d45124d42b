@_spi(Machines) @_spi(Inspection) @_spi(Simulation) import Lookahead
import Testing

@Suite("LoadQueue randomized stress")
struct LoadQueueStressTests {
  typealias Queue = LoadQueue<Int, Int>

  /// A model of what the driver knows, checked against every action.
  struct Model {
    var wanted: [Int: Set<Int>] = [:]
    var running: [Int: LoadTicket] = [:]
    var spentTickets: [(Int, LoadTicket)] = []
    var deliveries = 0
    var failures = 0

    mutating func apply(_ actions: [Queue.Action]) {
      for action in actions {
        switch action {
        case .start(let key, let ticket, _):
          #expect(running[key] == nil, "\(key) started while running")
          #expect(wanted[key]?.isEmpty == false, "\(key) started with no waiter")
          running[key] = ticket
        case .cancel(let key, let ticket):
          #expect(running.removeValue(forKey: key) == ticket, "cancel of \(key) not running")
          spentTickets.append((key, ticket))
        case .deliver(let key, let waiters), .fail(let key, _, let waiters):
          #expect(Set(waiters) == wanted[key] ?? [], "\(key) delivered to \(waiters)")
          #expect(waiters.count == Set(waiters).count, "\(key) delivered twice to one waiter")
          wanted[key] = nil
          if case .deliver = action { deliveries += 1 } else { failures += 1 }
        case .scheduleWakeUp:
          break
        }
      }
    }
  }

  @Test("a frame that re-orders many keys at once starts them as one want each would")
  func batchedReorderingStartsInTheSameOrder() {
    var random = SplitMix64(seed: 7)
    let configuration = LoadQueueConfiguration(maximumConcurrentLoads: 1)
    var batched = Queue(configuration: configuration)
    var single = Queue(configuration: configuration)
    var wanted = WantedSet<Int>()
    // A visible load holds the only slot, so nothing starts while the frames arrive.
    _ = batched.want(-1, by: 9, priority: .visible, now: .zero)
    _ = single.want(-1, by: 9, priority: .visible, now: .zero)
    for _ in 0..<3 {
      // Orders collide often: ties go to the key re-ordered first.
      let requests = (0..<40).map { key in
        WantedSet<Int>.Request(
          key: key, priority: random.next() % 4 == 0 ? .display : .preload,
          order: Double(random.next() % 10))
      }
      let changes = wanted.update(to: requests)
      #expect(changes.wanted.count > 20)
      #expect(batched.apply(changes, by: 1, now: .zero).isEmpty)
      for request in changes.wanted {
        #expect(
          single.want(
            request.key, by: 1, priority: request.priority, order: request.order, now: .zero
          ).isEmpty)
      }
      #expect(batched.storageCounts.queuedHeapElements <= 2 * batched.queuedKeyCount + 1)
    }
    func drain(_ queue: inout Queue) -> [Int] {
      var started: [Int] = []
      var finishing = (key: -1, ticket: queue.currentTicket(of: -1)!)
      while true {
        let actions = queue.loadFinished(finishing.key, ticket: finishing.ticket, now: .zero)
        guard case .start(let key, let ticket, _)? = actions.last else { return started }
        started.append(key)
        finishing = (key, ticket)
      }
    }
    let order = drain(&batched)
    #expect(order.count == 40)
    #expect(order == drain(&single))
  }

  @Test("100,000 random events keep every invariant and leave the queue empty")
  func randomEvents() async {
    var random = SplitMix64(seed: 2_026)
    let cap = 6
    var queue = Queue(
      configuration: LoadQueueConfiguration(
        maximumConcurrentLoads: cap,
        retryPolicy: RetryPolicy(
          maximumRetries: 2, initialDelay: .milliseconds(5), maximumDelay: .milliseconds(40))))
    var model = Model()
    var now = Duration.zero
    let priorities = LoadPriority.allCases

    for event in 0..<100_000 {
      // Yields now and then: a test that computes for seconds without suspending holds
      // one of the cooperative pool's threads (two on CI) and stalls the async tests.
      if event % 1_000 == 0 { await Task.yield() }
      let roll = random.next() % 100
      let key = Int(random.next() % 400)
      let waiter = Int(random.next() % 6)
      switch roll {
      case 0..<40:
        let priority = priorities[Int(random.next() % 4)]
        let order = Double(random.next() % 1_000)
        model.wanted[key, default: []].insert(waiter)
        model.apply(queue.want(key, by: waiter, priority: priority, order: order, now: now))
      case 40..<70:
        model.apply(queue.unwant(key, by: waiter, now: now))
        model.wanted[key]?.remove(waiter)
        if model.wanted[key]?.isEmpty == true { model.wanted[key] = nil }
      case 70..<85:
        guard let (runningKey, ticket) = model.running.randomElement(using: &random) else { break }
        model.running[runningKey] = nil
        model.spentTickets.append((runningKey, ticket))
        model.apply(queue.loadFinished(runningKey, ticket: ticket, now: now))
      case 85..<93:
        guard let (runningKey, ticket) = model.running.randomElement(using: &random) else { break }
        model.running[runningKey] = nil
        model.spentTickets.append((runningKey, ticket))
        let error: LoadError =
          switch random.next() % 3 {
          case 0: .permanent(CancellationError())
          case 1: .cancelled
          default: .transient(CancellationError())
          }
        model.apply(queue.loadFailed(runningKey, ticket: ticket, error: error, now: now))
      case 93..<97:
        guard !model.spentTickets.isEmpty else { break }
        let (spentKey, ticket) = model.spentTickets[
          Int(random.next() % UInt64(model.spentTickets.count))]
        #expect(queue.loadFinished(spentKey, ticket: ticket, now: now).isEmpty)
        #expect(queue.loadFailed(spentKey, ticket: ticket, error: .cancelled, now: now).isEmpty)
      default:
        now += .milliseconds(Int64(random.next() % 20))
        model.apply(queue.tick(now: now))
      }
      if model.spentTickets.count > 1_000 { model.spentTickets.removeFirst(500) }
      #expect(queue.runningCount == model.running.count)
      #expect(queue.runningCount <= cap)
      #expect(
        queue.runningCount == cap || queue.queuedKeyCount == 0, "a slot idles while work waits")
      let counts = queue.storageCounts
      #expect(counts.keys == model.wanted.count)
      #expect(counts.waiters == model.wanted.values.reduce(0) { $0 + $1.count })
      #expect(counts.queuedHeapElements <= 2 * queue.queuedKeyCount + 1)
    }

    for (key, waiters) in model.wanted {
      for waiter in waiters {
        model.apply(queue.unwant(key, by: waiter, now: now))
      }
    }
    #expect(model.running.isEmpty)
    #expect(queue.runningCount == 0)
    #expect(queue.isIdle)
    #expect(queue.storageCounts.isEmpty, "\(queue.storageCounts)")
    #expect(model.deliveries > 1_000)
    #expect(model.failures > 100)
  }
}
