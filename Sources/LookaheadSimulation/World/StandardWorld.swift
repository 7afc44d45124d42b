import Foundation
@_spi(Simulation) import Lookahead

/// The constants and per-item formulas of the standard world (docs/DESIGN.md, "The standard
/// world" and "Precise definitions").
///
/// Every simulation runs in this world unless a test builds its own: a 390 × 844 point
/// vertical viewport, a backend of 10,000 items served in pages of 20 (8,000 bytes each),
/// one image per item whose size is a pure function of the item id, a 64,000,000-byte
/// memory cache backed by a disk tier. Units are decimal (docs/DESIGN.md, "Precise
/// definitions").
///
/// A namespace of pure functions and constants; thread-safe.
public enum StandardWorld {
  /// The viewport width in points.
  public static let viewportWidth: Double = 390

  /// The viewport height (its length along the scrolling axis) in points.
  public static let viewportHeight: Double = 844

  /// The number of items the backend holds.
  public static let itemCount = 10_000

  /// The number of items in one page.
  public static let pageSize = 20

  /// The bytes of one page response.
  public static let pageBytes = 8_000

  /// The backend "has more" while fewer than this many pages are loaded.
  public static let pageLimit = 500

  /// The capacity of the memory cache of ready images, in bytes.
  public static let memoryCacheBytes = 64_000_000

  /// How long reloading an evicted image from the simulated disk tier takes.
  public static let diskReadTime: Milliseconds = 3

  /// Whether the backend has more pages after `loadedPages` pages are loaded.
  ///
  /// - Complexity: O(1).
  public static func hasMore(loadedPages: Int) -> Bool {
    loadedPages < pageLimit
  }

  /// The page that holds `item`.
  ///
  /// - Precondition: `item >= 0`.
  /// - Complexity: O(1).
  public static func page(containing item: Int) -> Int {
    precondition(item >= 0, "item must be non-negative (got \(item))")
    return item / pageSize
  }

  /// The per-item hash `h(i) = splitmix64(UInt64(i))` that every item property derives from.
  ///
  /// - Precondition: `item >= 0`.
  /// - Complexity: O(1).
  public static func itemHash(_ item: Int) -> UInt64 {
    precondition(item >= 0, "item must be non-negative (got \(item))")
    return SplitMix64.hash(UInt64(item))
  }

  /// The height of `item` in the `feed` layout: `160 + (h(i) mod 321)` points (160–480).
  ///
  /// - Precondition: `item >= 0`.
  /// - Complexity: O(1).
  public static func feedItemHeight(_ item: Int) -> Double {
    Double(160 + itemHash(item) % 321)
  }

  /// The bytes of the image of `item`: `round(20,000 · 10^u)` rounded half up, with
  /// `u = Double(h(i)) / 2^64` — log-uniform between 20,000 and 200,000.
  ///
  /// - Precondition: `item >= 0`.
  /// - Complexity: O(1).
  public static func imageBytes(_ item: Int) -> Int {
    let u = Double(itemHash(item)) * 0x1p-64
    return Int((20_000 * pow(10, u) + 0.5).rounded(.down))
  }
}
