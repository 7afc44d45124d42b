import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// A grid of equal cells: a fixed number of columns across the axis and rows of a
/// fixed length along it. Each section starts on a new row.
///
/// Finding the items in a region is arithmetic: O(log *s* + *k*) for *s* sections
/// and *k* results (O(1 + *k*) with one section).
///
/// ```swift
/// // The standard world's gallery: 3 columns of 130-point squares.
/// let grid = GridLayout(columns: 3, rowLength: 130, crossLength: 390, itemCount: 10_000)
/// grid.items(overlapping: AxisSpan(0, 844))   // rows 0...6 → items 0..<21
/// ```
///
/// `GridLayout` is a value type and is safe to share across threads.
package struct GridLayout: ItemLayout, Equatable {
  /// The scrolling axis.
  package let axis: Axis
  /// The number of cells across the axis.
  package let columns: Int
  /// The length of a row along the axis, in points.
  package let rowLength: CGFloat
  /// The length of the content across the axis; each cell is `crossLength / columns`.
  package let crossLength: CGFloat
  /// The flat index of the first item of each section.
  private var sectionStarts = SectionStarts()
  /// The first row of each section.
  private var sectionRows: [Int]
  /// The number of items in all sections.
  package private(set) var itemCount: Int
  /// The number of rows in all sections.
  private var rowCount: Int

  /// Creates a grid with one section.
  ///
  /// - Parameters:
  ///   - axis: The scrolling axis.
  ///   - columns: Cells per row; at least 1.
  ///   - rowLength: The length of a row along the axis; finite and positive.
  ///   - crossLength: The length of the content across the axis.
  ///   - itemCount: The number of items.
  package init(
    axis: Axis = .vertical, columns: Int, rowLength: CGFloat, crossLength: CGFloat, itemCount: Int
  ) {
    self.init(
      axis: axis, columns: columns, rowLength: rowLength, crossLength: crossLength,
      sectionItemCounts: [itemCount])
  }

  /// Creates a grid with several sections, each starting on a new row.
  ///
  /// - Parameters:
  ///   - axis: The scrolling axis.
  ///   - columns: Cells per row; at least 1.
  ///   - rowLength: The length of a row along the axis; finite and positive.
  ///   - crossLength: The length of the content across the axis.
  ///   - sectionItemCounts: The number of items in each section.
  /// - Complexity: O(*s*) for *s* sections.
  package init(
    axis: Axis = .vertical, columns: Int, rowLength: CGFloat, crossLength: CGFloat,
    sectionItemCounts: [Int]
  ) {
    precondition(columns >= 1, "columns must be at least 1, got \(columns)")
    precondition(
      rowLength.isFinite && rowLength > 0, "rowLength must be finite and positive, got \(rowLength)"
    )
    GeometryCheck.length(crossLength, "crossLength")
    self.axis = axis
    self.columns = columns
    self.rowLength = rowLength
    self.crossLength = crossLength
    self.sectionRows = []
    self.itemCount = 0
    self.rowCount = 0
    for (section, count) in sectionItemCounts.enumerated() {
      precondition(count >= 0, "sectionItemCounts[\(section)] must be non-negative, got \(count)")
      appendSection(count: count)
    }
  }

  /// The number of sections.
  package var sectionCount: Int { sectionStarts.count }

  /// The length of the content along the axis.
  package var contentLength: CGFloat { CGFloat(rowCount) * rowLength }

  /// The extent of an item along the axis.
  ///
  /// - Complexity: O(log *s*).
  package func span(ofItem item: Int) -> AxisSpan {
    let row = row(ofItem: item)
    return AxisSpan(CGFloat(row) * rowLength, CGFloat(row + 1) * rowLength)
  }

  /// The frame of an item in content coordinates.
  ///
  /// - Complexity: O(log *s*).
  package func frame(ofItem item: Int) -> CGRect {
    let (row, column) = position(ofItem: item)
    let cell = crossLength / CGFloat(columns)
    return axis.rect(
      span: AxisSpan(CGFloat(row) * rowLength, CGFloat(row + 1) * rowLength),
      cross: AxisSpan(CGFloat(column) * cell, CGFloat(column + 1) * cell))
  }

  /// The items whose row overlaps `span` by a positive length.
  ///
  /// - Complexity: O(log *s*).
  package func items(overlapping span: AxisSpan) -> Range<Int> {
    guard rowCount > 0, span.lowerBound < span.upperBound else { return 0..<0 }
    let rows = CGFloat(rowCount)
    let firstRow = Int((span.lowerBound / rowLength).rounded(.down).clamped(0, rows))
    let endRow = Int((span.upperBound / rowLength).rounded(.up).clamped(0, rows))
    guard firstRow < endRow else { return 0..<0 }
    return firstItem(ofRow: firstRow)..<firstItem(ofRow: endRow)
  }

  /// The flat index of the first item of a section.
  package func firstItem(ofSection section: Int) -> Int {
    sectionStarts.firstItem(ofSection: section)
  }

  /// The number of items in a section.
  package func itemCount(inSection section: Int) -> Int {
    sectionStarts.itemCount(inSection: section, totalItems: itemCount)
  }

  /// The section that contains a flat item index.
  ///
  /// - Complexity: O(log *s*).
  package func section(ofItem item: Int) -> Int {
    GeometryCheck.index(item, itemCount, "item")
    return sectionStarts.section(ofItem: item)
  }

  /// Appends items to the last section (creating one if there is none).
  ///
  /// - Complexity: O(1).
  package mutating func append(count: Int) {
    precondition(count >= 0, "count must be non-negative, got \(count)")
    guard sectionStarts.count > 0 else { return appendSection(count: count) }
    let last = sectionStarts.count - 1
    itemCount += count
    rowCount =
      sectionRows[last]
      + Self.rows(for: itemCount - sectionStarts.firstItem(ofSection: last), columns: columns)
  }

  /// Appends a section of `count` items, starting on a new row.
  ///
  /// - Complexity: O(1) amortized.
  package mutating func appendSection(count: Int) {
    precondition(count >= 0, "count must be non-negative, got \(count)")
    sectionStarts.appendSection(startingAt: itemCount)
    sectionRows.append(rowCount)
    itemCount += count
    rowCount += Self.rows(for: count, columns: columns)
  }

  /// The row of an item: ``position(ofItem:)`` without the column, inline for one
  /// section (a policy asks for the span of every item ahead, every frame).
  @inline(__always)
  private func row(ofItem item: Int) -> Int {
    guard sectionRows.count == 1 else { return position(ofItem: item).row }
    GeometryCheck.index(item, itemCount, "item")
    return item / columns
  }

  private func position(ofItem item: Int) -> (row: Int, column: Int) {
    if sectionRows.count == 1 {
      // One section, starting at item 0 on row 0: no section to look for.
      GeometryCheck.index(item, itemCount, "item")
      return (item / columns, item % columns)
    }
    let section = section(ofItem: item)
    let local = item - sectionStarts.firstItem(ofSection: section)
    return (sectionRows[section] + local / columns, local % columns)
  }

  /// The flat index of the first item on `row`, or `itemCount` past the last row.
  private func firstItem(ofRow row: Int) -> Int {
    guard row < rowCount else { return itemCount }
    // The last section whose first row is at or before `row`; empty sections own no
    // row and share their first row with the next section, so "last" skips them.
    let section = Search.partitionPoint(in: 0..<sectionRows.count) { sectionRows[$0] > row } - 1
    return sectionStarts.firstItem(ofSection: section) + (row - sectionRows[section]) * columns
  }

  private static func rows(for count: Int, columns: Int) -> Int {
    (count + columns - 1) / columns
  }
}

extension CGFloat {
  @inline(__always)
  fileprivate func clamped(_ low: CGFloat, _ high: CGFloat) -> CGFloat {
    Swift.min(Swift.max(self, low), high)
  }
}
