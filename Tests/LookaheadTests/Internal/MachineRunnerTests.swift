import LookaheadTestSupport
import Testing

@testable import Lookahead

/// A runner whose changes record their time and may ask for a wake-up; a wake-up records
/// its time.
private final class ToyRunner: MachineRunner {
  struct State: KeepsWakeUp {
    var wakeUp = WakeUpTimer()
    var changes: [Duration] = []
    var wakes: [Duration] = []
  }

  let locked = Locked(State())
  let now: @Sendable () -> Duration
  let sleep: @Sendable (Duration) async throws -> Void
  let performed = Locked<[String]>([])
  /// The times of the wake-ups, as they come.
  let wakes: AsyncStream<Duration>
  private let wakesContinuation: AsyncStream<Duration>.Continuation

  init(clock: ManualClock) {
    now = { clock.now.offset }
    sleep = { try await clock.sleep(until: .init(offset: $0)) }
    (wakes, wakesContinuation) = AsyncStream.makeStream()
  }

  func perform(_ effects: WakeUpTimer.Request?) {
    // Tried, not taken: a runner that performed under its lock fails instead of hanging.
    let isFree = locked.lock.try()
    if isFree { locked.lock.unlock() }
    performed.withLock { $0.append(isFree ? "after the lock" : "under the lock") }
    if let effects { scheduleWakeUp(effects) }
  }

  func wake() {
    run { state, now in
      state.wakes.append(now)
      return nil
    }
    wakesContinuation.yield(now())
  }

  func ask(at time: Duration) {
    run { state, now in
      state.changes.append(now)
      return state.wakeUp.ask(at: time)
    }
  }
}

@Suite("MachineRunner")
struct MachineRunnerTests {
  @Test("a change runs at the current time and its effects after the lock")
  func changeThenEffects() {
    let clock = ManualClock()
    let runner = ToyRunner(clock: clock)
    clock.advance(by: .milliseconds(5))
    runner.run { state, now in
      state.changes.append(now)
      return nil
    }
    #expect(runner.locked.withLock { $0.changes } == [.milliseconds(5)])
    #expect(runner.performed.withLock { $0 } == ["after the lock"])
  }

  @Test("only the latest wake-up asked for wakes the runner, at its time", .timeLimit(.minutes(1)))
  func latestWakeUpWins() async {
    let clock = ManualClock()
    let runner = ToyRunner(clock: clock)
    runner.ask(at: .milliseconds(100))
    runner.ask(at: .milliseconds(300))
    #expect(await clock.waitForSleepers(count: 1))
    #expect(clock.sleeperDeadlines.map(\.offset) == [.milliseconds(300)])
    clock.advance(to: .init(offset: .milliseconds(300)))
    var wakes = runner.wakes.makeAsyncIterator()
    #expect(await wakes.next() == .milliseconds(300))
    #expect(runner.locked.withLock { $0.wakes } == [.milliseconds(300)])
  }
}
