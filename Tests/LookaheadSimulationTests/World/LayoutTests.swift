import Foundation
import Lookahead
import Testing

@testable import LookaheadSimulation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

@Suite("World layouts")
struct LayoutTests {
  /// The items among the first `loaded` whose span overlaps `range` by a positive length,
  /// by checking every item.
  private func bruteForce(_ layout: WorldLayout, _ range: Range<Double>, loaded: Int) -> [Int] {
    (0..<loaded).filter { item in
      let span = layout.span(of: item)
      return min(span.upperBound, range.upperBound) - max(span.lowerBound, range.lowerBound) > 0
    }
  }

  @Test("feed: items(overlapping:) agrees with a scan of every item, boundaries included")
  func feedMatchesBruteForce() {
    let layout = WorldLayout.feed(FeedGeometry(itemHeights: [100, 50, 25, 200, 1, 75]))
    let edges: [Double] = [0, 1, 24.5, 50, 99.999, 100, 150, 175, 374, 375, 376, 451, 500]
    for loaded in 0...6 {
      for lower in edges {
        for length in [0.5, 1, 50, 100, 300, 1_000] {
          let range = lower..<(lower + length)
          let found = layout.items(overlapping: range, loadedItemCount: loaded)
          #expect(Array(found) == bruteForce(layout, range, loaded: loaded), "\(range) \(loaded)")
        }
      }
    }
  }

  @Test("grid: items(overlapping:) agrees with a scan of every item, boundaries included")
  func gridMatchesBruteForce() {
    let layout = WorldLayout.grid(GridGeometry(itemCount: 17))
    for loaded in [0, 1, 3, 4, 16, 17] {
      for lower in stride(from: 0.0, through: 800, by: 32.5) {
        for length in [0.5, 130, 260, 844] {
          let range = lower..<(lower + length)
          let found = layout.items(overlapping: range, loadedItemCount: loaded)
          #expect(Array(found) == bruteForce(layout, range, loaded: loaded), "\(range) \(loaded)")
        }
      }
    }
  }

  @Test("grid content length counts a partly filled last row")
  func gridContentLength() {
    let grid = GridGeometry()
    #expect(grid.contentLength(loadedItemCount: 0) == 0)
    #expect(grid.contentLength(loadedItemCount: 1) == 130)
    #expect(grid.contentLength(loadedItemCount: 20) == 7 * 130)
    #expect(grid.span(of: 5) == 130..<260)
  }

  @Test("the viewport stalls once it reaches the end of the loaded content, within a point")
  func stallGeometry() {
    let layout = WorldLayout.feed(FeedGeometry(itemHeights: [100, 100, 100]))
    #expect(layout.extendsPastContent(offset: 0, viewportHeight: 844, loadedItemCount: 0))
    #expect(!layout.extendsPastContent(offset: 98.9, viewportHeight: 200, loadedItemCount: 3))
    // A scroll view clamps its offset at the end: there, the user waits for a page.
    #expect(layout.extendsPastContent(offset: 99, viewportHeight: 200, loadedItemCount: 3))
    #expect(layout.extendsPastContent(offset: 100, viewportHeight: 200, loadedItemCount: 3))
    #expect(layout.extendsPastContent(offset: 100.5, viewportHeight: 200, loadedItemCount: 3))
    #expect(layout.visibleItems(offset: 100, viewportHeight: 200, loadedItemCount: 3) == 1..<3)
    #expect(WorldLayout.standard(.grid).kind == .grid)
    #expect(WorldLayout.Kind(rawValue: "feed") == .feed)
  }
}

@Suite("World layouts and the engine's layouts")
struct WorldItemLayoutTests {
  @Test("the engine's layouts agree with the world geometry on spans and visible items")
  func agree() {
    for kind in WorldLayout.Kind.allCases {
      let world = WorldLayout.standard(kind, itemCount: 200)
      for loaded in [0, 20, 140] {
        let engine = world.itemLayout(loadedItemCount: loaded)
        #expect(engine.itemCount == loaded)
        #expect(Double(engine.contentLength) == world.contentLength(loadedItemCount: loaded))
        for item in 0..<loaded {
          let span = engine.span(ofItem: item)
          #expect(Double(span.lowerBound)..<Double(span.upperBound) == world.span(of: item))
        }
        for offset in stride(from: 0.0, through: 30_000, by: 377) {
          let viewport = AxisSpan(CGFloat(offset), CGFloat(offset + StandardWorld.viewportHeight))
          #expect(
            Array(engine.items(overlapping: viewport))
              == Array(world.visibleItems(offset: offset, loadedItemCount: loaded)))
        }
      }
    }
  }
}
