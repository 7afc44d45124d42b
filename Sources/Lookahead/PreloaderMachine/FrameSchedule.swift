/// When a list preloader's state machine decides next without a frame of the driver's:
/// the frames decided so far, the frame at rest the machine wants, and the wake-ups it
/// asks its driver for.
///
/// The scheduling part of `ListPreloaderStateMachine`. An app reports offsets only
/// when they change, so the machine asks for frames at the unchanged viewport itself
/// (after a load or a page finishes, and after the last offset of a moving viewport);
/// a frame of the driver's that comes first answers such a request. The machine asks
/// for each wake-up through ``ListPreloaderAction/scheduleWakeUp(at:)``, and only when
/// the earliest one changes (see ``WakeUps``).
///
/// A value type; thread-safe.
struct FrameSchedule: Sendable {
  /// What a due frame at rest comes to.
  enum RestFrame: Sendable, Hashable {
    /// A frame came since it was asked for: nothing to decide.
    case answered
    /// No frame came since: decide one at the unchanged viewport.
    case due
  }

  /// The time of the last frame, if any.
  private(set) var lastFrameTime: Duration?
  /// The frames decided so far.
  private(set) var frameCount = 0
  /// The frame at the unchanged viewport that is wanted, if any.
  private(set) var restFrame: RestFrameRequest?
  /// The wake-ups of the load queue and the page retry, and the one last announced.
  var wakeUps = WakeUps()

  /// A frame was decided at `now`.
  mutating func frameDecided(at now: Duration) {
    lastFrameTime = now
    frameCount += 1
  }

  /// Asks for a frame at the unchanged viewport `delay` after the last frame, and not
  /// before `now`; an earlier pending request stands. Nothing before the first frame.
  mutating func requestRestFrame(now: Duration, after delay: Duration) {
    guard let lastFrameTime else { return }
    let due = Swift.max(now, lastFrameTime + delay)
    if let restFrame, restFrame.due <= due { return }
    restFrame = RestFrameRequest(due: due, afterFrame: frameCount)
  }

  /// Takes the pending frame at rest if it is due at `now`.
  ///
  /// - Returns: What it comes to, or `nil` when none is due.
  mutating func takeRestFrame(now: Duration) -> RestFrame? {
    guard let request = restFrame, request.due <= now else { return nil }
    restFrame = nil
    return frameCount > request.afterFrame ? .answered : .due
  }

  /// The earliest wake-up, if it differs from the one last announced; it becomes the
  /// announced one.
  ///
  /// - Parameter coolDownEnd: When the first cool-down ends, if any.
  /// - Returns: The wake-up to ask the driver for, or `nil` when nothing changed.
  mutating func announcement(coolDownEnd: Duration?) -> Duration? {
    wakeUps.announcement(restFrame: restFrame?.due, coolDownEnd: coolDownEnd)
  }

  /// Forgets every wake-up and the frame at rest: nothing decides again until the
  /// driver's next frame.
  mutating func removeAll() {
    wakeUps.removeAll()
    restFrame = nil
  }
}

/// A frame at the unchanged viewport that the machine wants.
struct RestFrameRequest: Sendable, Hashable {
  /// When it is due.
  var due: Duration
  /// How many frames had been decided when it was asked for: any later frame answers
  /// it (one at the same time as the event that asked, too: the simulator decides a
  /// frame after the completions of its time).
  var afterFrame: Int
}
