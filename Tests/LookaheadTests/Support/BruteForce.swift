import Foundation

@testable import Lookahead

/// Reference answers computed the slow, obvious way.
enum BruteForce {
  /// Every item whose span overlaps `span` by a positive length, by checking them all.
  static func items(in layout: some ItemLayout, overlapping span: AxisSpan) -> [Int] {
    (0..<layout.itemCount).filter { item in
      let itemSpan = layout.span(ofItem: item)
      // A zero-length item at p passes only when lower < p < upper: strictly inside.
      return span.lowerBound < span.upperBound && itemSpan.lowerBound < span.upperBound
        && itemSpan.upperBound > span.lowerBound
    }
  }
}

/// A small deterministic random number generator for tests (SplitMix64).
struct TestRandom: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
