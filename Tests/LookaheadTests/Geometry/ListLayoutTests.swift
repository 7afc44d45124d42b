import Foundation
import Testing

@_spi(Simulation) @testable import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

@Suite("ListLayout") struct ListLayoutTests {
  /// Every list of 0...5 items with lengths from {0, 1, 3}, split into sections in
  /// every way, queried with every span whose ends lie on a half-point grid from
  /// before the content to past its end.
  @Test("items overlapping matches brute force exhaustively")
  func itemsOverlappingMatchesBruteForceExhaustively() {
    let lengths: [CGFloat] = [0, 1, 3]
    let bounds = stride(from: CGFloat(-1), through: 9, by: 0.5).map { $0 } + [15, 16]
    var mismatches: [String] = []
    var layoutsChecked = 0
    for count in 0...5 {
      for combination in 0..<Int(pow(3, Double(count))) {
        var code = combination
        var items: [CGFloat] = []
        for _ in 0..<count {
          items.append(lengths[code % 3])
          code /= 3
        }
        // Every sectioning for short lists; for longer ones, the extremes.
        let sectionings =
          count <= 3 ? Self.partitions(of: items) : [[items], items.map { [$0] }, [[]] + [items]]
        for sections in sectionings {
          let layout = ListLayout(crossLength: 10, sections: sections)
          layoutsChecked += 1
          if layout.itemCount != count || layout.contentLength != items.reduce(0, +) {
            mismatches.append("\(sections): count or content length")
          }
          for lower in bounds {
            for upper in bounds where upper >= lower - 1 {
              let span = AxisSpan(lower, upper)
              let expected = BruteForce.items(in: layout, overlapping: span)
              if Array(layout.items(overlapping: span)) != expected {
                mismatches.append("\(sections) \(span): expected \(expected)")
              }
            }
          }
        }
      }
    }
    #expect(layoutsChecked > 1_000)
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  @Test("index paths round trip through flat indices with empty sections")
  func indexPathsRoundTripThroughFlatIndicesWithEmptySections() {
    let layout = ListLayout(sections: [[], [1, 2], [], [], [3], []])
    #expect(layout.sectionCount == 6)
    #expect(layout.itemCount == 3)
    let paths = (0..<layout.itemCount).map { layout.indexPath(ofItem: $0) }
    #expect(
      paths == [
        IndexPath(indexes: [1, 0]), IndexPath(indexes: [1, 1]), IndexPath(indexes: [4, 0]),
      ])
    for (item, path) in paths.enumerated() { #expect(layout.item(at: path) == item) }
    #expect(layout.itemCount(inSection: 0) == 0)
    #expect(layout.itemCount(inSection: 5) == 0)
    #expect(layout.firstItem(ofSection: 5) == 3)
  }

  @Test("frames span the cross axis and follow each other")
  func framesSpanTheCrossAxisAndFollowEachOther() {
    let vertical = ListLayout(axis: .vertical, crossLength: 390, itemLengths: [100, 50])
    #expect(vertical.frame(ofItem: 1) == CGRect(x: 0, y: 100, width: 390, height: 50))
    let horizontal = ListLayout(axis: .horizontal, crossLength: 200, itemLengths: [100, 50])
    #expect(horizontal.frame(ofItem: 1) == CGRect(x: 100, y: 0, width: 50, height: 200))
    #expect(horizontal.contentSize == CGSize(width: 150, height: 200))
  }

  @Test("incremental updates match a rebuilt layout")
  func incrementalUpdatesMatchARebuiltLayout() {
    var random = SplitMix64(seed: 42)
    var sections: [[CGFloat]] = [[], []]
    var layout = ListLayout(crossLength: 1, sections: sections)
    for _ in 0..<400 {
      let section = Int.random(in: 0..<sections.count, using: &random)
      let length = CGFloat(Int.random(in: 0...40, using: &random))
      switch Int.random(in: 0..<5, using: &random) {
      case 0:
        let item = Int.random(in: 0...sections[section].count, using: &random)
        sections[section].insert(length, at: item)
        layout.insertItem(length: length, at: IndexPath(indexes: [section, item]))
      case 1 where !sections[section].isEmpty:
        let item = Int.random(in: 0..<sections[section].count, using: &random)
        sections[section].remove(at: item)
        layout.removeItem(at: IndexPath(indexes: [section, item]))
      case 2 where !sections[section].isEmpty:
        let item = Int.random(in: 0..<sections[section].count, using: &random)
        sections[section][item] = length
        layout.resizeItem(layout.item(at: IndexPath(indexes: [section, item])), to: length)
      case 3:
        sections[sections.count - 1].append(contentsOf: [length, length + 1])
        layout.append([length, length + 1])
      default:
        sections.append([length])
        layout.appendSection([length])
      }
      #expect(layout == ListLayout(crossLength: 1, sections: sections))
    }
  }

  @Test("appending to a layout without sections creates one")
  func appendingToALayoutWithoutSectionsCreatesOne() {
    var layout = ListLayout(crossLength: 1, sections: [])
    #expect(layout.sectionCount == 0)
    #expect(layout.items(overlapping: AxisSpan(0, 100)).isEmpty)
    layout.append([5, 5])
    #expect(layout.sectionCount == 1)
    #expect(layout.items(overlapping: AxisSpan(4, 6)) == 0..<2)
  }

  /// Every way to cut `items` into consecutive sections, plus an empty section at
  /// the front.
  static func partitions(of items: [CGFloat]) -> [[[CGFloat]]] {
    guard items.count > 1 else { return [[items], [[], items]] }
    var result: [[[CGFloat]]] = []
    for mask in 0..<(1 << (items.count - 1)) {
      var sections: [[CGFloat]] = [[items[0]]]
      for index in 1..<items.count {
        if mask & (1 << (index - 1)) != 0 { sections.append([]) }
        sections[sections.count - 1].append(items[index])
      }
      result.append(sections)
    }
    result.append([[]] + [items])
    return result
  }
}
