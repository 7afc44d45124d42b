/// The SplitMix64 generator and hash: the one source of seeded randomness in Lookahead.
///
/// Everything random that must replay identically derives from SplitMix64: the retry
/// jitter of the load queue, and in the simulator the item heights, image sizes, network
/// jitter and synthetic traces, so that every run on every platform sees the same world.
/// ``hash(_:)`` is the standard finaliser of the simulator's standard world
/// (`h(i) = splitmix64(UInt64(i))`; docs/DESIGN.md, "The standard world"); ``next()`` is
/// the standard sequential generator (state advances by the golden gamma and
/// each output is the finaliser of the new state).
///
/// Behind the `Simulation` SPI: apps do not need it; the simulator, the live server and
/// the tests import it with `@_spi(Simulation) import Lookahead`.
///
/// A value type: each copy is an independent generator. Not shared between threads; copy it.
@_spi(Simulation) public struct SplitMix64: RandomNumberGenerator, Sendable, Equatable {
  /// The golden gamma `0x9E3779B97F4A7C15` added to the state before mixing.
  @usableFromInline static let gamma: UInt64 = 0x9E37_79B9_7F4A_7C15

  /// The internal state; the next output is `hash(state)`.
  private(set) var state: UInt64

  /// Creates a generator whose first output is `hash(seed)`.
  @_spi(Simulation) public init(seed: UInt64) {
    state = seed
  }

  /// The standard SplitMix64 finaliser (docs/DESIGN.md, "The standard world"): add the
  /// golden gamma, then mix.
  ///
  /// `z = x &+ 0x9E3779B97F4A7C15`, `z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9`,
  /// `z = (z ^ (z >> 27)) &* 0x94D049BB133111EB`, result `z ^ (z >> 31)`.
  ///
  /// - Complexity: O(1).
  @inlinable
  @_spi(Simulation) public static func hash(_ x: UInt64) -> UInt64 {
    var z = x &+ gamma
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Returns the next 64 random bits.
  ///
  /// - Complexity: O(1).
  @_spi(Simulation) public mutating func next() -> UInt64 {
    let output = Self.hash(state)
    state &+= Self.gamma
    return output
  }

  /// Returns a uniformly distributed value in `0..<1` with 53 random bits.
  ///
  /// - Complexity: O(1).
  @_spi(Simulation) public mutating func nextUnit() -> Double {
    Double(next() >> 11) * 0x1p-53
  }

  /// Returns a uniformly distributed value in `lower..<upper` (or `lower` when they are equal).
  ///
  /// - Precondition: `lower <= upper`, both finite.
  /// - Complexity: O(1).
  @_spi(Simulation) public mutating func nextDouble(in lower: Double, _ upper: Double) -> Double {
    precondition(
      lower.isFinite && upper.isFinite && lower <= upper, "bounds must be finite and ordered")
    return lower + (upper - lower) * nextUnit()
  }

  /// Returns `true` with probability `probability`.
  ///
  /// - Complexity: O(1).
  @_spi(Simulation) public mutating func nextBool(probability: Double) -> Bool {
    nextUnit() < probability
  }

  /// Returns a uniformly distributed integer in `range` (the multiply-shift method, which
  /// is deterministic across platforms unlike `Int.random(in:using:)`'s unspecified algorithm).
  ///
  /// - Precondition: `range` is not empty.
  /// - Complexity: O(1).
  @_spi(Simulation) public mutating func nextInt(in range: ClosedRange<Int>) -> Int {
    let width = UInt64(range.upperBound - range.lowerBound) &+ 1
    if width == 0 { return Int(truncatingIfNeeded: next()) }
    let high = next().multipliedFullWidth(by: width).high
    return range.lowerBound + Int(high)
  }
}
