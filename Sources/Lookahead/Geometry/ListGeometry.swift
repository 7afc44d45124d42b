import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// The geometry a list preloader keeps in step with its items: a list of items with
/// their own lengths (``ListLayout``) or a grid of equal cells (`GridLayout`), in one
/// section.
///
/// When pages arrive or a refresh merges new items, the preloader applies the index
/// changes with ``apply(_:lengthOfItem:)``, asking the app for the length of each new
/// item. Appending costs O(*k*) for *k* new items; other changes cost O(*n*) at worst.
///
/// ```swift
/// var geometry = ListGeometry.list(crossLength: 390)
/// geometry.apply(.appended(20, to: 0)) { item in posts[item].height }
/// geometry.items(overlapping: AxisSpan(0, 844))
/// ```
///
/// A value type; safe to share across threads.
public struct ListGeometry: ItemLayout, Equatable {
  private enum Storage: Sendable, Equatable {
    case list(ListLayout)
    case grid(GridLayout)
    /// Held only while a list is mutated in place, so that its storage stays unique.
    case transient
  }

  private var storage: Storage

  /// Wraps a list layout; it must have at most one section.
  public init(_ layout: ListLayout) {
    precondition(layout.sectionCount <= 1, "a list preloader's layout has one section")
    storage = .list(layout)
  }

  /// Wraps a grid layout; it must have at most one section.
  package init(_ layout: GridLayout) {
    precondition(layout.sectionCount <= 1, "a list preloader's layout has one section")
    storage = .grid(layout)
  }

  /// How close to the end of the content, in points, a viewport counts as at the end:
  /// a scroll view clamps its offset there, to a fraction of a point, and a list waiting
  /// for its next page shows the end exactly (the stall of the field metrics and the
  /// simulator).
  package static let endOfContentTolerance: CGFloat = 1

  /// An empty list whose items have their own lengths along `axis`.
  ///
  /// - Parameters:
  ///   - axis: The scrolling axis.
  ///   - crossLength: The length of every item across the axis (the viewport's width
  ///     for a vertical list).
  public static func list(axis: Axis = .vertical, crossLength: CGFloat) -> ListGeometry {
    ListGeometry(ListLayout(axis: axis, crossLength: crossLength))
  }

  /// An empty grid of `columns` equal cells per row.
  ///
  /// - Parameters:
  ///   - axis: The scrolling axis.
  ///   - columns: Cells per row; at least 1.
  ///   - rowLength: The length of a row along the axis.
  ///   - crossLength: The length of the content across the axis.
  public static func grid(
    axis: Axis = .vertical, columns: Int, rowLength: CGFloat, crossLength: CGFloat
  ) -> ListGeometry {
    ListGeometry(
      GridLayout(
        axis: axis, columns: columns, rowLength: rowLength, crossLength: crossLength,
        itemCount: 0))
  }

  /// Whether the items have their own lengths (a list) rather than equal cells (a grid).
  package var hasItemLengths: Bool {
    if case .list = storage { return true }
    return false
  }

  // MARK: - Updates

  /// Applies the index changes of an update.
  ///
  /// - Parameters:
  ///   - changes: How positions changed; `changes.oldCount` must be ``itemCount``.
  ///   - lengthOfItem: The length along the axis of the item at a position *after* the
  ///     update; asked for inserted and moved items of a list, never for a grid.
  /// - Complexity: O(*k*) for *k* items appended; O(*n* + *k*) otherwise.
  package mutating func apply(
    _ changes: ListIndexChanges, lengthOfItem: (Int) -> CGFloat
  ) {
    precondition(
      changes.oldCount == itemCount,
      "the changes start from \(changes.oldCount) items but the layout has \(itemCount)")
    switch storage {
    case .grid(let grid):
      storage = .grid(
        GridLayout(
          axis: grid.axis, columns: grid.columns, rowLength: grid.rowLength,
          crossLength: grid.crossLength, itemCount: changes.newCount))
    case .transient:
      preconditionFailure(Self.transientMessage)
    case .list(var list):
      storage = .transient
      Self.apply(changes, to: &list, lengthOfItem: lengthOfItem)
      storage = .list(list)
    }
  }

  /// Changes the length of one item of a list (a cell measured itself).
  ///
  /// - Parameters:
  ///   - item: The position of the item.
  ///   - length: Its new length; finite and non-negative.
  /// - Complexity: O(*n* − *i*) for an item at position *i*.
  package mutating func resizeItem(_ item: Int, to length: CGFloat) {
    guard case .list(var list) = storage else {
      preconditionFailure("a grid's cells all have the row's length; resize the grid instead")
    }
    storage = .transient
    list.resizeItem(item, to: length)
    storage = .list(list)
  }

  private static let transientMessage =
    "Internal inconsistency: a ListGeometry read during its own update"

  private static func apply(
    _ changes: ListIndexChanges, to list: inout ListLayout, lengthOfItem: (Int) -> CGFloat
  ) {
    if changes.isAppendOnly {
      list.append(changes.inserted.map(lengthOfItem))
      return
    }
    let touched = changes.removed.count + changes.inserted.count + 2 * changes.moved.count
    if touched * 4 >= changes.newCount {
      // Most of the list changed: rebuilding the prefix sums is cheaper than shifting
      // them once per item.
      list = ListLayout(
        axis: list.axis, crossLength: list.crossLength,
        itemLengths: (0..<changes.newCount).map(lengthOfItem))
      return
    }
    var sources = changes.removed + changes.moved.map(\.from)
    sources.sort(by: >)
    for item in sources { list.removeItem(at: IndexPath(indexes: [0, item])) }
    var destinations = changes.inserted + changes.moved.map(\.to)
    destinations.sort()
    for item in destinations {
      list.insertItem(length: lengthOfItem(item), at: IndexPath(indexes: [0, item]))
    }
  }

  // MARK: - ItemLayout

  /// The scrolling axis.
  public var axis: Axis {
    switch storage {
    case .list(let layout): layout.axis
    case .grid(let layout): layout.axis
    case .transient: preconditionFailure(Self.transientMessage)
    }
  }

  /// The number of items.
  public var itemCount: Int {
    switch storage {
    case .list(let layout): layout.itemCount
    case .grid(let layout): layout.itemCount
    case .transient: preconditionFailure(Self.transientMessage)
    }
  }

  /// The number of sections: one once there are items, zero before a list's first.
  public var sectionCount: Int {
    switch storage {
    case .list(let layout): layout.sectionCount
    case .grid(let layout): layout.sectionCount
    case .transient: preconditionFailure(Self.transientMessage)
    }
  }

  /// The length of the content along the axis.
  public var contentLength: CGFloat {
    switch storage {
    case .list(let layout): layout.contentLength
    case .grid(let layout): layout.contentLength
    case .transient: preconditionFailure(Self.transientMessage)
    }
  }

  /// The length of the content across the axis.
  public var crossLength: CGFloat {
    switch storage {
    case .list(let layout): layout.crossLength
    case .grid(let layout): layout.crossLength
    case .transient: preconditionFailure(Self.transientMessage)
    }
  }

  /// The extent of an item along the axis.
  public func span(ofItem item: Int) -> AxisSpan {
    switch storage {
    case .list(let layout): layout.span(ofItem: item)
    case .grid(let layout): layout.span(ofItem: item)
    case .transient: preconditionFailure(Self.transientMessage)
    }
  }

  /// The frame of an item in content coordinates.
  public func frame(ofItem item: Int) -> CGRect {
    switch storage {
    case .list(let layout): layout.frame(ofItem: item)
    case .grid(let layout): layout.frame(ofItem: item)
    case .transient: preconditionFailure(Self.transientMessage)
    }
  }

  /// The items overlapping `span` along the axis by a positive length.
  public func items(overlapping span: AxisSpan) -> Range<Int> {
    switch storage {
    case .list(let layout): layout.items(overlapping: span)
    case .grid(let layout): layout.items(overlapping: span)
    case .transient: preconditionFailure(Self.transientMessage)
    }
  }

  /// The flat index of the first item of a section.
  public func firstItem(ofSection section: Int) -> Int {
    switch storage {
    case .list(let layout): layout.firstItem(ofSection: section)
    case .grid(let layout): layout.firstItem(ofSection: section)
    case .transient: preconditionFailure(Self.transientMessage)
    }
  }

  /// The number of items in a section.
  public func itemCount(inSection section: Int) -> Int {
    switch storage {
    case .list(let layout): layout.itemCount(inSection: section)
    case .grid(let layout): layout.itemCount(inSection: section)
    case .transient: preconditionFailure(Self.transientMessage)
    }
  }

  /// The section of an item.
  public func section(ofItem item: Int) -> Int {
    switch storage {
    case .list(let layout): layout.section(ofItem: item)
    case .grid(let layout): layout.section(ofItem: item)
    case .transient: preconditionFailure(Self.transientMessage)
    }
  }
}
