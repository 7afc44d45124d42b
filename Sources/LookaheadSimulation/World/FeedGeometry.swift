/// The `feed` layout of the standard world: one column of variable-height items.
///
/// Item `i` is `StandardWorld.feedItemHeight(i)` points tall (or any heights a test gives).
/// The layout keeps prefix sums, so an item's span is O(1) and the items overlapping a
/// range are a binary search.
///
/// A value type; thread-safe.
public struct FeedGeometry: Sendable, Equatable {
  /// The height of each item, in points.
  public let itemHeights: [Double]

  /// Prefix sums of ``itemHeights``: `itemOffsets[i]` is the top of item `i` and
  /// `itemOffsets[itemCount]` is the total content length. `itemCount + 1` entries.
  public let itemOffsets: [Double]

  /// Creates the standard feed of `itemCount` items.
  ///
  /// - Precondition: `itemCount >= 0`.
  /// - Complexity: O(itemCount).
  public init(itemCount: Int = StandardWorld.itemCount) {
    precondition(itemCount >= 0, "itemCount must be non-negative (got \(itemCount))")
    self.init(itemHeights: (0..<itemCount).map(StandardWorld.feedItemHeight))
  }

  /// Creates a feed with the given item heights.
  ///
  /// - Precondition: every height is finite and positive.
  /// - Complexity: O(n).
  public init(itemHeights: [Double]) {
    var offsets = [Double]()
    offsets.reserveCapacity(itemHeights.count + 1)
    var total = 0.0
    offsets.append(total)
    for (item, height) in itemHeights.enumerated() {
      precondition(
        height.isFinite && height > 0,
        "itemHeights[\(item)] must be finite and positive (got \(height))")
      total += height
      offsets.append(total)
    }
    self.itemHeights = itemHeights
    self.itemOffsets = offsets
  }

  /// The number of items.
  public var itemCount: Int { itemHeights.count }

  /// The vertical extent of `item`, from its top to its bottom.
  ///
  /// - Precondition: `0 <= item < itemCount`.
  /// - Complexity: O(1).
  public func span(of item: Int) -> Range<Double> {
    precondition(item >= 0 && item < itemCount, "item \(item) out of bounds 0..<\(itemCount)")
    return itemOffsets[item]..<itemOffsets[item + 1]
  }

  /// The content length when the first `loadedItemCount` items are loaded.
  ///
  /// - Precondition: `0 <= loadedItemCount <= itemCount`.
  /// - Complexity: O(1).
  public func contentLength(loadedItemCount: Int) -> Double {
    precondition(
      loadedItemCount >= 0 && loadedItemCount <= itemCount,
      "loadedItemCount \(loadedItemCount) out of bounds 0...\(itemCount)")
    return itemOffsets[loadedItemCount]
  }

  /// The items among the first `loadedItemCount` that overlap `range` by a positive length.
  ///
  /// - Precondition: the bounds of `range` are finite; `0 <= loadedItemCount <= itemCount`.
  /// - Complexity: O(log n).
  public func items(overlapping range: Range<Double>, loadedItemCount: Int) -> Range<Int> {
    precondition(
      range.lowerBound.isFinite && range.upperBound.isFinite, "range must be finite")
    precondition(
      loadedItemCount >= 0 && loadedItemCount <= itemCount,
      "loadedItemCount \(loadedItemCount) out of bounds 0...\(itemCount)")
    // First item whose bottom is below the range's top: the count of offsets[1...] <= lower.
    let first = countOffsets(notAbove: range.lowerBound, from: 1)
    // Items whose top is above the range's bottom: the count of offsets[0..<n] < upper.
    let end = countOffsets(below: range.upperBound)
    let clampedEnd = min(end, loadedItemCount)
    return first < clampedEnd ? first..<clampedEnd : clampedEnd..<clampedEnd
  }

  /// The number of entries of `itemOffsets[from...itemCount]` that are `<= value`.
  private func countOffsets(notAbove value: Double, from start: Int) -> Int {
    var low = start
    var high = itemOffsets.count
    while low < high {
      let mid = (low + high) / 2
      if itemOffsets[mid] <= value { low = mid + 1 } else { high = mid }
    }
    return low - start
  }

  /// The number of entries of `itemOffsets[0..<itemCount]` that are `< value`.
  private func countOffsets(below value: Double) -> Int {
    var low = 0
    var high = itemCount
    while low < high {
      let mid = (low + high) / 2
      if itemOffsets[mid] < value { low = mid + 1 } else { high = mid }
    }
    return low
  }
}
