/// A high quantile of recently observed load latencies, learned online.
///
/// Keeps the last `capacity` observations, in arrival order and sorted, and answers the
/// requested quantile of them (nearest rank). Before the first
/// observation it answers the prior. Once `capacity` observations have been made,
/// nothing allocates.
///
/// A value type; confine it to one thread.
package struct LatencyEstimator: Sendable, Hashable {
  /// The quantile reported, in `0...1` (0.9 by default).
  package let quantile: Double
  /// The answer before anything was observed.
  package let prior: Duration
  /// The kept observations.
  private var samples: RecentValues<Duration>

  /// Creates an estimator.
  ///
  /// - Parameters:
  ///   - quantile: The quantile to report, in `0...1`.
  ///   - prior: The estimate before the first observation.
  ///   - capacity: How many recent observations are kept; at least 1.
  package init(quantile: Double = 0.9, prior: Duration, capacity: Int = 32) {
    precondition((0...1).contains(quantile), "quantile must be in 0...1, got \(quantile)")
    self.quantile = quantile
    self.prior = prior
    samples = RecentValues(capacity: capacity)
  }

  /// The number of observations kept.
  package var count: Int { samples.count }

  /// Records one observed latency.
  ///
  /// - Complexity: O(*k*) for *k* kept observations.
  package mutating func observe(_ latency: Duration) {
    samples.append(latency)
  }

  /// The current estimate: the quantile of the kept observations, or the prior.
  ///
  /// - Complexity: O(1).
  package func estimate() -> Duration {
    let sorted = samples.ascending
    guard !sorted.isEmpty else { return prior }
    let rank = Swift.max(1, Int((quantile * Double(sorted.count)).rounded(.up)))
    return sorted[rank - 1]
  }
}
