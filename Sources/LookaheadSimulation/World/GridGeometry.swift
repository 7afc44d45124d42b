/// The `grid` layout of the standard world: 3 columns of 130-point square cells.
///
/// Item `i` sits in row `i / columns`; every item of a row spans the same vertical range.
///
/// A value type; thread-safe.
public struct GridGeometry: Sendable, Equatable {
  /// The number of items.
  public let itemCount: Int

  /// The number of columns.
  public let columns: Int

  /// The side of one square cell, in points.
  public let cellLength: Double

  /// Creates a grid.
  ///
  /// - Precondition: `itemCount >= 0`, `columns >= 1`, `cellLength` finite and positive.
  public init(itemCount: Int = StandardWorld.itemCount, columns: Int = 3, cellLength: Double = 130)
  {
    precondition(itemCount >= 0, "itemCount must be non-negative (got \(itemCount))")
    precondition(columns >= 1, "columns must be at least 1 (got \(columns))")
    precondition(
      cellLength.isFinite && cellLength > 0, "cellLength must be finite and positive")
    self.itemCount = itemCount
    self.columns = columns
    self.cellLength = cellLength
  }

  /// The vertical extent of `item`'s row.
  ///
  /// - Precondition: `0 <= item < itemCount`.
  /// - Complexity: O(1).
  public func span(of item: Int) -> Range<Double> {
    precondition(item >= 0 && item < itemCount, "item \(item) out of bounds 0..<\(itemCount)")
    let row = Double(item / columns)
    return row * cellLength..<(row + 1) * cellLength
  }

  /// The content length when the first `loadedItemCount` items are loaded (whole rows,
  /// a partly filled last row counts).
  ///
  /// - Precondition: `0 <= loadedItemCount <= itemCount`.
  /// - Complexity: O(1).
  public func contentLength(loadedItemCount: Int) -> Double {
    precondition(
      loadedItemCount >= 0 && loadedItemCount <= itemCount,
      "loadedItemCount \(loadedItemCount) out of bounds 0...\(itemCount)")
    let rows = (loadedItemCount + columns - 1) / columns
    return Double(rows) * cellLength
  }

  /// The items among the first `loadedItemCount` whose row overlaps `range` by a positive
  /// length (every column is inside the 390-point viewport width).
  ///
  /// - Precondition: the bounds of `range` are finite; `0 <= loadedItemCount <= itemCount`.
  /// - Complexity: O(1).
  public func items(overlapping range: Range<Double>, loadedItemCount: Int) -> Range<Int> {
    precondition(
      range.lowerBound.isFinite && range.upperBound.isFinite, "range must be finite")
    precondition(
      loadedItemCount >= 0 && loadedItemCount <= itemCount,
      "loadedItemCount \(loadedItemCount) out of bounds 0...\(itemCount)")
    // Row r overlaps when r·L < upper and (r + 1)·L > lower. Rows past the loaded ones
    // are clamped before they become an `Int`: a span far beyond the content must not
    // overflow.
    let rows = Double((loadedItemCount + columns - 1) / columns)
    let firstRow = Int(min(rows, max(0, (range.lowerBound / cellLength).rounded(.down))))
    let endRow = Int(min(rows, max(0, (range.upperBound / cellLength).rounded(.up))))
    let first = min(firstRow * columns, loadedItemCount)
    let end = min(endRow * columns, loadedItemCount)
    return first < end ? first..<end : end..<end
  }
}
