import Foundation

/// How quickly a scroll view slows down after the finger lifts, as the fraction of
/// velocity kept per millisecond (UIScrollView's `decelerationRate`).
public struct DecelerationRate: Sendable, Hashable, CustomStringConvertible {
  /// The velocity kept per millisecond, in `0..<1`.
  public let perMillisecond: Double

  /// Creates a rate; `perMillisecond` must be in `0..<1`.
  public init(perMillisecond: Double) {
    precondition(
      perMillisecond >= 0 && perMillisecond < 1,
      "perMillisecond must be in 0..<1, got \(perMillisecond)")
    self.perMillisecond = perMillisecond
  }

  /// UIScrollView's default rate: 0.998 per millisecond.
  public static let normal = DecelerationRate(perMillisecond: 0.998)
  /// UIScrollView's fast rate (paging-like lists): 0.99 per millisecond.
  public static let fast = DecelerationRate(perMillisecond: 0.99)

  /// The distance content keeps travelling after lift-off at `velocity` points per
  /// millisecond: `v · r / (1 − r)`.
  ///
  /// - Parameter velocity: Velocity in points per millisecond (signed).
  /// - Returns: The signed distance in points.
  public func projectedDistance(velocity: Double) -> Double {
    velocity * perMillisecond / (1 - perMillisecond)
  }

  /// The rate's value, such as `0.998/ms`.
  public var description: String { "\(perMillisecond)/ms" }
}
