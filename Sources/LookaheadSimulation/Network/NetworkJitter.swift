import Foundation
@_spi(Simulation) import Lookahead

/// What a simulated request fetches: a page of the feed or the image of an item.
///
/// A closed set of values; thread-safe.
public enum ResourceKind: UInt64, Sendable, Hashable, CaseIterable {
  /// A page of items (index: the page number). Jitter kind 0.
  case page = 0
  /// The image of an item (index: the item id). Jitter kind 1.
  case image = 1
}

/// The seeded log-normal jitter of a request's round trip (docs/DESIGN.md, "Precise
/// definitions").
///
/// `jitter = exp(σ · Z)` (σ = 0.35 in the standard world), `Z = sqrt(−2 ln u1) · cos(2π u2)` (Box–Muller), where with
/// `s = SplitMix64.hash` and wrapping arithmetic:
/// `a = s(seed &* 0x100000001B3)`, `b = s(a ^ (kind &* 0x9E3779B97F4A7C15))`,
/// `c = s(b ^ index)`, `h = s(c ^ (attempt &* 0xD6E8FEB86659FD93))`, `h2 = s(h)`,
/// `u1 = ((h >> 11) + 0.5) / 2^53`, `u2 = ((h2 >> 11) + 0.5) / 2^53`.
///
/// A namespace of pure functions; thread-safe. The logarithm, cosine and exponential come
/// from the platform's math library, so the last bit may differ between platforms; every
/// run on one platform is identical.
public enum NetworkJitter {
  /// The standard deviation σ of the log-normal jitter.
  public static let sigma = 0.35

  /// The standard normal variate `Z` of a request.
  ///
  /// - Parameters:
  ///   - seed: The seed of the run.
  ///   - kind: Page (0) or image (1).
  ///   - index: The page number or the item id.
  ///   - attempt: How many times this key was started on the network before.
  /// - Complexity: O(1).
  public static func normal(seed: UInt64, kind: ResourceKind, index: Int, attempt: Int) -> Double {
    precondition(index >= 0, "index must be non-negative (got \(index))")
    precondition(attempt >= 0, "attempt must be non-negative (got \(attempt))")
    let a = SplitMix64.hash(seed &* 0x1_0000_0001_B3)
    let b = SplitMix64.hash(a ^ (kind.rawValue &* 0x9E37_79B9_7F4A_7C15))
    let c = SplitMix64.hash(b ^ UInt64(index))
    let h = SplitMix64.hash(c ^ (UInt64(attempt) &* 0xD6E8_FEB8_6659_FD93))
    let h2 = SplitMix64.hash(h)
    let u1 = (Double(h >> 11) + 0.5) * 0x1p-53
    let u2 = (Double(h2 >> 11) + 0.5) * 0x1p-53
    return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
  }

  /// The multiplier `exp(σ · Z)` applied to the profile's round trip for a request (σ is
  /// 0.35 in the standard world).
  ///
  /// - Parameters:
  ///   - seed: The seed of the run.
  ///   - kind: Page (0) or image (1).
  ///   - index: The page number or the item id.
  ///   - attempt: How many times this key was started on the network before.
  ///   - sigma: The σ of the log-normal jitter; ``sigma`` unless given.
  /// - Complexity: O(1).
  public static func factor(
    seed: UInt64, kind: ResourceKind, index: Int, attempt: Int, sigma: Double = NetworkJitter.sigma
  ) -> Double {
    exp(sigma * normal(seed: seed, kind: kind, index: index, attempt: attempt))
  }
}
