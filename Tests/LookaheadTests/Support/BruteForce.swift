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
