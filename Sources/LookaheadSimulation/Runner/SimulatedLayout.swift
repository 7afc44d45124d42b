import Foundation
import Lookahead

/// The engine's layout of the loaded part of a standard-world list, grown page by
/// page exactly as an app would grow its own.
enum SimulatedLayout: ItemLayout {
  case list(ListLayout)
  case grid(Lookahead.GridLayout)

  /// An empty layout for a world.
  init(world: WorldLayout) {
    switch world {
    case .feed:
      self = .list(ListLayout(axis: .vertical, crossLength: CGFloat(StandardWorld.viewportWidth)))
    case .grid(let geometry):
      self = .grid(
        Lookahead.GridLayout(
          axis: .vertical, columns: geometry.columns, rowLength: CGFloat(geometry.cellLength),
          crossLength: CGFloat(StandardWorld.viewportWidth), itemCount: 0))
    }
  }

  /// Appends the items `itemCount..<newCount` of `world`.
  mutating func grow(to newCount: Int, in world: WorldLayout) {
    switch (self, world) {
    case (.list(var layout), .feed(let geometry)):
      layout.append(geometry.itemHeights[layout.itemCount..<newCount].map { CGFloat($0) })
      self = .list(layout)
    case (.grid(var layout), .grid):
      layout.append(count: newCount - layout.itemCount)
      self = .grid(layout)
    default:
      preconditionFailure("Internal inconsistency: \(self) cannot grow in \(world.kind)")
    }
  }

  var axis: Axis { .vertical }

  var itemCount: Int {
    switch self {
    case .list(let layout): layout.itemCount
    case .grid(let layout): layout.itemCount
    }
  }

  var sectionCount: Int {
    switch self {
    case .list(let layout): layout.sectionCount
    case .grid(let layout): layout.sectionCount
    }
  }

  var contentLength: CGFloat {
    switch self {
    case .list(let layout): layout.contentLength
    case .grid(let layout): layout.contentLength
    }
  }

  var crossLength: CGFloat {
    switch self {
    case .list(let layout): layout.crossLength
    case .grid(let layout): layout.crossLength
    }
  }

  func span(ofItem item: Int) -> AxisSpan {
    switch self {
    case .list(let layout): layout.span(ofItem: item)
    case .grid(let layout): layout.span(ofItem: item)
    }
  }

  func frame(ofItem item: Int) -> CGRect {
    switch self {
    case .list(let layout): layout.frame(ofItem: item)
    case .grid(let layout): layout.frame(ofItem: item)
    }
  }

  func items(overlapping span: AxisSpan) -> Range<Int> {
    switch self {
    case .list(let layout): layout.items(overlapping: span)
    case .grid(let layout): layout.items(overlapping: span)
    }
  }

  func firstItem(ofSection section: Int) -> Int {
    switch self {
    case .list(let layout): layout.firstItem(ofSection: section)
    case .grid(let layout): layout.firstItem(ofSection: section)
    }
  }

  func itemCount(inSection section: Int) -> Int {
    switch self {
    case .list(let layout): layout.itemCount(inSection: section)
    case .grid(let layout): layout.itemCount(inSection: section)
    }
  }

  func section(ofItem item: Int) -> Int {
    switch self {
    case .list(let layout): layout.section(ofItem: item)
    case .grid(let layout): layout.section(ofItem: item)
    }
  }
}
