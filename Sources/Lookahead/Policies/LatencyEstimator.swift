/// A high quantile of recently observed load latencies, learned online.
///
/// Keeps the last `capacity` observations in a ring and answers the requested
/// quantile (nearest rank). Before the first observation it answers the prior.
///
/// A value type; confine it to one thread.
public struct LatencyEstimator: Sendable, Hashable {
  /// The quantile reported, in `0...1` (0.9 by default).
  public let quantile: Double
  /// The answer before anything was observed.
  public let prior: Duration
  private var samples: [Duration] = []
  private var next = 0
  private let capacity: Int
  private var cached: Duration?

  /// Creates an estimator.
  ///
  /// - Parameters:
  ///   - quantile: The quantile to report, in `0...1`.
  ///   - prior: The estimate before the first observation.
  ///   - capacity: How many recent observations are kept; at least 1.
  public init(quantile: Double = 0.9, prior: Duration, capacity: Int = 32) {
    precondition((0...1).contains(quantile), "quantile must be in 0...1, got \(quantile)")
    precondition(capacity >= 1, "capacity must be at least 1, got \(capacity)")
    self.quantile = quantile
    self.prior = prior
    self.capacity = capacity
  }

  /// The number of observations kept.
  public var count: Int { samples.count }

  /// Records one observed latency.
  ///
  /// - Complexity: O(1).
  public mutating func observe(_ latency: Duration) {
    if samples.count < capacity {
      samples.append(latency)
    } else {
      samples[next] = latency
    }
    next = (next + 1) % capacity
    cached = nil
  }

  /// The current estimate: the quantile of the kept observations, or the prior.
  ///
  /// - Complexity: O(*k* log *k*) for *k* kept observations after a new one,
  ///   O(1) otherwise.
  public mutating func estimate() -> Duration {
    if let cached { return cached }
    guard !samples.isEmpty else { return prior }
    let sorted = samples.sorted()
    let rank = Swift.max(1, Int((quantile * Double(sorted.count)).rounded(.up)))
    let value = sorted[rank - 1]
    cached = value
    return value
  }
}
