import Foundation
import LookaheadTestSupport
import Testing

@_spi(Machines) @testable import Lookahead

/// Frames at rest: an app reports offsets only when they change, so the machine asks for
/// the frames at an unchanged viewport that the simulator's trace would have had.
@Suite("ListPreloader rest frames") struct ListPreloaderRestFrameTests {
  typealias Harness = MachineHarness

  private static func wakeUps(_ actions: [Harness.Action]) -> [Duration] {
    actions.compactMap { if case .scheduleWakeUp(let at) = $0 { at } else { nil } }
  }

  /// An adaptive machine at rest on the first screen of a 20-post page, whose visible
  /// loads have all finished; returns the actions of the finishes.
  private static func restingWithTheScreenLoaded() -> (Harness, [Harness.Action]) {
    var harness = Harness(strategy: .adaptive)
    harness.start()
    harness.time = .milliseconds(400)
    harness.answerPage(ids(100, through: 81), next: "c81")
    harness.scroll(to: 0)
    var finishes: [Harness.Action] = []
    while let key = harness.running.keys.sorted().first {
      harness.time += .milliseconds(50)
      finishes += harness.finish(key, duration: .milliseconds(300))
    }
    return (harness, finishes)
  }

  @Test(
    "at rest the loads that waited for the screen start at the wake up a finished load asks for")
  func atRestTheLoadsThatWaitedForTheScreenStartAtTheWakeUpAFinishedLoadAsksFor() throws {
    var (harness, finishes) = Self.restingWithTheScreenLoaded()
    // The screen is loaded; what waited for it has not been decided, since no offset came.
    #expect(harness.running.isEmpty)
    let frame = try #require(harness.machine.tracker.lastTime)
    // Asked for at the first finish, 50 ms after the frame: due at once.
    let due = try #require(Self.wakeUps(finishes).last)
    #expect(due == frame + .milliseconds(50))
    let started = Harness.started(harness.tick(at: harness.time))
    #expect(!started.isEmpty)
    #expect(started.allSatisfy { !harness.cached.contains($0) })
    // The frame is a sample at the same offset, as a trace's frame at rest is.
    #expect(harness.machine.tracker.lastTime == harness.time)
    #expect(harness.machine.viewport.origin == .zero)
  }

  @Test("a frame from the driver answers a pending rest frame")
  func aFrameFromTheDriverAnswersAPendingRestFrame() throws {
    var (harness, _) = Self.restingWithTheScreenLoaded()
    harness.scroll(to: 0, after: .milliseconds(5))
    let sample = harness.time
    #expect(harness.tick(at: sample + .milliseconds(10)).isEmpty)
    #expect(harness.machine.tracker.lastTime == sample)
    #expect(harness.machine.schedule.restFrame == nil)
  }

  @Test("a viewport that stops without another sample settles after the velocity window")
  func aViewportThatStopsWithoutAnotherSampleSettlesAfterTheVelocityWindow() throws {
    var harness = Harness(strategy: .adaptive)
    harness.start()
    harness.answerPage(ids(100, through: 81), next: "c81")
    let frames = harness.fling(from: 0, speed: 3000, seconds: 0.1)
    #expect(harness.machine.tracker.isMoving)
    let lastSample = harness.time
    let request = try #require(harness.machine.schedule.restFrame)
    // Asked for at the first moving frame: by then more frames have come.
    #expect(request.due < lastSample + ListPreloaderStateMachine<TestPost, String>.settleDelay)
    #expect(Self.wakeUps(frames).contains(request.due))
    // Its wake-up finds later frames: the next one is asked for after the last sample.
    let next = Self.wakeUps(harness.tick(at: request.due))
    #expect(next == [lastSample + .milliseconds(100)])
    #expect(harness.machine.tracker.lastTime == lastSample)
    // That one is the frame at rest: the fit sees the content stand still, and no more
    // frames are asked for.
    harness.tick(at: lastSample + .milliseconds(100))
    #expect(harness.machine.tracker.lastTime == lastSample + .milliseconds(100))
    #expect(!harness.machine.tracker.isMoving)
    #expect(harness.machine.schedule.restFrame == nil)
  }

  @Test("cancelling everything leaves no frame at rest")
  func cancellingEverythingLeavesNoFrameAtRest() {
    var (harness, _) = Self.restingWithTheScreenLoaded()
    #expect(harness.machine.schedule.restFrame != nil)
    harness.perform(harness.machine.cancelAll(now: harness.time))
    #expect(harness.machine.schedule.restFrame == nil)
    #expect(harness.tick(at: harness.time + .seconds(1)).isEmpty)
  }

  @Test("nothing is asked for before the first frame")
  func nothingIsAskedForBeforeTheFirstFrame() {
    var harness = Harness(strategy: .adaptive)
    harness.start()
    let actions = harness.answerPage(ids(100, through: 81), next: "c81")
    #expect(Self.wakeUps(actions).isEmpty)
    #expect(harness.machine.schedule.restFrame == nil)
  }
}
