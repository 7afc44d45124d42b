/// A tiny, fast, seeded pseudo-random generator (SplitMix64).
///
/// Used wherever Lookahead needs randomness that must replay identically, such
/// as retry jitter in the load queue: the same seed gives the same sequence on
/// every platform.
package struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator whose sequence is fully determined by `seed`.
  package init(seed: UInt64) {
    state = seed
  }

  /// Returns the next 64 random bits.
  ///
  /// - Complexity: O(1).
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Returns a uniformly distributed value in `0..<1`.
  ///
  /// - Complexity: O(1).
  package mutating func nextUnitInterval() -> Double {
    Double(next() >> 11) * 0x1.0p-53
  }
}
