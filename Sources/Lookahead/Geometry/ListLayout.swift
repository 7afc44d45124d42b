import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// A single-column list whose items have individual lengths along the scrolling
/// axis, grouped in sections.
///
/// The layout keeps prefix sums of the item lengths, so finding the items in a
/// region is a binary search: O(log *n* + *k*) for *k* results. Items span the
/// whole ``crossLength`` across the axis and follow each other without spacing.
///
/// Updates are incremental: appending a page costs O(*k*) for *k* new items;
/// inserting, removing or resizing one item costs O(*n* − *i*) for an item at flat
/// index *i*, so changes near the end are cheap.
///
/// ```swift
/// var layout = ListLayout(crossLength: 390, itemLengths: [120, 80, 200])
/// layout.append([90, 90])          // the next page arrived
/// layout.items(overlapping: AxisSpan(100, 300))   // 0..<3
/// ```
///
/// `ListLayout` is a value type and is safe to share across threads.
public struct ListLayout: ItemLayout, Equatable {
  /// The scrolling axis.
  public let axis: Axis
  /// The length of the content across the axis, in points (usually the width of the
  /// viewport for a vertical list).
  public var crossLength: CGFloat {
    didSet { GeometryCheck.length(crossLength, "crossLength") }
  }
  /// `offsets[i]` is where item `i` starts; `offsets[itemCount]` is the content length.
  private var offsets: [CGFloat] = [0]
  /// The flat index of the first item of each section.
  private var sectionStarts = SectionStarts()

  /// Creates a list with one section.
  ///
  /// - Parameters:
  ///   - axis: The scrolling axis.
  ///   - crossLength: The length of every item across the axis.
  ///   - itemLengths: The length of each item along the axis; each must be finite and
  ///     non-negative.
  /// - Complexity: O(*n*).
  public init(axis: Axis = .vertical, crossLength: CGFloat = 0, itemLengths: [CGFloat] = []) {
    for (index, length) in itemLengths.enumerated() {
      GeometryCheck.length(length, "itemLengths[\(index)]")
    }
    self.init(axis: axis, crossLength: crossLength, sections: [itemLengths])
  }

  /// Creates a list with several sections.
  ///
  /// - Parameters:
  ///   - axis: The scrolling axis.
  ///   - crossLength: The length of every item across the axis.
  ///   - sections: For each section, the length of each of its items along the axis.
  /// - Complexity: O(*n*).
  public init(axis: Axis = .vertical, crossLength: CGFloat = 0, sections: [[CGFloat]]) {
    GeometryCheck.length(crossLength, "crossLength")
    self.axis = axis
    self.crossLength = crossLength
    offsets.reserveCapacity(sections.reduce(1) { $0 + $1.count })
    for (section, lengths) in sections.enumerated() {
      sectionStarts.appendSection(startingAt: offsets.count - 1)
      appendLengths(lengths, name: "sections[\(section)]")
    }
  }

  /// The number of items in all sections.
  public var itemCount: Int { offsets.count - 1 }

  /// The number of sections.
  public var sectionCount: Int { sectionStarts.count }

  /// The length of the content along the axis.
  public var contentLength: CGFloat { offsets[offsets.count - 1] }

  /// The length of one item along the axis.
  ///
  /// - Complexity: O(1).
  public func length(ofItem item: Int) -> CGFloat {
    GeometryCheck.index(item, itemCount, "item")
    return offsets[item + 1] - offsets[item]
  }

  /// The extent of an item along the axis.
  ///
  /// - Complexity: O(1).
  public func span(ofItem item: Int) -> AxisSpan {
    GeometryCheck.index(item, itemCount, "item")
    return AxisSpan(offsets[item], offsets[item + 1])
  }

  /// The frame of an item in content coordinates.
  ///
  /// - Complexity: O(1).
  public func frame(ofItem item: Int) -> CGRect {
    axis.rect(span: span(ofItem: item), cross: AxisSpan(0, crossLength))
  }

  /// The items whose extent overlaps `span` by a positive length.
  ///
  /// - Complexity: O(log *n*).
  public func items(overlapping span: AxisSpan) -> Range<Int> {
    let count = itemCount
    guard count > 0, span.lowerBound < span.upperBound else { return 0..<0 }
    return offsets.withUnsafeBufferPointer { offsets in
      let first = Search.partitionPoint(in: 0..<count) { offsets[$0 + 1] > span.lowerBound }
      let end = Search.partitionPoint(in: first..<count) { offsets[$0] >= span.upperBound }
      return first..<end
    }
  }

  /// The flat index of the first item of a section.
  ///
  /// - Complexity: O(1).
  public func firstItem(ofSection section: Int) -> Int {
    sectionStarts.firstItem(ofSection: section)
  }

  /// The number of items in a section.
  ///
  /// - Complexity: O(1).
  public func itemCount(inSection section: Int) -> Int {
    sectionStarts.itemCount(inSection: section, totalItems: itemCount)
  }

  /// The section that contains a flat item index.
  ///
  /// - Complexity: O(log *s*) for *s* sections.
  public func section(ofItem item: Int) -> Int {
    GeometryCheck.index(item, itemCount, "item")
    return sectionStarts.section(ofItem: item)
  }
}

// MARK: - Incremental updates

extension ListLayout {
  /// Appends items to the last section (creating one if there is none).
  ///
  /// - Parameter lengths: The lengths of the new items; each must be finite and
  ///   non-negative.
  /// - Complexity: O(*k*) amortized for *k* new items.
  public mutating func append(_ lengths: some Sequence<CGFloat>) {
    if sectionStarts.count == 0 { sectionStarts.appendSection(startingAt: 0) }
    appendLengths(lengths, name: "lengths")
  }

  /// Appends a new section at the end.
  ///
  /// - Parameter lengths: The lengths of the section's items.
  /// - Complexity: O(*k*) amortized for *k* new items.
  public mutating func appendSection(_ lengths: some Sequence<CGFloat>) {
    sectionStarts.appendSection(startingAt: itemCount)
    appendLengths(lengths, name: "lengths")
  }

  /// Inserts an item.
  ///
  /// - Parameters:
  ///   - length: The new item's length along the axis.
  ///   - indexPath: `[section, item]`; `item` may equal the section's count to append
  ///     to the section.
  /// - Complexity: O(*n* − *i*) where *i* is the new item's flat index.
  public mutating func insertItem(length: CGFloat, at indexPath: IndexPath) {
    GeometryCheck.length(length, "length")
    let (section, item) = Self.components(of: indexPath)
    GeometryCheck.index(section, sectionCount, "indexPath section")
    precondition(
      item >= 0 && item <= itemCount(inSection: section),
      "indexPath item \(item) is out of range 0...\(itemCount(inSection: section)) in section \(section)"
    )
    let flat = sectionStarts.firstItem(ofSection: section) + item
    offsets.insert(offsets[flat], at: flat)
    for index in (flat + 1)..<offsets.count { offsets[index] += length }
    sectionStarts.shiftSections(after: section, by: 1)
  }

  /// Removes an item.
  ///
  /// - Parameter indexPath: `[section, item]` of an existing item.
  /// - Complexity: O(*n* − *i*) where *i* is the item's flat index.
  public mutating func removeItem(at indexPath: IndexPath) {
    let flat = item(at: indexPath)
    let section = indexPath[0]
    let length = offsets[flat + 1] - offsets[flat]
    offsets.remove(at: flat + 1)
    for index in (flat + 1)..<offsets.count { offsets[index] -= length }
    sectionStarts.shiftSections(after: section, by: -1)
  }

  /// Changes the length of one item.
  ///
  /// - Parameters:
  ///   - item: The flat index of the item.
  ///   - length: Its new length; finite and non-negative.
  /// - Complexity: O(*n* − *i*) where *i* is `item`.
  public mutating func resizeItem(_ item: Int, to length: CGFloat) {
    GeometryCheck.index(item, itemCount, "item")
    GeometryCheck.length(length, "length")
    let delta = length - (offsets[item + 1] - offsets[item])
    guard delta != 0 else { return }
    for index in (item + 1)..<offsets.count { offsets[index] += delta }
  }

  private mutating func appendLengths(_ lengths: some Sequence<CGFloat>, name: String) {
    var end = offsets[offsets.count - 1]
    for (index, length) in lengths.enumerated() {
      GeometryCheck.length(length, "\(name)[\(index)]")
      end += length
      offsets.append(end)
    }
  }

  private static func components(of indexPath: IndexPath) -> (section: Int, item: Int) {
    precondition(
      indexPath.count == 2, "indexPath must have two indexes [section, item], got \(indexPath)")
    return (indexPath[0], indexPath[1])
  }
}
