extension Locked {
  /// Starts `operation` as a task, then offers the task to `adopt` under the lock.
  ///
  /// A driver decides under its lock that work must start, and starts it after
  /// releasing the lock; by the time the task exists, what it was started for may have
  /// ended or been withdrawn by another thread. `adopt` records the task when it is
  /// still wanted and returns `true`; otherwise the task is cancelled at once.
  ///
  /// - Parameters:
  ///   - priority: The task's priority.
  ///   - operation: The work.
  ///   - adopt: Records the task in the locked value, or declines it.
  func startTask(
    priority: TaskPriority? = nil, _ operation: sending @escaping @isolated(any) () async -> Void,
    adopt: (inout Value, Task<Void, Never>) -> Bool
  ) {
    let task = Task(priority: priority, operation: operation)
    if !withLock({ adopt(&$0, task) }) { task.cancel() }
  }

  /// Starts the task of a wake-up asked for under the lock and installs it in the
  /// timer at `timer`, cancelling the task it replaces, or this one when a later wake-up
  /// was asked for meanwhile.
  ///
  /// - Parameters:
  ///   - request: The wake-up, from ``WakeUpTimer/ask(at:)``.
  ///   - timer: Where the locked value keeps its timer.
  ///   - operation: Sleeps until the wake-up's time, then wakes the driver.
  func startWakeUp(
    _ request: WakeUpTimer.Request, of timer: WritableKeyPath<Value, WakeUpTimer>,
    _ operation: sending @escaping @isolated(any) () async -> Void
  ) {
    let task = Task(operation: operation)
    withLock { $0[keyPath: timer].install(task, for: request) }?.cancel()
  }
}
