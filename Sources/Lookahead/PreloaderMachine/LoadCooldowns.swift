import Foundation

/// The keys whose last load ended without a resource the memory tier kept, and when the
/// strategy may ask for each again.
///
/// The load queue retries a transient failure a few times, then gives the key up; a
/// permanent failure it gives up at once. The strategy still wants an item on screen, so
/// without a memory of the failure it would queue the key again on the next frame: a
/// missing image (a 404) would be requested sixty times a second. The same holds for a
/// resource the memory tier refuses (costlier than its entry limit): it loads, is
/// handed to the cells that wait for it, and is not ready on the next frame.
///
/// So a key that ends that way *cools down*: the strategy does not ask for it until the
/// retry policy's backoff, continued past the queue's own retries, has passed. Each
/// further failure doubles the wait, up to the policy's largest delay; a load that
/// ends with the resource kept forgets the key. A key nobody failed for twice the
/// largest delay is forgotten too, so the memory stays as small as the set of keys
/// failing now.
///
/// A value type; not thread-safe on its own (the state machine owns it).
struct LoadCooldowns<Key: Hashable & Sendable>: Sendable {
  private struct Entry: Sendable {
    /// How many times in a row the key ended without a kept resource.
    var failures: Int
    /// Until when the strategy does not ask for the key.
    var until: Duration
  }

  private var entries: [Key: Entry] = [:]
  /// The earliest end of a cooldown still running, if any.
  private(set) var nextExpiry: Duration?

  /// Whether no key cools down now (entries whose cooldown ended may remain).
  var isQuiet: Bool { nextExpiry == nil }

  /// Starts or lengthens the cooldown of `key`.
  ///
  /// - Parameters:
  ///   - key: The key whose load ended without a kept resource.
  ///   - now: The current time.
  ///   - policy: The load queue's retry policy, whose backoff the cooldown continues.
  /// - Returns: When the cooldown ends.
  mutating func record(_ key: Key, now: Duration, policy: RetryPolicy) -> Duration {
    let failures = (entries[key]?.failures ?? 0) + 1
    let delay = policy.delay(beforeRetry: policy.maximumRetries + failures, unit: 0)
    let until = now + delay
    entries[key] = Entry(failures: failures, until: until)
    if until > now { nextExpiry = Swift.min(nextExpiry ?? until, until) }
    return until
  }

  /// Whether the strategy must not ask for `key` at `now`.
  ///
  /// - Complexity: O(1).
  func blocks(_ key: Key, now: Duration) -> Bool {
    guard nextExpiry != nil, let entry = entries[key] else { return false }
    return entry.until > now
  }

  /// Forgets `key`: its last load ended with its resource kept.
  mutating func forget(_ key: Key) {
    guard !entries.isEmpty else { return }
    entries[key] = nil
  }

  /// Ends the cooldowns due by `now` and forgets keys that have not failed for twice
  /// `policy`'s largest delay.
  ///
  /// - Returns: Whether a cooldown ended: the strategy may want its key again.
  /// - Complexity: O(*n*) for *n* remembered keys when a cooldown is due; O(1) otherwise.
  mutating func expire(now: Duration, policy: RetryPolicy) -> Bool {
    guard let due = nextExpiry, due <= now else { return false }
    let forgetBefore = now - policy.maximumDelay * 2
    entries = entries.filter { $0.value.until > forgetBefore }
    nextExpiry = entries.values.lazy.map(\.until).filter { $0 > now }.min()
    return true
  }

  /// Forgets every key.
  mutating func removeAll() {
    entries = [:]
    nextExpiry = nil
  }
}
