/// Runs deferred work in idle time: one task per idle turn, never while scrolling,
/// and at most ``maxTasks`` waiting (the oldest are dropped).
///
/// Use it for work that should not steal frames from scrolling: pre-rendering a
/// screen, decoding an image that is not on screen yet, writing a cache. Tell it
/// when scrolling starts and stops; an idle turn comes every `turnInterval` (about
/// a frame) while the list is at rest.
///
/// ```swift
/// let idle = IdleTaskQueue(clock: ContinuousClock())
/// func scrollViewWillBeginDragging(_: UIScrollView) { idle.scrollingBegan() }
/// func scrollViewDidEndDecelerating(_: UIScrollView) { idle.scrollingEnded() }
/// idle.enqueue { await thumbnails.prepare(for: upcomingItems) }
/// ```
///
/// Thread-safety: all methods are thread-safe and cheap enough to call from the
/// main thread during scrolling. Tasks run one after another, never concurrently,
/// on a background task; hop to the main actor inside a task when it must.
public final class IdleTaskQueue<C: Clock<Duration>>: Sendable {
  /// A unit of idle-time work.
  public typealias Work = @Sendable () async -> Void

  private struct State {
    var machine: IdleTaskQueueStateMachine<Work>
    var isRunning = false
    var generation = 0
    var runner: Task<Void, Never>?
  }

  private let state: Locked<State>
  private let clock: C
  private let turnInterval: Duration

  /// Creates a queue.
  ///
  /// - Parameters:
  ///   - maxTasks: The most tasks that may wait; must be > 0. Default 6.
  ///   - turnInterval: The time between two idle turns; about one frame by default.
  ///   - clock: The clock turns wait on; a manual clock in tests.
  public init(maxTasks: Int = 6, turnInterval: Duration = .milliseconds(16), clock: C) {
    precondition(turnInterval >= .zero, "turnInterval must be non-negative, got \(turnInterval)")
    self.state = Locked(State(machine: IdleTaskQueueStateMachine(maxTasks: maxTasks)))
    self.clock = clock
    self.turnInterval = turnInterval
  }

  deinit {
    state.withLock { $0.runner?.cancel() }
  }

  /// The most tasks that may wait.
  public var maxTasks: Int { state.withLock { $0.machine.maxTasks } }

  /// The number of waiting tasks.
  public var count: Int { state.withLock { $0.machine.count } }

  /// Adds a task; when more than ``maxTasks`` wait, the oldest is dropped and never
  /// runs.
  public func enqueue(_ work: @escaping Work) {
    state.withLock { _ = $0.machine.enqueue(work) }
    startIfNeeded()
  }

  /// Scrolling started: no task starts until ``scrollingEnded()``. A task already
  /// running finishes.
  public func scrollingBegan() {
    state.withLock { $0.machine.scrollingBegan() }
  }

  /// Scrolling stopped: idle turns resume.
  public func scrollingEnded() {
    state.withLock { _ = $0.machine.scrollingEnded() }
    startIfNeeded()
  }

  /// Drops every waiting task. A task already running finishes.
  public func removeAll() {
    state.withLock { _ = $0.machine.removeAll() }
  }

  private func startIfNeeded() {
    let generation = state.withLock { state -> Int? in
      guard !state.isRunning, state.machine.hasWorkForIdleTurn else { return nil }
      state.isRunning = true
      state.generation += 1
      return state.generation
    }
    guard let generation else { return }
    state.startTask(
      { [weak self] in await self?.runTurns() },
      adopt: { state, runner in
        // The runner may already have finished (and a newer one started): then there is
        // nothing to keep, and cancelling it changes nothing.
        guard state.isRunning, state.generation == generation else { return false }
        state.runner = runner
        return true
      })
  }

  private func runTurns() async {
    while true {
      do {
        try await clock.sleep(until: clock.now.advanced(by: turnInterval), tolerance: nil)
      } catch {
        state.withLock { state in
          state.isRunning = false
          state.runner = nil
        }
        return
      }
      let work = state.withLock { state -> Work? in
        let work = state.machine.nextTask()
        if work == nil {
          state.isRunning = false
          state.runner = nil
        }
        return work
      }
      guard let work else { return }
      await work()
    }
  }
}
