import Foundation

extension ListPreloaderStateMachine {
  // MARK: - Frames at rest

  /// How long after the last frame a frame at the unchanged viewport is due once a load
  /// or a page has finished: a frame and a half at 60 Hz, so that a driver that reports
  /// every frame's offset (a trace replay, a display link) always gets its own frame in
  /// first and the rest frame is never needed.
  ///
  /// The simulator decides at every frame of its trace, the viewport moving or not
  /// (docs/DESIGN.md, "Precise definitions"). An app reports offsets only when they change
  /// (`scrollViewDidScroll`, key-value observation), so at rest nothing would decide again:
  /// the prefetches that wait for the images on screen would never start, and a velocity
  /// measured at the last offset would never decay. So the machine asks for frames at rest
  /// itself, through ``ListPreloaderAction/scheduleWakeUp(at:)``: ``restFrameDelay`` after
  /// the last frame once a load or a page finished, and ``settleDelay`` after the last
  /// frame of a moving viewport. A wake-up (``tick(now:readiness:)``) performs the frame
  /// when no frame came since it was asked for. A driver that reports every frame anyway
  /// answers these requests with its own frames before they are due.
  package static var restFrameDelay: Duration { .milliseconds(25) }

  /// How long after the last frame of a moving viewport a frame at the same offset is
  /// due when no offset came since: the scroll tracker's velocity window (100 ms), after
  /// which its fit sees the content at rest.
  package static var settleDelay: Duration { .milliseconds(100) }

  /// The wake-up the machine last asked for with ``ListPreloaderAction/scheduleWakeUp(at:)``,
  /// until a ``tick(now:readiness:)`` at or after it.
  package var pendingWakeUp: Duration? { schedule.wakeUps.announced }

  /// Asks for a frame at the unchanged viewport `delay` after the last frame, and not
  /// before `now`; an earlier pending request stands. Nothing before the first frame.
  mutating func requestRestFrame(now: Duration, after delay: Duration) {
    schedule.requestRestFrame(now: now, after: delay)
  }

  /// Performs the pending rest frame when it is due: a frame at the current offset if
  /// none came since it was asked for; otherwise, while the viewport still moves, asks
  /// for the next one.
  mutating func performRestFrame<Readiness: ResourceReadiness<Key>>(
    now: Duration, readiness: Readiness, into actions: inout [Action]
  ) {
    switch schedule.takeRestFrame(now: now) {
    case nil: return
    case .answered:
      if viewing.tracker.isMoving { requestRestFrame(now: now, after: Self.settleDelay) }
      return
    case .due: break
    }
    // A list change whose shift the app has not reported yet: its next offset will.
    guard !viewing.hasPendingShift else { return }
    scrolled(to: viewport.origin, now: now, readiness: readiness, into: &actions)
  }
}
