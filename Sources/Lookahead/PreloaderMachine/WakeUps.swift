/// When a list preloader's state machine must be ticked, and the time it last asked its
/// driver for.
///
/// Four sources ask for a tick: the load queue (a rate limit or a retry), the pager's
/// retry of a failed tail page, a frame at rest, and the end of a key's cool-down. The
/// first two are kept here; the other two are passed in when a wake-up is announced.
/// The driver is asked again only when the earliest of them changes.
///
/// A value type; thread-safe.
struct WakeUps: Sendable, Hashable {
  /// When the load queue next needs a tick.
  var queue: Duration?
  /// When the failed tail page is retried.
  var pageRetry: Duration?
  /// The wake-up last announced to the driver, until a tick at or after it.
  private(set) var announced: Duration?

  /// Spends the queue's wake-up and the announced one once `now` has reached them: the
  /// queue announces its next one, if any, and a later wake-up must be announced even if
  /// it was announced once before.
  mutating func spend(now: Duration) {
    if let queue, queue <= now { self.queue = nil }
    if let announced, announced <= now { self.announced = nil }
  }

  /// Takes the page retry if it is due at `now`.
  ///
  /// - Returns: Whether the retry was due.
  mutating func takePageRetry(now: Duration) -> Bool {
    guard let pageRetry, pageRetry <= now else { return false }
    self.pageRetry = nil
    return true
  }

  /// The earliest wake-up of the queue, the page retry, a frame at rest and a
  /// cool-down, if it differs from the one last announced; it becomes the announced one.
  ///
  /// - Parameters:
  ///   - restFrame: When a frame at rest is due, if one is wanted.
  ///   - coolDownEnd: When the first cool-down ends, if any.
  /// - Returns: The wake-up to ask the driver for, or `nil` when nothing changed.
  mutating func announcement(restFrame: Duration?, coolDownEnd: Duration?) -> Duration? {
    let sources = Self.earliest(Self.earliest(queue, pageRetry), restFrame)
    guard let earliest = Self.earliest(sources, coolDownEnd), earliest != announced else {
      return nil
    }
    announced = earliest
    return earliest
  }

  private static func earliest(_ a: Duration?, _ b: Duration?) -> Duration? {
    guard let a else { return b }
    guard let b else { return a }
    return Swift.min(a, b)
  }

  /// Forgets every wake-up.
  mutating func removeAll() { self = WakeUps() }
}
