/// When each item of a trace is on screen, worked out before the run: what the
/// clairvoyant strategies (`oracle`, `frontier`) know in advance.
///
/// A value type; thread-safe.
struct TraceAppearances: Sendable {
  /// One maximal run of frames in which an item is visible (all pages loaded).
  struct Appearance: Sendable {
    /// The item.
    var item: Int
    /// The time of its first frame on screen.
    var start: Milliseconds
    /// The time of the first frame without it (`.infinity` when it stays to the end).
    var end: Milliseconds
  }

  /// Every appearance of the trace, by start time, then item.
  let all: [Appearance]

  /// The appearances of `trace` in `world`.
  ///
  /// - Parameters:
  ///   - trace: The whole trace.
  ///   - world: The world of the run.
  ///   - layout: `world.geometry`.
  /// - Complexity: O(*f* + *a* log *a*) for *f* frames and *a* appearances.
  init(trace: Trace, world: World, layout: WorldLayout) {
    var appearances: [Appearance] = []
    let count = layout.itemCount
    // When each item's current appearance began, by item (the items are dense indices):
    // the frames of a 60-minute trace open and close appearances by the hundred thousand.
    var opened = Array(repeating: Milliseconds.nan, count: count)
    var previous: Range<Int> = 0..<0
    for sample in trace.samples {
      let visible = layout.visibleItems(
        offset: sample.offset, viewportHeight: world.viewport.height, loadedItemCount: count)
      for item in previous where !visible.contains(item) {
        appearances.append(Appearance(item: item, start: opened[item], end: sample.time))
      }
      for item in visible where !previous.contains(item) { opened[item] = sample.time }
      previous = visible
    }
    for item in previous {
      appearances.append(Appearance(item: item, start: opened[item], end: .infinity))
    }
    appearances.sort { ($0.start, $0.item) < ($1.start, $1.item) }
    all = appearances
  }

  /// For each page of `world`, the time from which a clairvoyant strategy requests it:
  /// `horizon` before the first appearance of one of its items, and no later than the
  /// page after it (cursor paging is sequential).
  ///
  /// - Parameters:
  ///   - world: The world of the run.
  ///   - itemCount: The world's number of items.
  ///   - horizon: How long before its first item is on screen a page is requested.
  func pageNeedTimes(world: World, itemCount: Int, horizon: Milliseconds) -> [Milliseconds] {
    let pageCount = (itemCount + world.pageSize - 1) / world.pageSize
    var needs = Array(repeating: Milliseconds.infinity, count: pageCount)
    for appearance in all {
      let page = world.page(containing: appearance.item)
      needs[page] = Swift.min(needs[page], appearance.start - horizon)
    }
    for page in stride(from: pageCount - 2, through: 0, by: -1) {
      needs[page] = Swift.min(needs[page], needs[page + 1])
    }
    return needs
  }
}
