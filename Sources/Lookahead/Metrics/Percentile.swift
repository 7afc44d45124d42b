/// Percentiles by the nearest-rank method.
///
/// The p-th percentile of n sorted values is the value at 1-based rank `⌈p/100 · n⌉`
/// (rank 1 when that is 0): always one of the observed values, no interpolation, so two
/// implementations agree exactly. An empty sample gives 0.
///
/// A namespace of pure functions; thread-safe.
package enum Percentile {
  /// The nearest-rank `percentile` of `values`, which must be sorted ascending.
  ///
  /// - Precondition: `0 <= percentile <= 100`.
  /// - Complexity: O(1).
  package static func nearestRank(_ percentile: Double, ofSorted values: [Double]) -> Double {
    precondition(
      percentile >= 0 && percentile <= 100, "percentile must be in 0...100 (got \(percentile))")
    guard !values.isEmpty else { return 0 }
    // Multiply first: p · n is exact for whole p, so ranks like 95 % of 20 are exactly 19.
    let rank = Int((percentile * Double(values.count) / 100).rounded(.up))
    return values[min(max(rank, 1), values.count) - 1]
  }
}
