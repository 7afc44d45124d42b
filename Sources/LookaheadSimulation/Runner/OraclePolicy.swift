import DequeModule
import Foundation
import Lookahead

/// The clairvoyant reference of SPEC §8.5: it knows the whole trace in advance and
/// requests exactly the images that will become visible within a 10-second horizon,
/// in order of the time they become visible, and nothing else.
///
/// It is **visible-first**: while a page request or the image of a visible item is
/// waiting or loading, it starts no prefetch (running prefetches continue), so
/// prefetches never steal bandwidth from what the user is looking at. Its page
/// schedule (``pageNeedTimes``) requests each page when the first of its items is
/// within the horizon.
///
/// It is a reference point, not a proven lower bound.
struct OraclePolicy: ItemPolicy {
  /// How far ahead the oracle looks.
  static let horizon: Milliseconds = 10_000

  /// One maximal run of frames in which an item is visible (all pages loaded).
  struct Appearance: Sendable {
    var item: Int
    var start: Milliseconds
    var end: Milliseconds
  }

  /// Every appearance of the trace, by start time.
  private let appearances: [Appearance]
  /// The next appearance to activate.
  private var nextAppearance = 0
  /// Activated appearances that have not ended, per item, earliest first.
  private var active: [Int: Deque<Appearance>] = [:]

  /// For each page, the time from which it is requested.
  let pageNeedTimes: [Milliseconds]

  /// Plans the oracle's requests for `trace` in `world`.
  ///
  /// - Parameters:
  ///   - trace: The whole trace, known in advance.
  ///   - world: The world of the run.
  ///   - geometry: `world.geometry`, when the caller already built it.
  init(trace: Trace, world: World, geometry: WorldLayout? = nil) {
    let layout = geometry ?? world.geometry
    var appearances: [Appearance] = []
    var open: [Int: Milliseconds] = [:]
    var previous: Range<Int> = 0..<0
    let all = layout.itemCount
    for sample in trace.samples {
      let visible = layout.visibleItems(
        offset: sample.offset, viewportHeight: world.viewport.height, loadedItemCount: all)
      for item in previous where !visible.contains(item) {
        appearances.append(
          Appearance(item: item, start: open[item] ?? sample.time, end: sample.time))
        open[item] = nil
      }
      for item in visible where !previous.contains(item) { open[item] = sample.time }
      previous = visible
    }
    let end = trace.samples.last?.time ?? 0
    for item in previous {
      appearances.append(Appearance(item: item, start: open[item] ?? end, end: .infinity))
    }
    appearances.sort { ($0.start, $0.item) < ($1.start, $1.item) }
    self.appearances = appearances

    let pageCount = (all + world.pageSize - 1) / world.pageSize
    var needs = Array(repeating: Milliseconds.infinity, count: pageCount)
    for appearance in appearances {
      let page = world.page(containing: appearance.item)
      needs[page] = Swift.min(needs[page], appearance.start - Self.horizon)
    }
    // Cursor paging is sequential: a page is needed no later than the one after it.
    for page in stride(from: pageCount - 2, through: 0, by: -1) {
      needs[page] = Swift.min(needs[page], needs[page + 1])
    }
    pageNeedTimes = needs
  }

  mutating func wantedItems<Layout: ItemLayout>(
    for input: PolicyInput<Layout>, status: some LoadStatus, into requests: inout [PreloadRequest]
  ) {
    let now = input.time.inMilliseconds
    while nextAppearance < appearances.count,
      appearances[nextAppearance].start <= now + Self.horizon
    {
      let appearance = appearances[nextAppearance]
      active[appearance.item, default: []].append(appearance)
      nextAppearance += 1
    }
    var visibleRequests: [PreloadRequest] = []
    var prefetches: [PreloadRequest] = []
    var finished: [Int] = []
    // Read once: in this unspecialized generic method every access to `input` looks up
    // its type's metadata.
    let itemCount = input.layout.itemCount
    for (item, queue) in active {
      var queue = queue
      while let first = queue.first, first.end <= now { queue.removeFirst() }
      guard let next = queue.first else {
        finished.append(item)
        continue
      }
      active[item] = queue
      guard item < itemCount, !status.isReady(item) else { continue }
      if next.start <= now {
        visibleRequests.append(PreloadRequest(item: item, priority: .visible, order: next.start))
      } else {
        prefetches.append(PreloadRequest(item: item, priority: .preload, order: next.start))
      }
    }
    for item in finished { active[item] = nil }
    if status.isPageLoading || !visibleRequests.isEmpty {
      prefetches.removeAll { !status.isLoading($0.item) }
    }
    // Dictionary order differs between processes; deadline order (then item) is stable.
    let byDeadline: (PreloadRequest, PreloadRequest) -> Bool = {
      ($0.order, $0.item) < ($1.order, $1.item)
    }
    requests.append(contentsOf: visibleRequests.sorted(by: byDeadline))
    requests.append(contentsOf: prefetches.sorted(by: byDeadline))
  }
}
