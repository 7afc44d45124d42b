import Testing

@testable import Lookahead

@Suite("A driver's wake-up timer")
struct WakeUpTimerTests {
  @Test("each installed wake-up replaces the one before, which is handed back to cancel")
  func replacesThePreviousTask() {
    var timer = WakeUpTimer()
    let first = Task {}
    let second = Task {}
    let firstRequest = timer.ask(at: .zero)
    #expect(timer.install(first, for: firstRequest) == nil)
    let secondRequest = timer.ask(at: .zero)
    #expect(timer.install(second, for: secondRequest) == first)
    #expect(timer.cancel() == second)
    #expect(timer.cancel() == nil)
  }

  @Test("a wake-up installed after a later one was asked for is handed back to cancel")
  func staleRequestIsRefused() {
    var timer = WakeUpTimer()
    let earlier = timer.ask(at: .zero)
    let later = timer.ask(at: .zero)
    let laterTask = Task {}
    let earlierTask = Task {}
    #expect(timer.install(laterTask, for: later) == nil)
    #expect(timer.install(earlierTask, for: earlier) == earlierTask)
    #expect(timer.cancel() == laterTask)
  }

  @Test("a cancelled timer refuses the task of a wake-up asked for before")
  func cancelDropsPendingRequest() {
    var timer = WakeUpTimer()
    let request = timer.ask(at: .zero)
    #expect(timer.cancel() == nil)
    let task = Task {}
    #expect(timer.install(task, for: request) == task)
    #expect(timer.cancel() == nil)
  }
}

@Suite("Tasks a driver starts outside its lock")
struct LockedTasksTests {
  /// Runs until its task is cancelled, then says so.
  private static func untilCancelled(_ done: AsyncStream<Void>.Continuation)
    -> @Sendable () async
    -> Void
  {
    {
      let (never, keep) = AsyncStream<Void>.makeStream()
      for await _ in never {}
      keep.finish()
      done.yield()
    }
  }

  @Test("a task its adopter declines is cancelled at once", .timeLimit(.minutes(1)))
  func declinedTaskIsCancelled() async {
    let locked = Locked(0)
    let (done, signal) = AsyncStream<Void>.makeStream()
    locked.startTask(Self.untilCancelled(signal)) { count, _ in
      count += 1
      return false
    }
    var events = done.makeAsyncIterator()
    await events.next()
    #expect(locked.withLock { $0 } == 1)
  }

  @Test("an adopted task keeps running until its owner cancels it", .timeLimit(.minutes(1)))
  func adoptedTaskRuns() async {
    let locked = Locked<Task<Void, Never>?>(nil)
    let (done, signal) = AsyncStream<Void>.makeStream()
    locked.startTask(Self.untilCancelled(signal)) { kept, task in
      kept = task
      return true
    }
    let task = locked.withLock { $0 }
    #expect(task?.isCancelled == false)
    task?.cancel()
    var events = done.makeAsyncIterator()
    await events.next()
  }

  @Test(
    "of two wake-ups started out of order, the later one asked for is kept", .timeLimit(.minutes(1))
  )
  func laterWakeUpWins() async {
    let locked = Locked(WakeUpTimer())
    let (earlierDone, earlierSignal) = AsyncStream<Void>.makeStream()
    let (earlier, later) = locked.withLock { ($0.ask(at: .zero), $0.ask(at: .zero)) }
    locked.startWakeUp(later, of: \.self, Self.untilCancelled(AsyncStream<Void>.makeStream().1))
    locked.startWakeUp(earlier, of: \.self, Self.untilCancelled(earlierSignal))
    var events = earlierDone.makeAsyncIterator()
    await events.next()
    let kept = locked.withLock { $0.cancel() }
    #expect(kept?.isCancelled == false)
    kept?.cancel()
  }
}
