import Foundation

extension ListPreloaderStateMachine {
  // MARK: - Cooldowns

  /// A load of `key` finished, but the memory tier did not keep its resource (it costs
  /// more than the tier's entry limit): report it after
  /// ``loadFinished(_:ticket:bytes:duration:source:now:)``. The strategy does not ask
  /// for the key again until a cooldown has passed (see ``LoadCooldowns``), instead of
  /// loading it again on every frame.
  ///
  /// - Parameters:
  ///   - key: The resource that was handed to its waiters but not kept.
  ///   - now: The current time.
  /// - Returns: The actions to perform (a wake-up for the cooldown's end).
  package mutating func resourceNotKept(_ key: Key, now: Duration) -> [Action] {
    var actions: [Action] = []
    coolDown(key, now: now)
    announceWakeUp(into: &actions)
    return actions
  }

  /// Starts or lengthens the cooldown of `key`, continuing the retry policy's backoff.
  mutating func coolDown(_ key: Key, now: Duration) {
    _ = cooldowns.record(key, now: now, policy: configuration.loadQueue.retryPolicy)
  }
}
