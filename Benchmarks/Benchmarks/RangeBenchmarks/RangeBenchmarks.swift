import Benchmark
import Foundation
@_spi(Machines) import Lookahead
import LookaheadSimulation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// Range updates over 1,000,000 variable-height items (the standard world's feed
/// heights, 160...480 points), against a linear scan of all items measured in the
/// same run.
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
    scalingFactor: .kilo,
    maxDuration: .seconds(3),
    maxIterations: 1_000_000
  )

  let layout = RangeFixture.layout
  let viewportSize = CGSize(width: 390, height: 844)

  Benchmark("Range update: small delta, no range change") { benchmark in
    var controller = RangeController()
    let base = RangeFixture.quietOffset
    _ = controller.update(
      layout: layout, viewport: CGRect(origin: CGPoint(x: 0, y: base), size: viewportSize),
      direction: .down, mode: .full)
    var toggle = false
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      toggle.toggle()
      let y = base + (toggle ? 0.25 : 0)
      blackHole(
        controller.update(
          layout: layout, viewport: CGRect(origin: CGPoint(x: 0, y: y), size: viewportSize),
          direction: .down, mode: .full))
    }
    benchmark.stopMeasurement()
  }

  Benchmark("Range update: delta crossing item boundaries") { benchmark in
    var controller = RangeController()
    var y: CGFloat = 1_000_000
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      // 320 points per update: one average item, so every range edge moves.
      y += 320
      if y > 200_000_000 { y = 1_000_000 }
      blackHole(
        controller.update(
          layout: layout, viewport: CGRect(origin: CGPoint(x: 0, y: y), size: viewportSize),
          direction: .down, mode: .full))
    }
    benchmark.stopMeasurement()
  }

  Benchmark(
    "Baseline: linear scan of all items per update",
    configuration: .init(scalingFactor: .one, maxDuration: .seconds(3), maxIterations: 200)
  ) { benchmark in
    let base = RangeFixture.quietOffset
    var toggle = false
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      toggle.toggle()
      let y = base + (toggle ? 0.25 : 0)
      blackHole(LinearScan.states(layout: layout, viewportOffset: y, viewportLength: 844))
    }
    benchmark.stopMeasurement()
  }
}

enum RangeFixture {
  /// 1,000,000 items with the standard world's feed heights.
  static let layout: ListLayout = {
    var lengths: [CGFloat] = []
    lengths.reserveCapacity(1_000_000)
    for item in 0..<1_000_000 {
      lengths.append(CGFloat(StandardWorld.feedItemHeight(item)))
    }
    return ListLayout(crossLength: 390, itemLengths: lengths)
  }()

  /// An offset around the middle of the list where moving by a quarter point changes
  /// no range: found by probing, so the "no range change" benchmark measures what its
  /// name says.
  static let quietOffset: CGFloat = {
    var y: CGFloat = 150_000_000
    while true {
      var controller = RangeController()
      let size = CGSize(width: 390, height: 844)
      _ = controller.update(
        layout: layout, viewport: CGRect(origin: CGPoint(x: 0, y: y), size: size), direction: .down,
        mode: .full)
      let changes = controller.update(
        layout: layout, viewport: CGRect(origin: CGPoint(x: 0, y: y + 0.25), size: size),
        direction: .down, mode: .full)
      if changes.isEmpty { return y }
      y += 1
    }
  }()
}

/// What a range update costs without prefix sums and binary search: visit every item
/// and classify it against the visible, display and preload spans (Texture's full
/// tuning, moving down).
enum LinearScan {
  static func states(layout: ListLayout, viewportOffset: CGFloat, viewportLength: CGFloat) -> Int {
    let visible = AxisSpan(viewportOffset, viewportOffset + viewportLength)
    let display = AxisSpan(viewportOffset - 0.5 * viewportLength, viewportOffset + 2 * viewportLength)
    let preload = AxisSpan(viewportOffset - 1.5 * viewportLength, viewportOffset + 3.5 * viewportLength)
    var inRanges = 0
    var start: CGFloat = 0
    for item in 0..<layout.itemCount {
      let length = layout.length(ofItem: item)
      let span = AxisSpan(start, start + length)
      start += length
      if span.overlaps(preload) { inRanges &+= 1 }
      if span.overlaps(display) { inRanges &+= 1 }
      if span.overlaps(visible) { inRanges &+= 1 }
    }
    return inRanges
  }
}
