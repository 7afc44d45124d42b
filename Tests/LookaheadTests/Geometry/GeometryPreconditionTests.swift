import Foundation
import Testing

@_spi(Machines) @testable import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// Bad geometry is a programmer error: it traps with a message naming the argument.
@Suite("Geometry preconditions") struct GeometryPreconditionTests {
  @Test("nan item length traps naming the argument")
  func nanItemLengthTrapsNamingTheArgument() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = ListLayout(itemLengths: [10, .nan])
    }
    #expect(
      result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) }?.contains(
        "itemLengths[1]") == true)
  }

  @Test("negative resize traps naming the argument")
  func negativeResizeTrapsNamingTheArgument() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var layout = ListLayout(itemLengths: [10, 20])
      layout.resizeItem(1, to: -5)
    }
    #expect(
      result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) }?.contains(
        "length must be finite and non-negative") == true)
  }

  @Test("out of range item traps naming the argument")
  func outOfRangeItemTrapsNamingTheArgument() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = ListLayout(itemLengths: [10, 20]).frame(ofItem: 2)
    }
    #expect(
      result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) }?.contains(
        "item 2 is out of range 0..<2") == true)
  }

  @Test("out of range index path traps naming the argument")
  func outOfRangeIndexPathTrapsNamingTheArgument() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = ListLayout(sections: [[1], [2]]).item(at: IndexPath(indexes: [1, 3]))
    }
    #expect(
      result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) }?.contains(
        "indexPath item 3") == true)
  }

  @Test("infinite grid row length traps naming the argument")
  func infiniteGridRowLengthTrapsNamingTheArgument() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = GridLayout(columns: 3, rowLength: .infinity, crossLength: 390, itemCount: 3)
    }
    #expect(
      result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) }?.contains("rowLength")
        == true)
  }

  @Test("nan viewport traps naming the argument")
  func nanViewportTrapsNamingTheArgument() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var ranges = RangeController()
      _ = ranges.update(
        layout: ListLayout(itemLengths: [10]),
        viewport: CGRect(x: 0, y: CGFloat.nan, width: 1, height: 1),
        direction: .down, mode: .full)
    }
    #expect(
      result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) }?.contains("viewport")
        == true)
  }
}
