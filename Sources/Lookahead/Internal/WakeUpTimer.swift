/// The one wake-up a driver keeps in its locked state: the task that sleeps until the
/// time its state machine last asked for, then calls the driver's `wake()`.
///
/// A wake-up is asked for under the driver's lock (``ask(at:)``), and its task is started
/// after the lock is released (``Locked/startWakeUp(_:of:_:)``). Two threads may thus
/// install the tasks of two wake-ups in either order: only the task of the latest one
/// asked for is kept, and every other task is cancelled.
struct WakeUpTimer {
  /// A wake-up asked for, whose task is yet to be started.
  struct Request: Sendable, Hashable {
    /// When the wake-up is due, since the driver's epoch.
    let time: Duration
    fileprivate let generation: UInt64
  }

  private var task: Task<Void, Never>?
  private var generation: UInt64 = 0

  /// Asks for a wake-up at `time` that replaces the pending one.
  ///
  /// - Parameter time: When the wake-up is due, since the driver's epoch.
  /// - Returns: The request to start its task with, outside the lock.
  mutating func ask(at time: Duration) -> Request {
    generation &+= 1
    return Request(time: time, generation: generation)
  }

  /// Keeps `task`, started for `request`, as the pending wake-up.
  ///
  /// - Returns: The task to cancel: the one `task` replaces, or `task` itself when a
  ///   later wake-up was asked for, or the timer cancelled, since `request`.
  mutating func install(_ task: Task<Void, Never>, for request: Request) -> Task<Void, Never>? {
    guard request.generation == generation else { return task }
    defer { self.task = task }
    return self.task
  }

  /// Drops the pending wake-up, also one asked for whose task is not installed yet.
  ///
  /// - Returns: The task to cancel, if one was installed.
  mutating func cancel() -> Task<Void, Never>? {
    generation &+= 1
    defer { task = nil }
    return task
  }
}
