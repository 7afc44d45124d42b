/// The tuning of a `LoadQueue`: concurrency cap, rate limit, retries and
/// preemption.
///
/// A value type; safe to share between threads.
public struct LoadQueueConfiguration: Sendable, Hashable {
  /// How many loads may run at once. Defaults to 6, a browser's per-host limit.
  public var maximumConcurrentLoads: Int
  /// At most this many loads may start per window of time; `nil` for no limit.
  public var rateLimit: RateLimit?
  /// How transient failures are retried.
  public var retryPolicy: RetryPolicy
  /// Whether a `visible` request may cancel and requeue the least urgent running
  /// prefetch when every slot is busy, and any request more urgent than `idle` a
  /// running `idle` load. Defaults to `true`.
  public var allowsPreemption: Bool
  /// The seed of the generator that jitters retry delays: a queue replays identically
  /// for a seed (the simulator's does). The drivers on a real clock draw one at random,
  /// so that devices do not retry in step.
  package var jitterSeed: UInt64 = 0x10AD_5EED

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - maximumConcurrentLoads: How many loads may run at once; at least 1.
  ///   - rateLimit: An optional limit on how often loads start.
  ///   - retryPolicy: How transient failures are retried.
  ///   - allowsPreemption: Whether visible requests may preempt running prefetches.
  public init(
    maximumConcurrentLoads: Int = 6,
    rateLimit: RateLimit? = nil,
    retryPolicy: RetryPolicy = RetryPolicy(),
    allowsPreemption: Bool = true
  ) {
    precondition(maximumConcurrentLoads >= 1, "maximumConcurrentLoads must be at least 1")
    self.maximumConcurrentLoads = maximumConcurrentLoads
    self.rateLimit = rateLimit
    self.retryPolicy = retryPolicy
    self.allowsPreemption = allowsPreemption
  }

  /// A copy with a retry-jitter seed of its own. The drivers on a real clock use one: with
  /// one seed on every device, a server's outage would be retried by all of them in step.
  package func drawingJitterSeed() -> Self {
    var copy = self
    copy.jitterSeed = .random(in: .min ... .max)
    return copy
  }
}

/// A limit on how many loads may start within a sliding window of time.
///
/// A value type; safe to share between threads.
public struct RateLimit: Sendable, Hashable {
  /// The largest number of starts inside any window.
  public var maximumStarts: Int
  /// The length of the sliding window.
  public var window: Duration

  /// Creates a rate limit of `maximumStarts` per `window`.
  ///
  /// - Parameters:
  ///   - maximumStarts: At least 1.
  ///   - window: A positive duration.
  public init(maximumStarts: Int, per window: Duration) {
    precondition(maximumStarts >= 1, "maximumStarts must be at least 1")
    precondition(window > .zero, "window must be positive")
    self.maximumStarts = maximumStarts
    self.window = window
  }
}

/// Bounded retries with exponential backoff and jitter for transient failures.
///
/// The delay before retry *n* (1-based) is
/// `min(maximumDelay, initialDelay · 2^(n-1))`, from which a random fraction of
/// up to `jitter` is removed ("equal jitter" when `jitter` is 0.5), so that many
/// clients that failed together do not retry together.
///
/// A value type; safe to share between threads.
public struct RetryPolicy: Sendable, Hashable {
  /// How many times a transiently failing load is retried before its waiters
  /// get the error. 0 disables retries.
  public var maximumRetries: Int
  /// The delay before the first retry.
  public var initialDelay: Duration
  /// The largest delay between two attempts.
  public var maximumDelay: Duration
  /// The largest fraction of a delay removed at random, in `0...1`.
  public var jitter: Double

  /// Creates a retry policy.
  ///
  /// - Parameters:
  ///   - maximumRetries: At least 0.
  ///   - initialDelay: A non-negative delay before the first retry.
  ///   - maximumDelay: The cap of the delay; at least `initialDelay`.
  ///   - jitter: A fraction in `0...1`.
  public init(
    maximumRetries: Int = 3,
    initialDelay: Duration = .milliseconds(250),
    maximumDelay: Duration = .seconds(8),
    jitter: Double = 0.5
  ) {
    precondition(maximumRetries >= 0, "maximumRetries must not be negative")
    precondition(initialDelay >= .zero, "initialDelay must not be negative")
    precondition(maximumDelay >= initialDelay, "maximumDelay must be at least initialDelay")
    precondition((0...1).contains(jitter), "jitter must be in 0...1")
    self.maximumRetries = maximumRetries
    self.initialDelay = initialDelay
    self.maximumDelay = maximumDelay
    self.jitter = jitter
  }

  /// The delay before retry number `retry` (1-based), given a random `unit`
  /// in `0..<1`.
  ///
  /// - Complexity: O(1).
  func delay(beforeRetry retry: Int, unit: Double) -> Duration {
    var delay = initialDelay
    var step = 1
    while step < retry && delay < maximumDelay {
      delay = delay * 2
      step += 1
    }
    delay = min(delay, maximumDelay)
    return delay * (1 - jitter * unit)
  }
}
