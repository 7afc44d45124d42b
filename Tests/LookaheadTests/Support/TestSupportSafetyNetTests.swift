import Lookahead
import LookaheadTestSupport
import Testing

/// The real-time safety net of the test doubles: a wait whose condition never holds
/// ends with a failure instead of hanging the run, and a wait whose condition holds
/// ends at once.
@Suite("Test support safety net")
struct TestSupportSafetyNetTests {
  @Test("ScriptedLoader.waitUntil returns false when its condition never holds")
  func loaderWaitTimesOut() async throws {
    let loader = ScriptedLoader<Int, String>()
    let held = await loader.waitUntil(timeout: .milliseconds(20)) { $0.totalStarts > 0 }
    #expect(!held)
    // The expired waiter is gone: a later change resumes nobody twice.
    let task = Task { try await loader.load(1) }
    #expect(await loader.waitUntil { $0.pendingKeys == [1] })
    loader.succeed(1, with: "one")
    #expect(try await task.value == "one")
  }

  @Test("ScriptedLoader.waitUntil returns true at once when its condition already holds")
  func loaderWaitAlreadySatisfied() async {
    let loader = ScriptedLoader<Int, String>()
    #expect(await loader.waitUntil { $0.totalStarts == 0 })
  }

  @Test("ManualClock.waitForSleepers gives up after its timeout and still wakes on sleepers")
  func clockWaitTimesOut() async throws {
    let clock = ManualClock()
    #expect(await !clock.waitForSleepers(count: 1, timeout: .milliseconds(20)))
    let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
    #expect(await clock.waitForSleepers(count: 1))
    #expect(clock.sleeperCount == 1)
    clock.advance(by: .seconds(1))
    try await sleeper.value
  }
}
