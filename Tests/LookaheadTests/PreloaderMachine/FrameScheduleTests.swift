import Testing

@testable import Lookahead

@Suite("A state machine's frames at rest")
struct FrameScheduleTests {
  @Test("nothing is asked for before the first frame, and an earlier request stands")
  func requestsAfterTheFirstFrame() {
    var schedule = FrameSchedule()
    schedule.requestRestFrame(now: .milliseconds(10), after: .milliseconds(25))
    #expect(schedule.restFrame == nil)
    schedule.frameDecided(at: .milliseconds(16))
    schedule.requestRestFrame(now: .milliseconds(20), after: .milliseconds(100))
    #expect(schedule.restFrame?.due == .milliseconds(116))
    schedule.requestRestFrame(now: .milliseconds(20), after: .milliseconds(25))
    #expect(schedule.restFrame?.due == .milliseconds(41))
    schedule.requestRestFrame(now: .milliseconds(30), after: .milliseconds(100))
    #expect(schedule.restFrame?.due == .milliseconds(41))
    // Never before the event that asks.
    var late = FrameSchedule()
    late.frameDecided(at: .zero)
    late.requestRestFrame(now: .milliseconds(500), after: .milliseconds(25))
    #expect(late.restFrame?.due == .milliseconds(500))
  }

  @Test("a due frame at rest is answered by any frame decided after it was asked for")
  func dueOrAnswered() {
    var schedule = FrameSchedule()
    schedule.frameDecided(at: .zero)
    schedule.requestRestFrame(now: .zero, after: .milliseconds(25))
    let early = schedule.takeRestFrame(now: .milliseconds(24))
    let due = schedule.takeRestFrame(now: .milliseconds(25))
    #expect(early == nil && due == .due)
    #expect(schedule.restFrame == nil)
    schedule.requestRestFrame(now: .milliseconds(30), after: .milliseconds(25))
    schedule.frameDecided(at: .milliseconds(40))
    let answered = schedule.takeRestFrame(now: .milliseconds(60))
    let taken = schedule.takeRestFrame(now: .milliseconds(60))
    #expect(answered == .answered && taken == nil)
  }

  @Test("the frame at rest is one of the wake-ups announced, and forgotten with them")
  func announcesTheRestFrame() {
    var schedule = FrameSchedule()
    schedule.frameDecided(at: .zero)
    schedule.wakeUps.queue = .milliseconds(300)
    schedule.requestRestFrame(now: .zero, after: .milliseconds(25))
    let first = schedule.announcement(coolDownEnd: nil)
    let repeated = schedule.announcement(coolDownEnd: nil)
    #expect(first == .milliseconds(25) && repeated == nil)
    schedule.removeAll()
    #expect(schedule.restFrame == nil && schedule.wakeUps.queue == nil)
    let afterRemoval = schedule.announcement(coolDownEnd: nil)
    #expect(afterRemoval == nil)
  }
}
