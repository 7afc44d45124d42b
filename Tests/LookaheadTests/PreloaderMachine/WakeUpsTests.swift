import Testing

@testable import Lookahead

@Suite("A state machine's wake-ups")
struct WakeUpsTests {
  @Test("the earliest source is announced once, and again only when it changes")
  func announcesTheEarliestOnce() {
    var wakeUps = WakeUps()
    let nothing = wakeUps.announcement(restFrame: nil, coolDownEnd: nil)
    #expect(nothing == nil)
    wakeUps.queue = .milliseconds(300)
    wakeUps.pageRetry = .milliseconds(200)
    let first = wakeUps.announcement(restFrame: .milliseconds(250), coolDownEnd: nil)
    #expect(first == .milliseconds(200))
    let repeated = wakeUps.announcement(restFrame: .milliseconds(250), coolDownEnd: nil)
    #expect(repeated == nil)
    let cooldown = wakeUps.announcement(restFrame: nil, coolDownEnd: .milliseconds(150))
    #expect(cooldown == .milliseconds(150))
    #expect(wakeUps.announced == .milliseconds(150))
  }

  @Test("a tick spends the queue's and the announced wake-up it reached, not later ones")
  func spendsWhatCame() {
    var wakeUps = WakeUps()
    wakeUps.queue = .milliseconds(100)
    wakeUps.pageRetry = .milliseconds(400)
    _ = wakeUps.announcement(restFrame: nil, coolDownEnd: nil)
    wakeUps.spend(now: .milliseconds(99))
    #expect(wakeUps.queue == .milliseconds(100) && wakeUps.announced == .milliseconds(100))
    wakeUps.spend(now: .milliseconds(100))
    #expect(wakeUps.queue == nil && wakeUps.announced == nil)
    // The page retry, once announced before, is announced again after the tick.
    let retry = wakeUps.announcement(restFrame: nil, coolDownEnd: nil)
    #expect(retry == .milliseconds(400))
    let early = wakeUps.takePageRetry(now: .milliseconds(399))
    let due = wakeUps.takePageRetry(now: .milliseconds(400))
    #expect(!early && due)
    #expect(wakeUps.pageRetry == nil)
  }

  @Test("forgetting every wake-up lets the same time be announced again")
  func removeAll() {
    var wakeUps = WakeUps()
    wakeUps.queue = .milliseconds(50)
    let first = wakeUps.announcement(restFrame: nil, coolDownEnd: nil)
    wakeUps.removeAll()
    #expect(wakeUps == WakeUps())
    wakeUps.queue = .milliseconds(50)
    let again = wakeUps.announcement(restFrame: nil, coolDownEnd: nil)
    #expect(first == .milliseconds(50) && again == .milliseconds(50))
  }
}
