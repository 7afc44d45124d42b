import LookaheadTestSupport
import Testing

@testable import Lookahead

@Suite("IdleTaskQueueStateMachine") struct IdleTaskQueueStateMachineTests {
  @Test("runs only when idle")
  func runsOnlyWhenIdle() {
    var queue = IdleTaskQueueStateMachine<Int>()
    queue.scrollingBegan()
    queue.enqueue(1)
    #expect(queue.nextTask() == nil)
    #expect(queue.count == 1)
    let hasWork = queue.scrollingEnded()
    #expect(hasWork)
    #expect(queue.nextTask() == 1)
  }

  @Test("hands out one task per idle turn oldest first")
  func handsOutOneTaskPerIdleTurnOldestFirst() {
    var queue = IdleTaskQueueStateMachine<Int>()
    for task in 1...3 { queue.enqueue(task) }
    #expect(queue.nextTask() == 1)
    #expect(queue.count == 2)
    #expect(queue.nextTask() == 2)
    #expect(queue.nextTask() == 3)
    #expect(queue.nextTask() == nil)
    let hasWork = queue.scrollingEnded()
    #expect(!hasWork)
  }

  @Test("drops the oldest past the bound")
  func dropsTheOldestPastTheBound() {
    var queue = IdleTaskQueueStateMachine<Int>()
    #expect(queue.maxTasks == 6)
    var dropped: [Int] = []
    for task in 1...9 { dropped += queue.enqueue(task) }
    #expect(dropped == [1, 2, 3])
    #expect(queue.count == 6)
    let removed = queue.removeAll()
    #expect(removed == [4, 5, 6, 7, 8, 9])
    #expect(queue.count == 0)
  }
}

@Suite("IdleTaskQueue") struct IdleTaskQueueTests {
  @Test("runs one task per turn only after scrolling ends")
  func runsOneTaskPerTurnOnlyAfterScrollingEnds() async throws {
    let clock = ManualClock()
    let queue = IdleTaskQueue(maxTasks: 3, turnInterval: .milliseconds(16), clock: clock)
    let (ran, ranContinuation) = AsyncStream<Int>.makeStream()
    var ranIterator = ran.makeAsyncIterator()

    queue.scrollingBegan()
    for task in 1...5 { queue.enqueue { ranContinuation.yield(task) } }
    #expect(queue.count == 3)  // 1 and 2 were dropped
    #expect(clock.sleeperCount == 0)  // nothing waits for a turn while scrolling

    queue.scrollingEnded()
    await clock.waitForSleepers(count: 1)
    clock.advance(by: .milliseconds(16))
    #expect(await ranIterator.next() == 3)
    #expect(queue.count == 2)

    // The next turn is one interval later.
    await clock.waitForSleepers(count: 1)
    clock.advance(by: .milliseconds(15))
    #expect(queue.count == 2)
    clock.advance(by: .milliseconds(1))
    #expect(await ranIterator.next() == 4)

    // Scrolling again: the pending turn hands out nothing.
    queue.scrollingBegan()
    await clock.waitForSleepers(count: 1)
    clock.advance(by: .milliseconds(16))
    #expect(queue.count == 1)
    queue.scrollingEnded()
    await clock.waitForSleepers(count: 1)
    clock.advance(by: .milliseconds(16))
    #expect(await ranIterator.next() == 5)
    #expect(queue.count == 0)
  }
}
