import Foundation
import Testing

@_spi(Simulation) @testable import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

@Suite("ListLayout with measured sizes") struct ListLayoutMeasuredTests {
  private func spans(_ pairs: [(CGFloat, CGFloat)]) -> [AxisSpan] {
    pairs.map { AxisSpan($0.0, $0.1) }
  }

  private func starts(_ layout: ListLayout) -> [CGFloat] {
    (0..<layout.itemCount).map { layout.span(ofItem: $0).lowerBound }
  }

  @Test("a column with insets and spacing keeps every start")
  func aColumnWithInsetsAndSpacingKeepsEveryStart() {
    let layout = ListLayout(
      measuredSpans: spans([(20, 120), (130, 230), (240, 340)]), contentLength: 360)
    #expect(starts(layout) == [0, 130, 240])  // the leading inset belongs to the first
    #expect(layout.contentLength == 360)
  }

  @Test("items side by side share their row")
  func itemsSideBySideShareTheirRow() {
    // A row of three (a grid, an orthogonal section), then a full-width item.
    let layout = ListLayout(
      measuredSpans: spans([(0, 100), (0, 100), (0, 100), (110, 400)]), contentLength: 400)
    #expect(starts(layout) == [0, 110.0 / 3, 220.0 / 3, 110])
    #expect(layout.contentLength == 400)
  }

  @Test("starts never go backward")
  func startsNeverGoBackward() {
    // A masonry layout: item 1 starts above item 0.
    let layout = ListLayout(
      measuredSpans: spans([(50, 150), (0, 60), (70, 200), (160, 300)]), contentLength: 0)
    #expect(starts(layout) == [0, 35, 70, 160])
    #expect(layout.contentLength == 300)  // the lowest item's end
  }

  @Test("every row starts where its first item starts for all small layouts")
  func everyRowStartsWhereItsFirstItemStartsForAllSmallLayouts() {
    // Exhaustive over rows of 1 to 3 items with gaps of 0 to 2 points, three rows.
    for counts in [[1, 1, 1], [1, 2, 3], [3, 1, 2], [2, 2, 2]] {
      for gap in 0...2 {
        var pairs: [(CGFloat, CGFloat)] = []
        var firsts: [Int] = []
        var y: CGFloat = 5
        for count in counts {
          firsts.append(pairs.count)
          for _ in 0..<count { pairs.append((y, y + 40)) }
          y += 40 + CGFloat(gap)
        }
        let layout = ListLayout(measuredSpans: spans(pairs), contentLength: y + 5)
        #expect(layout.contentLength == y + 5)
        for (row, first) in firsts.enumerated() where row > 0 {
          #expect(abs(layout.span(ofItem: first).lowerBound - pairs[first].0) < 1e-9)
        }
      }
    }
  }

  @Test("an empty list has no content")
  func anEmptyListHasNoContent() {
    #expect(ListLayout(measuredSpans: [], contentLength: 500).itemCount == 0)
  }

  @Test("a window of whole rows folds as the whole list")
  func aWindowOfWholeRowsFoldsAsTheWholeList() {
    // What an adapter sends for the rows on screen is what the whole layout gives them.
    var random = SplitMix64(seed: 51)
    for _ in 0..<500 {
      var spans: [AxisSpan] = []
      var top = CGFloat(Int.random(in: 0...30, using: &random))
      for _ in 0..<Int.random(in: 1...40, using: &random) {
        let columns = Int.random(in: 1...3, using: &random)
        let height = CGFloat(Int.random(in: 20...300, using: &random))
        for _ in 0..<columns { spans.append(AxisSpan(top, top + height)) }
        top += height + CGFloat(Int.random(in: 0...12, using: &random))
      }
      let contentLength = top + CGFloat(Int.random(in: 0...40, using: &random))
      let whole = ListLayout(measuredSpans: spans, contentLength: contentLength)
      // Row boundaries: where the start changes.
      let rowStarts = spans.indices.filter {
        $0 == 0 || spans[$0].lowerBound != spans[$0 - 1].lowerBound
      }
      let first = rowStarts.randomElement(using: &random)!
      let ends = rowStarts.filter { $0 > first } + [spans.count]
      let end = ends.randomElement(using: &random)!
      let window = ListLayout.foldedLengths(
        ofMeasuredSpans: Array(spans[first..<end]), from: first == 0 ? 0 : nil,
        to: end < spans.count ? spans[end].lowerBound : contentLength)
      let expected = (first..<end).map { whole.span(ofItem: $0).length }
      #expect(zip(window, expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(window) \(expected)")
    }
  }
}
