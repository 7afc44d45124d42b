@_spi(Machines) @_spi(Inspection) import Lookahead
import Testing

@Suite("LoadQueue cancellation windows")
struct LoadQueueCancellationTests {
  @Test("start then stop in the same tick cancels the load and forgets the key")
  func startThenStopInTheSameTick() {
    var script = LoadQueueScript()
    script.run([
      (.want("a", by: 1, .preload), ["start a preload"]),
      (.unwant("a", by: 1), ["cancel a"]),
      (.finishCancelledAttempt("a"), []),
    ])
    #expect(script.queue.storageCounts.isEmpty)
  }

  @Test("cancel while queued removes the key so it never starts")
  func cancelWhileQueued() {
    var script = LoadQueueScript(LoadQueueConfiguration(maximumConcurrentLoads: 1))
    script.run([
      (.want("a", by: 1, .visible), ["start a visible"]),
      (.want("b", by: 1, .preload), []),
      (.unwant("b", by: 1), []),
      (.finish("a"), ["deliver a → [1]"]),
    ])
    #expect(script.queue.storageCounts.isEmpty)
  }

  @Test("cancel while running cancels only when the last waiter leaves")
  func cancelWhileRunning() {
    var script = LoadQueueScript()
    script.run([
      (.want("a", by: 1, .visible), ["start a visible"]),
      (.want("a", by: 2, .preload), []),
      (.unwant("a", by: 1), []),
      (.unwant("a", by: 2), ["cancel a"]),
      (.failCancelledAttempt("a"), []),
    ])
    #expect(script.queue.storageCounts.isEmpty)
  }

  @Test("cancel after finish is harmless")
  func cancelAfterFinish() {
    var script = LoadQueueScript()
    script.run([
      (.want("a", by: 1, .visible), ["start a visible"]),
      (.finish("a"), ["deliver a → [1]"]),
      (.unwant("a", by: 1), []),
    ])
  }

  @Test("cancelling twice is harmless")
  func cancelTwice() {
    var script = LoadQueueScript()
    script.run([
      (.want("a", by: 1, .visible), ["start a visible"]),
      (.unwant("a", by: 1), ["cancel a"]),
      (.unwant("a", by: 1), []),
      (.unwant("never-wanted", by: 1), []),
    ])
  }

  @Test("cancel during backoff forgets the retry")
  func cancelDuringBackoff() {
    var script = LoadQueueScript(
      LoadQueueConfiguration(retryPolicy: RetryPolicy(initialDelay: .seconds(1), jitter: 0)))
    script.run([
      (.want("a", by: 1, .visible), ["start a visible"]),
      (.fail("a", .transient), ["wake at 1.0 seconds"]),
      (.unwant("a", by: 1), []),
      (.advance(to: .seconds(1)), []),
    ])
    #expect(script.queue.storageCounts.isEmpty)
  }

  @Test("a cancelled key wanted again starts a fresh attempt; the old outcome is ignored")
  func restartAfterCancel() {
    var script = LoadQueueScript()
    script.run([
      (.want("a", by: 1, .visible), ["start a visible"]),
      (.unwant("a", by: 1), ["cancel a"]),
      (.want("a", by: 2, .visible), ["start a visible"]),
      (.finishCancelledAttempt("a"), []),
      (.finish("a"), ["deliver a → [2]"]),
    ])
  }
}
