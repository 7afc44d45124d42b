/// A moment on a driver's clock: a `Duration` since the driver's epoch.
///
/// The pure parts of Lookahead never read a clock; their drivers pass time in as a
/// `Duration` since an epoch of their choosing (the app runner's creation, the start of
/// a simulated trace). `Timestamp` is that time as an `InstantProtocol`, for state
/// machines that are generic over an instant, such as `PagerStateMachine`: the list
/// preloader's pager runs on it. Internal to the package; a pager driven on its own takes
/// any instant, such as `ContinuousClock.Instant`.
///
/// A value type; thread-safe.
package struct Timestamp: InstantProtocol, Sendable, Hashable, CustomStringConvertible {
  /// The time since the epoch.
  package var sinceEpoch: Duration

  /// The epoch itself.
  package static let epoch = Timestamp(.zero)

  /// Creates the moment `sinceEpoch` after the epoch.
  package init(_ sinceEpoch: Duration) {
    self.sinceEpoch = sinceEpoch
  }

  /// Creates the moment `milliseconds` after the epoch, rounded to the nanosecond.
  ///
  /// - Precondition: `milliseconds` is finite.
  package init(milliseconds: Double) {
    precondition(milliseconds.isFinite, "milliseconds must be finite, got \(milliseconds)")
    sinceEpoch = .nanoseconds(Int64((milliseconds * 1_000_000).rounded()))
  }

  /// The moment `duration` later.
  package func advanced(by duration: Duration) -> Timestamp {
    Timestamp(sinceEpoch + duration)
  }

  /// The duration from this moment to `other`.
  package func duration(to other: Timestamp) -> Duration {
    other.sinceEpoch - sinceEpoch
  }

  /// Whether `lhs` comes before `rhs`.
  package static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
    lhs.sinceEpoch < rhs.sinceEpoch
  }

  /// The time since the epoch, such as `1.5 seconds`.
  package var description: String { "\(sinceEpoch)" }
}
