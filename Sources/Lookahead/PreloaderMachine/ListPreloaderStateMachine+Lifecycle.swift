import Foundation

// The list's lifecycle: memory warnings, the background, the list's visibility, and
// the clock's wake-ups.
extension ListPreloaderStateMachine {
  /// The system sent a memory warning: the ranges shrink to the visible items (or
  /// nothing, for a list off screen) until the next drag, and prefetches are
  /// cancelled. The driver empties its memory cache first; visible items are then
  /// loaded again, from the disk tier when there is one.
  ///
  /// - Parameters:
  ///   - now: The event's time.
  ///   - isCached: Whether a key's resource is ready in memory.
  /// - Returns: The actions to perform.
  package mutating func didReceiveMemoryWarning(now: Duration, isCached: (Key) -> Bool) -> [Action]
  {
    viewing.didReceiveMemoryWarning()
    return redecide(now: now, isCached: isCached)
  }

  /// The app went to the background: prefetching and paging stop, and only visible
  /// items keep their loads (none when the list is off screen).
  ///
  /// - Parameters:
  ///   - now: The event's time.
  ///   - isCached: Whether a key's resource is ready in memory.
  /// - Returns: The actions to perform.
  package mutating func didEnterBackground(now: Duration, isCached: (Key) -> Bool) -> [Action] {
    viewing.didEnterBackground()
    return redecide(now: now, isCached: isCached)
  }

  /// The app is back in the foreground: minimum ranges until the next drag.
  ///
  /// - Parameters:
  ///   - now: The event's time.
  ///   - isCached: Whether a key's resource is ready in memory.
  /// - Returns: The actions to perform.
  package mutating func willEnterForeground(now: Duration, isCached: (Key) -> Bool) -> [Action] {
    viewing.willEnterForeground()
    return redecide(now: now, isCached: isCached)
  }

  /// The list went on or off screen (its screen was covered by another, or came back).
  ///
  /// - Parameters:
  ///   - isVisible: Whether the list is on screen.
  ///   - now: The event's time.
  ///   - isCached: Whether a key's resource is ready in memory.
  /// - Returns: The actions to perform.
  package mutating func setListVisible(_ isVisible: Bool, now: Duration, isCached: (Key) -> Bool)
    -> [Action]
  {
    guard viewing.setListVisible(isVisible) else { return [] }
    return redecide(now: now, isCached: isCached)
  }

  /// Lets time pass: due retries of loads and pages start, and a due frame at rest is
  /// decided (see ``restFrameDelay``).
  ///
  /// Call it at the time of each ``ListPreloaderAction/scheduleWakeUp(at:)``; a later
  /// one replaces an earlier one.
  ///
  /// - Parameters:
  ///   - now: The current time.
  ///   - readiness: Which resources are ready in memory, for a frame at rest.
  /// - Returns: The actions to perform.
  package mutating func tick(now: Duration, readiness: some ResourceReadiness<Key>) -> [Action] {
    var actions: [Action] = []
    // A wake-up that has come is spent: the queue announces its next one, if any, and a
    // page retry due later must be announced even if it was once later than this one.
    schedule.wakeUps.spend(now: now)
    absorb(queueEvent { $0.tick(now: now) }, now: now, into: &actions)
    if schedule.wakeUps.takePageRetry(now: now) {
      actions += translate(pages.pager.tick(now: Timestamp(now)), now: now)
    }
    if cooldowns.expire(now: now, policy: configuration.loadQueue.retryPolicy) {
      // A key the strategy may want again: a frame at rest asks.
      requestRestFrame(now: now, after: .zero)
    }
    performRestFrame(now: now, readiness: readiness, into: &actions)
    announceWakeUp(into: &actions)
    return actions
  }

  /// Lets time pass, with readiness answered by a closure (see
  /// ``tick(now:readiness:)``).
  ///
  /// - Parameters:
  ///   - now: The current time.
  ///   - isCached: Whether a key's resource is ready in memory, for a frame at rest.
  /// - Returns: The actions to perform.
  package mutating func tick(now: Duration, isCached: (Key) -> Bool) -> [Action] {
    withoutActuallyEscaping(isCached) { isCached in
      tick(now: now, readiness: ClosureReadiness(isCached: isCached))
    }
  }

  /// Decides loads again at the current viewport, after an event that changed the
  /// rules rather than the offset.
  mutating func redecide(now: Duration, isCached: (Key) -> Bool) -> [Action] {
    var actions: [Action] = []
    withdrawHintsIfConstrained(now: now, into: &actions)
    withoutActuallyEscaping(isCached) { isCached in
      decideItems(now: now, readiness: ClosureReadiness(isCached: isCached), into: &actions)
    }
    return actions
  }
}
