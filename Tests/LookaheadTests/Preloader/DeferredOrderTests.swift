import Foundation
import Testing

@testable import Lookahead

/// The list preloader tells the load queue about changes of order only when the queue
/// may act on them (`ListPreloaderStateMachine.sendDeferredOrders()`). These tests drive
/// two machines through the same random session, one deferring and one telling the
/// queue at once, and require the same actions at every step.
@Suite struct DeferredOrderTests {
  /// One random session: flings, reversals and rests; loads that finish, fail or are
  /// joined by a cell; pages answered; wake-ups taken. Each step's actions must match.
  private func expectSameDecisions(strategy: PreloadStrategy, seed: UInt64) {
    var deferring = MachineHarness(strategy: strategy)
    var immediate = MachineHarness(strategy: strategy)
    immediate.machine.defersOrders = false
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
    for _ in 0..<2_000 {
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
        let before = deferring.machine.wanted.hasDeferredOrders
        guard step({ $0.scroll(to: position, after: .microseconds(16_667)) }) else { return }
        if !before && deferring.machine.wanted.hasDeferredOrders { deferredFrames += 1 }
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
            return harness.perform(harness.machine.tick(now: time))
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
            return harness.perform(harness.machine.tick(now: harness.time))
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
  func textureDecidesTheSame() {
    for seed in 1...4 as ClosedRange<UInt64> { expectSameDecisions(strategy: .texture, seed: seed) }
  }

  @Test("Adaptive decides the same whether frames defer changes of order or not")
  func adaptiveDecidesTheSame() {
    for seed in 1...4 as ClosedRange<UInt64> {
      expectSameDecisions(strategy: .adaptive, seed: seed)
    }
  }

  @Test("Changes of order wait while every slot is busy and reach the queue before it acts")
  func ordersWaitWhileTheQueueIsSettled() throws {
    var harness = MachineHarness()
    harness.start()
    harness.answerPage(Array(stride(from: 100, through: 41, by: -1)), next: "c41")
    harness.scroll(to: 0)
    harness.fling(from: 0, speed: 600, seconds: 0.5)
    // Six loads run, the rest wait: a slow scroll moves every waiting key's distance.
    #expect(harness.machine.runningLoadCount == 6)
    harness.scroll(to: 310)
    #expect(harness.machine.wanted.hasDeferredOrders)
    // A finished load frees a slot: the queue learns every deferred order first.
    let key = try #require(harness.running.keys.sorted().first)
    harness.finish(key)
    #expect(!harness.machine.wanted.hasDeferredOrders)
  }
}
