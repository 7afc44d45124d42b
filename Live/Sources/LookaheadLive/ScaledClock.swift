/// A clock that runs `speed` times faster than real time, from the moment it is created.
///
/// A live run at `--speed 4` gives the list preloader this clock, and a server that
/// divides the world's times by 4: the engine then sees the world's own times — scroll
/// velocities, latencies, retry delays and metrics — while a minute of the trace passes
/// in fifteen real seconds.
///
/// A value type; thread-safe.
public struct ScaledClock: Clock {
  /// A point on a scaled clock: the scaled time since the clock's epoch.
  public struct Instant: InstantProtocol, Sendable {
    /// The scaled time since the clock's epoch.
    public var offset: Duration

    /// Creates an instant `offset` after the epoch.
    public init(offset: Duration) {
      self.offset = offset
    }

    /// The instant `duration` later.
    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    /// The scaled time from this instant to `other`.
    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    /// Whether `lhs` comes first.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  /// How many times faster than real time the clock runs.
  public let speed: Double
  private let epoch: ContinuousClock.Instant

  /// Creates a clock at zero, running `speed` times faster than real time.
  ///
  /// - Parameter speed: Finite and positive; 1 runs at real time.
  public init(speed: Double) {
    precondition(speed.isFinite && speed > 0, "speed must be finite and positive (got \(speed))")
    self.speed = speed
    epoch = ContinuousClock.now
  }

  /// The scaled time since the clock was created.
  public var now: Instant {
    Instant(offset: (ContinuousClock.now - epoch) * speed)
  }

  /// The real clock's resolution, scaled.
  public var minimumResolution: Duration {
    ContinuousClock().minimumResolution * speed
  }

  /// Sleeps until `deadline`, that is until real time reaches `deadline / speed`.
  ///
  /// - Throws: `CancellationError` when the task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try await ContinuousClock().sleep(
      until: epoch + deadline.offset / speed, tolerance: tolerance.map { $0 / speed })
  }

  /// The real duration of a scaled one.
  public func realDuration(of duration: Duration) -> Duration {
    duration / speed
  }
}
