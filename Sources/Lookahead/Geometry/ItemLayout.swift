import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// The geometry of a scrolling list: how many items it has, where each one is, and
/// which items intersect a region.
///
/// Items are addressed by a flat index `0..<itemCount` that runs through the
/// sections in order; ``indexPath(ofItem:)`` and ``item(at:)`` convert to and from
/// `IndexPath` (`[section, item]`).
///
/// "Intersects" always means *overlaps by a positive length*: an item that only
/// touches the edge of a region is outside it, and an item of zero length counts
/// only when it lies strictly inside the region.
///
/// Conforming types are value types; they are safe to share across threads.
public protocol ItemLayout: Sendable {
  /// The scrolling axis.
  var axis: Axis { get }
  /// The number of items in all sections.
  var itemCount: Int { get }
  /// The number of sections.
  var sectionCount: Int { get }
  /// The length of the content along ``axis``, in points.
  var contentLength: CGFloat { get }
  /// The length of the content across ``axis``, in points.
  var crossLength: CGFloat { get }

  /// The extent of an item along ``axis``.
  ///
  /// - Parameter item: A flat item index in `0..<itemCount`.
  func span(ofItem item: Int) -> AxisSpan

  /// The frame of an item in content coordinates.
  ///
  /// - Parameter item: A flat item index in `0..<itemCount`.
  func frame(ofItem item: Int) -> CGRect

  /// The items whose extent along ``axis`` overlaps `span` by a positive length,
  /// as a contiguous range of flat indices.
  ///
  /// Across the axis every item of the range is included, whatever its position.
  func items(overlapping span: AxisSpan) -> Range<Int>

  /// The flat index of the first item of each section.
  func firstItem(ofSection section: Int) -> Int

  /// The number of items in a section.
  func itemCount(inSection section: Int) -> Int

  /// The section that contains a flat item index.
  func section(ofItem item: Int) -> Int
}

extension ItemLayout {
  /// The size of the content, in points.
  public var contentSize: CGSize {
    axis == .vertical
      ? CGSize(width: crossLength, height: contentLength)
      : CGSize(width: contentLength, height: crossLength)
  }

  /// The index path (`[section, item]`) of a flat item index.
  ///
  /// - Complexity: O(log *s*) for *s* sections.
  public func indexPath(ofItem item: Int) -> IndexPath {
    let section = section(ofItem: item)
    return IndexPath(indexes: [section, item - firstItem(ofSection: section)])
  }

  /// The flat index of the item at `indexPath` (`[section, item]`).
  ///
  /// - Complexity: O(1).
  public func item(at indexPath: IndexPath) -> Int {
    precondition(
      indexPath.count == 2, "indexPath must have two indexes [section, item], got \(indexPath)")
    let section = indexPath[0]
    let item = indexPath[1]
    precondition(
      section >= 0 && section < sectionCount,
      "indexPath section \(section) is out of range 0..<\(sectionCount)")
    let count = itemCount(inSection: section)
    precondition(
      item >= 0 && item < count,
      "indexPath item \(item) is out of range 0..<\(count) in section \(section)")
    return firstItem(ofSection: section) + item
  }
}

extension GeometryCheck {
  /// Traps unless `value` is a finite, non-negative length.
  @inline(__always)
  static func length(_ value: CGFloat, _ name: @autoclosure () -> String) {
    precondition(
      value.isFinite && value >= 0, "\(name()) must be finite and non-negative, got \(value)")
  }

  /// Traps unless `value` is finite.
  @inline(__always)
  static func finite(_ value: CGFloat, _ name: @autoclosure () -> String) {
    precondition(value.isFinite, "\(name()) must be finite, got \(value)")
  }

  /// Traps unless `index` is in `0..<count`.
  @inline(__always)
  static func index(_ index: Int, _ count: Int, _ name: @autoclosure () -> String) {
    precondition(index >= 0 && index < count, "\(name()) \(index) is out of range 0..<\(count)")
  }
}

/// Argument checks shared by the layouts; every message names the argument.
enum GeometryCheck {}

/// Binary search helpers over sorted storage.
package enum Search {
  /// The first index in `range` for which `isAfter` is true, given that `isAfter`
  /// is false for a prefix of `range` and true for the rest; `range.upperBound` if
  /// it is never true.
  @inline(__always)
  package static func partitionPoint(in range: Range<Int>, _ isAfter: (Int) -> Bool) -> Int {
    var low = range.lowerBound
    var high = range.upperBound
    while low < high {
      let middle = low + (high - low) / 2
      if isAfter(middle) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
