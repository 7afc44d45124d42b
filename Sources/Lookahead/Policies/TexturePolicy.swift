import Foundation

/// Texture's "intelligent preloading": every item in the preload range is wanted,
/// prioritized as visible, display range or preload range, nearest first.
///
/// The policy keeps its own `RangeController` with Texture's default tuning and
/// `RangeModeState`: ranges stay ``RangeMode/minimum`` until the first drag —
/// reported by the tracker (``ScrollTracker/hasDragged``) or by
/// ``userDidBeginDragging()`` — then become ``RangeMode/full``. When the driver tracks
/// the range mode itself (``PolicyInput/rangeMode``, as the list preloader does for
/// memory warnings and the background), that mode wins. Items leaving the preload
/// range are withdrawn.
struct TexturePolicy: ItemPolicy {
  /// The range controller; change its tuning to deviate from Texture's defaults.
  package var ranges: RangeController
  /// The range-mode rules; forward app lifecycle events to it.
  package var modes = RangeModeState()

  /// Creates the policy.
  ///
  /// - Parameter tuning: The range tuning; Texture's defaults unless given.
  init(tuning: RangeTuningTable = .texture) {
    ranges = RangeController(tuning: tuning)
  }

  /// Switches from minimum to full ranges, as Texture does on the first drag.
  mutating func userDidBeginDragging() {
    modes.userDidBeginDragging()
  }

  /// The items of the preload range: visible ones at ``LoadPriority/visible``, those
  /// in the display range at ``LoadPriority/display``, the rest at
  /// ``LoadPriority/preload``; ordered by distance from the viewport.
  mutating func wantedItems<Layout: ItemLayout>(
    for input: PolicyInput<Layout>, status: some LoadStatus, into requests: inout [PreloadRequest]
  ) {
    if input.tracker.hasDragged { modes.userDidBeginDragging() }
    let snapshot = ranges.ranges(
      layout: input.layout, viewport: input.viewport, direction: input.tracker.direction,
      mode: input.rangeMode ?? modes.mode)
    // Read once: each read works the viewport's span out of its rectangle.
    let viewport = input.viewportSpan
    // One request per item of the preload range, a hundred or more on a grid: written
    // into storage grown once for all of them, since an `append` per request checks
    // each time that the array's storage is unique.
    let preload = snapshot.preload
    let start = requests.count
    requests.append(
      contentsOf: repeatElement(
        PreloadRequest(item: 0, priority: .preload, order: 0), count: preload.count))
    requests.withUnsafeMutableBufferPointer { requests in
      for item in preload {
        let priority: LoadPriority =
          snapshot.visible.contains(item)
          ? .visible : snapshot.display.contains(item) ? .display : .preload
        let distance = input.layout.span(ofItem: item).distance(to: viewport)
        requests[start + item - preload.lowerBound] = PreloadRequest(
          item: item, priority: priority, order: Double(distance))
      }
    }
  }
}
