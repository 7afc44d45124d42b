import Foundation
@_spi(Simulation) import Lookahead

/// The draws of the `random` scenario family (``RandomTraceParameters``).
extension SplitMix64 {
  /// A value log-uniformly distributed in `range`.
  mutating func nextLogUniform(in range: ClosedRange<Double>) -> Double {
    let lower = log(range.lowerBound)
    let value = exp(nextDouble(in: lower, log(range.upperBound)))
    // exp(log(x)) can miss x by an ulp; the bounds are the contract.
    return min(max(value, range.lowerBound), range.upperBound)
  }

  /// Two log-uniform values in `range`, sorted.
  mutating func logUniformSubrange(of range: ClosedRange<Double>) -> ClosedRange<Double> {
    let first = nextLogUniform(in: range)
    let second = nextLogUniform(in: range)
    return min(first, second)...max(first, second)
  }

  /// Two uniform integers in `range`, sorted.
  mutating func subrange(of range: ClosedRange<Int>) -> ClosedRange<Int> {
    let first = nextInt(in: range)
    let second = nextInt(in: range)
    return min(first, second)...max(first, second)
  }
}
