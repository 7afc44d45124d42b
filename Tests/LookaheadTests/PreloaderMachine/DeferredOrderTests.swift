import Foundation
import Testing

@_spi(Machines) @_spi(Inspection) @_spi(Simulation) @testable import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// The list preloader tells the load queue about changes of order only when the queue
/// may act on them (`ListPreloaderStateMachine.sendDeferredOrders()`). These tests drive
/// two machines through the same random session, one deferring and one telling the
/// queue at once, and require the same actions at every step.
@Suite("Deferred orders") struct DeferredOrderTests {
  /// One random session: flings, reversals and rests; loads that finish, fail or are
  /// joined by a cell; pages answered; wake-ups taken. Each step's actions must match.
  private func expectSameDecisions(strategy: PreloadStrategy, seed: UInt64) async {
    var deferring = MachineHarness(strategy: strategy)
    var immediate = MachineHarness(strategy: strategy)
    immediate.machine.wanted.defersOrders = false
    var random = SplitMix64(seed: seed)
    var offset: CGFloat = 0
    var speed: CGFloat = 0
    var nextPost = 100_000
    var nextRequest: UInt64 = 1
    var requested: [(key: String, id: UInt64)] = []
    var deferredFrames = 0

    func step(_ event: (inout MachineHarness) -> [MachineHarness.Action]) -> Bool {
      let expected = event(&immediate).map(\.description)
      let actual = event(&deferring).map(\.description)
      #expect(actual == expected)
      return actual == expected
    }

    guard step({ $0.start() }) else { return }
    for event in 0..<2_000 {
      // Yields now and then, so that the async tests running beside it get the
      // cooperative pool's threads.
      if event % 100 == 0 { await Task.yield() }
      let roll = random.nextUnit()
      if !deferring.fetching.isEmpty && roll < 0.05 {
        let ids = Array(stride(from: nextPost, to: nextPost - 20, by: -1))
        nextPost -= 20
        guard step({ $0.answerPage(ids, next: "c\(nextPost)") }) else { return }
      } else if roll < 0.75 {
        if random.nextUnit() < 0.04 {
          // A new gesture: a fling either way, a slow drag or a rest.
          speed = [0, 0, 300, -300, 2_500, -2_500, 5_000][Int(random.next() % 7)]
        }
        let length = deferring.machine.geometry.contentLength
        offset = min(max(0, offset + speed / 60), max(0, length - 1_000))
        let position = offset
        let before = deferring.machine.wanted.set.hasDeferredOrders
        guard step({ $0.scroll(to: position, after: .microseconds(16_667)) }) else { return }
        if !before && deferring.machine.wanted.set.hasDeferredOrders { deferredFrames += 1 }
      } else if roll < 0.88, let key = deferring.running.keys.sorted().first {
        guard step({ $0.finish(key) }) else { return }
      } else if roll < 0.91, let key = deferring.running.keys.sorted().last {
        let fail = { (harness: inout MachineHarness) -> [MachineHarness.Action] in
          guard let ticket = harness.running.removeValue(forKey: key) else { return [] }
          return harness.perform(
            harness.machine.loadFailed(
              key, ticket: ticket, error: .transient(URLError(.networkConnectionLost)),
              now: harness.time))
        }
        guard step(fail) else { return }
      } else if roll < 0.95 {
        let time = deferring.time + .milliseconds(Int64(random.next() % 900))
        guard
          step({ harness in
            harness.time = time
            return harness.tick(at: time)
          })
        else { return }
      } else if roll < 0.98 {
        // A cell asks for an item near the viewport, or gives up its request.
        if let last = requested.last, random.nextUnit() < 0.5 {
          requested.removeLast()
          guard
            step({ harness in
              harness.perform(
                harness.machine.withdrawRequest(last.key, id: last.id, now: harness.time))
            })
          else { return }
        } else if deferring.machine.items.count > 0 {
          let first = Int(offset / 100)
          let item = min(first + Int(random.next() % 12), deferring.machine.items.count - 1)
          let key = MachineHarness.key(deferring.machine.items[item].id)
          let id = nextRequest
          nextRequest += 1
          requested.append((key, id))
          guard
            step({ harness in
              harness.perform(harness.machine.request(key, id: id, now: harness.time))
            })
          else { return }
        }
      } else {
        guard
          step({ harness in
            harness.time += .milliseconds(40)
            return harness.tick(at: harness.time)
          })
        else { return }
      }
      // Tickets differ (the queue numbers fewer updates), the loads may not.
      #expect(Set(deferring.running.keys) == Set(immediate.running.keys))
    }
    // The session must have exercised deferral, or the test proves nothing.
    #expect(deferredFrames > 20)
  }

  @Test("Texture decides the same whether frames defer changes of order or not")
  func textureDecidesTheSame() async {
    for seed in 1...4 as ClosedRange<UInt64> {
      await expectSameDecisions(strategy: .texture, seed: seed)
    }
  }

  @Test("adaptive decides the same whether frames defer changes of order or not")
  func adaptiveDecidesTheSame() async {
    for seed in 1...4 as ClosedRange<UInt64> {
      await expectSameDecisions(strategy: .adaptive, seed: seed)
    }
  }

  @Test("changes of order wait while every slot is busy and reach the queue before it acts")
  func ordersWaitWhileTheQueueIsSettled() throws {
    var harness = MachineHarness()
    harness.start()
    harness.answerPage(Array(stride(from: 100, through: 41, by: -1)), next: "c41")
    harness.scroll(to: 0)
    harness.fling(from: 0, speed: 600, seconds: 0.5)
    // Six loads run, the rest wait: a slow scroll moves every waiting key's distance.
    #expect(harness.machine.runningLoadCount == 6)
    harness.scroll(to: 310)
    #expect(harness.machine.wanted.set.hasDeferredOrders)
    // A finished load frees a slot: the queue learns every deferred order first.
    let key = try #require(harness.running.keys.sorted().first)
    harness.finish(key)
    #expect(!harness.machine.wanted.set.hasDeferredOrders)
  }
}

/// A policy that answers from a script shared with the test, whatever the viewport.
private final class AnswerScript: @unchecked Sendable {
  var answer: [PreloadRequest] = []
}

private struct ScriptedPolicy: ItemPolicy {
  let script: AnswerScript

  mutating func wantedItems<Layout: ItemLayout>(
    for input: PolicyInput<Layout>, status: some LoadStatus, into requests: inout [PreloadRequest]
  ) {
    requests.append(contentsOf: script.answer)
  }
}

/// A list preloader whose policy is scripted, over posts whose resource keys may be
/// shared (`keys`), with `slots` connections; records the loads it runs.
private struct ScriptedMachine {
  typealias Machine = ListPreloaderStateMachine<TestPost, String>

  let script = AnswerScript()
  var machine: Machine
  var running: [String: LoadTicket] = [:]
  var time: Duration = .zero

  init(posts: Int, keys: @escaping @Sendable (Int) -> String, slots: Int, defers: Bool) {
    let script = self.script
    machine = Machine(
      strategy: PreloadStrategy(
        id: "scripted", paging: .manual, policy: ScriptedPolicy(script: script)),
      configuration: ListPreloaderConfiguration(
        viewportSize: CGSize(width: 390, height: 1000),
        loadQueue: LoadQueueConfiguration(maximumConcurrentLoads: slots),
        interfaceStateTuning: nil),
      resourceKey: { keys($0.id) }, itemLength: { _ in 100 })
    machine.wanted.defersOrders = defers
    let fetch = machine.start(now: .zero).compactMap {
      if case .fetchPage(let request) = $0 { request } else { nil }
    }
    _ = machine.pageLoaded(
      fetch[0], page: page(Array((1...posts).reversed()), next: nil, hasMore: false), now: .zero)
  }

  /// Records the loads the actions start and cancel; returns their descriptions.
  mutating func perform(_ actions: [Machine.Action]) -> [String] {
    for action in actions {
      switch action {
      case .startLoad(let key, let ticket, _): running[key] = ticket
      case .cancelLoad(let key, _): running[key] = nil
      default: break
      }
    }
    return actions.map(\.description)
  }

  /// One frame answering `answer`.
  mutating func frame(_ answer: [PreloadRequest]) -> [String] {
    script.answer = answer
    time += .milliseconds(16)
    return perform(machine.scrolled(to: .zero, now: time) { _ in false })
  }

  mutating func finish(_ key: String) -> [String] {
    guard let ticket = running.removeValue(forKey: key) else { return [] }
    return perform(
      machine.loadFinished(
        key, ticket: ticket, bytes: 1_000, duration: .milliseconds(100), source: .network,
        now: time))
  }
}

@Suite("Deferred orders, scripted") struct DeferredOrderScriptedTests {
  private static func request(_ item: Int, _ priority: LoadPriority, _ order: Double)
    -> PreloadRequest
  {
    PreloadRequest(item: item, priority: priority, order: order)
  }

  /// Runs the same answers through a deferring and an immediate machine.
  private static func expectSameDecisions(
    posts: Int, keys: @escaping @Sendable (Int) -> String, slots: Int,
    frames: [[PreloadRequest]]
  ) {
    var deferring = ScriptedMachine(posts: posts, keys: keys, slots: slots, defers: true)
    var immediate = ScriptedMachine(posts: posts, keys: keys, slots: slots, defers: false)
    for (index, answer) in frames.enumerated() {
      #expect(deferring.frame(answer) == immediate.frame(answer), "frame \(index)")
    }
  }

  @Test("a change of class drops a deferred order; a later change of order is deferred anew")
  func aDroppedDeferralIsCountedAgain() {
    // Keys a, b, k, n at positions 0–3; two connections.
    let a = 0
    let b = 1
    let k = 2
    let n = 3
    Self.expectSameDecisions(
      posts: 4, keys: { "key-\($0)" }, slots: 2,
      frames: [
        [
          Self.request(a, .visible, 0), Self.request(b, .visible, 0.1),
          Self.request(k, .preload, 5), Self.request(n, .visible, 0.6),
        ],
        [
          Self.request(a, .visible, 0), Self.request(b, .visible, 0.1),
          Self.request(k, .preload, 4), Self.request(n, .visible, 0.6),
        ],
        [
          Self.request(a, .visible, 0), Self.request(b, .visible, 0.1),
          Self.request(k, .visible, 0.5), Self.request(n, .visible, 0.6),
        ],
        // a leaves the screen: a visible key preempts it, by the orders of this frame.
        [
          Self.request(a, .preload, 0), Self.request(b, .visible, 0.1),
          Self.request(k, .visible, 0.7), Self.request(n, .visible, 0.6),
        ],
      ])
  }

  @Test("a key named twice is reported where its most urgent request is, deferred or not")
  func aKeyNamedTwice() {
    // Positions 1 and 2 share one key; one connection.
    Self.expectSameDecisions(
      posts: 4, keys: { $0 == 2 || $0 == 3 ? "shared" : "key-\($0)" }, slots: 1,
      frames: [
        [Self.request(0, .visible, 0), Self.request(1, .preload, 5)],
        [
          Self.request(1, .preload, 4), Self.request(3, .visible, 1),
          Self.request(2, .visible, 1),
        ],
      ])
  }

  @Test("random answers with shared keys, classes that change and loads that finish agree")
  func randomAnswersAgree() {
    for seed in 1...6 as ClosedRange<UInt64> {
      var random = SplitMix64(seed: seed)
      let posts = 14
      // Some posts share a key, as two cells showing one avatar do.
      let keys: @Sendable (Int) -> String = { "key-\($0 % 11)" }
      let slots = 1 + Int(seed % 3)
      var deferring = ScriptedMachine(posts: posts, keys: keys, slots: slots, defers: true)
      var immediate = ScriptedMachine(posts: posts, keys: keys, slots: slots, defers: false)
      var classes = (0..<posts).map { _ in LoadPriority.preload }
      var orders = (0..<posts).map { Double($0) }
      for step in 0..<600 {
        if random.nextUnit() < 0.2, let key = deferring.running.keys.sorted().first {
          let expected = immediate.finish(key)
          #expect(deferring.finish(key) == expected, "seed \(seed) step \(step)")
          continue
        }
        // Mostly orders drift; sometimes an item changes class or leaves.
        for item in 0..<posts {
          orders[item] += Double(random.nextInt(in: -2...2)) * 0.5
          if random.nextUnit() < 0.08 {
            classes[item] = [.visible, .display, .preload][random.nextInt(in: 0...2)]
          }
        }
        let start = random.nextInt(in: 0...4)
        let answer = (start..<posts).filter { _ in random.nextUnit() < 0.85 }.map {
          Self.request($0, classes[$0], orders[$0])
        }
        let expected = immediate.frame(answer)
        #expect(deferring.frame(answer) == expected, "seed \(seed) step \(step)")
        #expect(Set(deferring.running.keys) == Set(immediate.running.keys))
      }
    }
  }
}
