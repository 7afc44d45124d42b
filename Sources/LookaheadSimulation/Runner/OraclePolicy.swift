import DequeModule
import Foundation
import Lookahead

/// The clairvoyant reference of SPEC §8.5: it knows the whole trace in advance and
/// requests exactly the images that will become visible within a 10-second horizon,
/// in order of the time they become visible, and nothing else.
///
/// It is **visible-first**: while a page request or the image of a visible item is
/// waiting or loading, it asks for no prefetch that is not already running, so
/// prefetches rarely steal bandwidth from what the user is looking at. Running
/// prefetches stay wanted, so the load queue's preemption (SPEC §6.1) applies to them
/// as to every strategy: a visible request or a page that finds every connection busy
/// cancels and requeues one, and a connection freed before the next frame (decisions
/// are taken once per frame, SPEC §8.6) may restart it, though rarely. Its page
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
  /// The items with activated appearances that have not ended, one slot each (in no
  /// particular order; requests are sorted by deadline).
  private var activeItems: [Int] = []
  /// The activated appearances of each slot's item that have not ended, earliest first.
  private var activeQueues: [Deque<Appearance>] = []
  /// The slot of each active item.
  private var slots: [Int: Int] = [:]
  /// The requests of the current frame; kept between frames so that their storage is
  /// reused.
  private var visibleRequests: [PreloadRequest] = []
  private var prefetches: [PreloadRequest] = []
  /// The items whose load runs, this frame; kept for its storage.
  private var running: [Int] = []

  /// For each page, the time from which it is requested.
  let pageNeedTimes: [Milliseconds]
  /// The run's cache and loads in flight, read directly instead of through the load
  /// status (see ``SimulatedImages``).
  private let images: SimulatedImages

  /// Plans the oracle's requests for `trace` in `world`.
  ///
  /// - Parameters:
  ///   - trace: The whole trace, known in advance.
  ///   - world: The world of the run.
  ///   - geometry: `world.geometry`, when the caller already built it.
  ///   - images: The run's cache and loads in flight, which answer "is it ready?" and "is
  ///     it loading?" faster than the load status and the same way.
  init(trace: Trace, world: World, geometry: WorldLayout? = nil, images: SimulatedImages) {
    self.images = images
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
      if let slot = slots[appearance.item] {
        activeQueues[slot].append(appearance)
      } else {
        slots[appearance.item] = activeItems.count
        activeItems.append(appearance.item)
        activeQueues.append([appearance])
      }
      nextAppearance += 1
    }
    visibleRequests.removeAll(keepingCapacity: true)
    prefetches.removeAll(keepingCapacity: true)
    // Read once: in this unspecialized generic method every access to `input` looks up
    // its type's metadata.
    let itemCount = input.layout.itemCount
    // Read once a frame: each read of a class's property is an exclusivity check.
    let cache = images.cache
    let tickets = images.tickets
    var slot = 0
    while slot < activeItems.count {
      let item = activeItems[slot]
      while let first = activeQueues[slot].first, first.end <= now {
        activeQueues[slot].removeFirst()
      }
      guard let next = activeQueues[slot].first else {
        removeSlot(slot)
        continue  // the last slot moved here
      }
      slot += 1
      guard item < itemCount else { continue }
      assert(
        cache.isReady(item) == status.isReady(item)
          && (tickets[item] != nil) == status.isLoading(item),
        "The simulated images disagree with the load status about item \(item)")
      if next.start <= now {
        if !cache.isReady(item) {
          visibleRequests.append(
            PreloadRequest(item: item, priority: .visible, order: next.start))
        }
      } else {
        prefetches.append(PreloadRequest(item: item, priority: .preload, order: next.start))
      }
    }
    // Future items not ready yet; while a page or a visible image waits, only those
    // already loading.
    if status.isPageLoading || !visibleRequests.isEmpty {
      // At most a connection's worth of loads run: a scan of them beats a hash lookup
      // per future item (several hundred on a grid).
      running.removeAll(keepingCapacity: true)
      running.append(contentsOf: tickets.keys)
      prefetches.removeAll { cache.isReady($0.item) || !running.contains($0.item) }
    } else {
      prefetches.removeAll { cache.isReady($0.item) }
    }
    // Slot order follows removals; deadline order (then item) is the same in every run.
    let byDeadline: (PreloadRequest, PreloadRequest) -> Bool = {
      ($0.order, $0.item) < ($1.order, $1.item)
    }
    visibleRequests.sort(by: byDeadline)
    prefetches.sort(by: byDeadline)
    requests.append(contentsOf: visibleRequests)
    requests.append(contentsOf: prefetches)
  }

  /// Forgets the item of `slot`, whose appearances have all ended: the last slot moves
  /// into its place.
  private mutating func removeSlot(_ slot: Int) {
    slots[activeItems[slot]] = nil
    let last = activeItems.count - 1
    if slot != last {
      activeItems[slot] = activeItems[last]
      activeQueues.swapAt(slot, last)
      slots[activeItems[slot]] = slot
    }
    activeItems.removeLast()
    activeQueues.removeLast()
  }
}
