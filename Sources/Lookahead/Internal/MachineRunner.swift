/// The runner under every driver that runs a state machine on a real clock
/// (``AsyncDriver`` and ``ListPreloader``).
///
/// A driver keeps its machine and its bookkeeping in one locked state. Every change
/// happens under the lock: an event from the app, a finished load, the wake-up the
/// machine asked for. The change turns the machine's actions into the driver's effects
/// there, taking from the state what they need (a task to cancel, a caller to resume),
/// and the effects are performed after the lock is released: tasks cancelled, callers
/// resumed, tasks started, the next wake-up scheduled last. A driver supplies only what
/// its machine needs beyond that: its effects and how to perform them, and what a
/// wake-up does. A change that also answers its caller (a call's id, a continuation)
/// takes the lock itself, under the same rule.
///
/// Drivers start their tasks through ``Locked/startTask(priority:_:adopt:)``, which lets
/// the state decline a task whose reason for starting has ended meanwhile; the runner
/// starts wake-ups through ``Locked/startWakeUp(_:of:_:)``.
protocol MachineRunner: AnyObject, Sendable {
  /// Everything the driver changes under its lock.
  associatedtype State: KeepsWakeUp
  /// The work a change leaves to do after the lock.
  associatedtype Effects

  /// The state and its lock.
  var locked: Locked<State> { get }
  /// The time since the driver's epoch.
  var now: @Sendable () -> Duration { get }
  /// Sleeps until a time since the driver's epoch; throws when cancelled.
  var sleep: @Sendable (Duration) async throws -> Void { get }

  /// Performs effects; never called with the lock held.
  func perform(_ effects: Effects)
  /// Called when the wake-up the machine asked for is due: runs the machine's tick.
  func wake()
}

/// A driver's state that keeps the one wake-up its machine asked for.
protocol KeepsWakeUp {
  /// The pending wake-up.
  var wakeUp: WakeUpTimer { get set }
}

extension MachineRunner {
  /// Runs `change` under the lock with the current time, then performs its effects.
  ///
  /// The time is read under the lock, so that changes see time in the order they happen.
  func run(_ change: (inout State, Duration) -> Effects) {
    let effects = locked.withLock { state in change(&state, now()) }
    perform(effects)
  }

  /// Starts the task of a wake-up asked for under the lock: it sleeps until the
  /// wake-up's time, then calls ``wake()``, unless a later wake-up replaced it.
  func scheduleWakeUp(_ request: WakeUpTimer.Request) {
    let sleep = sleep
    locked.startWakeUp(request, of: \.wakeUp) { [weak self] in
      do { try await sleep(request.time) } catch { return }
      self?.wake()
    }
  }
}
