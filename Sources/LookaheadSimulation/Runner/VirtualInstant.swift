import Lookahead

/// A point on the simulator's virtual clock: a `Duration` since the start of the run.
public struct VirtualInstant: InstantProtocol, Sendable, Hashable, CustomStringConvertible {
  /// The time since the start of the run.
  public var sinceStart: Duration

  /// Creates an instant `sinceStart` after the start of the run.
  public init(_ sinceStart: Duration) {
    self.sinceStart = sinceStart
  }

  /// Creates an instant from virtual milliseconds.
  public init(milliseconds: Milliseconds) {
    sinceStart = .nanoseconds(Int64((milliseconds * 1_000_000).rounded()))
  }

  /// The instant `duration` later.
  public func advanced(by duration: Duration) -> VirtualInstant {
    VirtualInstant(sinceStart + duration)
  }

  /// The duration from this instant to `other`.
  public func duration(to other: VirtualInstant) -> Duration {
    other.sinceStart - sinceStart
  }

  /// Whether `lhs` is earlier than `rhs`.
  public static func < (lhs: VirtualInstant, rhs: VirtualInstant) -> Bool {
    lhs.sinceStart < rhs.sinceStart
  }

  /// The time since the start, such as `1.5 seconds`.
  public var description: String { "\(sinceStart)" }
}
