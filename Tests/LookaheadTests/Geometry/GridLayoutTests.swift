import Foundation
import Testing

@testable import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

@Suite("GridLayout") struct GridLayoutTests {
  @Test("items overlapping matches brute force exhaustively")
  func itemsOverlappingMatchesBruteForceExhaustively() {
    let bounds = stride(from: CGFloat(-20), through: 80, by: 5).map { $0 }
    var mismatches: [String] = []
    for columns in 1...4 {
      for sectionCounts in Self.sectionCountLists() {
        let grid = GridLayout(
          columns: columns, rowLength: 10, crossLength: CGFloat(columns) * 7,
          sectionItemCounts: sectionCounts)
        #expect(grid.itemCount == sectionCounts.reduce(0, +))
        for lower in bounds {
          for upper in bounds {
            let span = AxisSpan(lower, upper)
            if Array(grid.items(overlapping: span)) != BruteForce.items(in: grid, overlapping: span)
            {
              mismatches.append("columns \(columns) sections \(sectionCounts) span \(span)")
            }
          }
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  @Test("standard world grid places three squares per row")
  func standardWorldGridPlacesThreeSquaresPerRow() {
    let grid = GridLayout(columns: 3, rowLength: 130, crossLength: 390, itemCount: 10_000)
    #expect(grid.frame(ofItem: 4) == CGRect(x: 130, y: 130, width: 130, height: 130))
    #expect(grid.items(overlapping: AxisSpan(0, 844)) == 0..<21)
    #expect(grid.contentLength == CGFloat(433_420))
  }

  @Test("horizontal grid frames run along x")
  func horizontalGridFramesRunAlongX() {
    let grid = GridLayout(
      axis: .horizontal, columns: 2, rowLength: 50, crossLength: 100, itemCount: 5)
    #expect(grid.frame(ofItem: 3) == CGRect(x: 50, y: 50, width: 50, height: 50))
    #expect(grid.contentSize == CGSize(width: 150, height: 100))
  }

  @Test("sections start on a new row and append grows the last section")
  func sectionsStartOnANewRowAndAppendGrowsTheLastSection() {
    var grid = GridLayout(columns: 3, rowLength: 10, crossLength: 30, sectionItemCounts: [2, 0, 4])
    #expect(grid.indexPath(ofItem: 2) == IndexPath(indexes: [2, 0]))
    #expect(grid.span(ofItem: 2) == AxisSpan(10, 20))
    #expect(grid.span(ofItem: 5) == AxisSpan(20, 30))
    grid.append(count: 3)
    #expect(grid.itemCount == 9)
    #expect(grid.contentLength == 40)
    #expect(grid.section(ofItem: 8) == 2)
    grid.appendSection(count: 1)
    #expect(grid.span(ofItem: 9) == AxisSpan(40, 50))
  }

  /// Lists of section sizes: one section of 0...7 items, and a few multi-section shapes
  /// including empty sections.
  static func sectionCountLists() -> [[Int]] {
    (0...7).map { [$0] } + [[1, 1], [0, 3], [2, 0, 4], [3, 3, 0], [0, 0], [5, 1, 2]]
  }
}
