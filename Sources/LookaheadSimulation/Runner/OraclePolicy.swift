import DequeModule
import Foundation
import HeapModule
import Lookahead

/// The clairvoyant reference (docs/DESIGN.md, "Oracle and frontier"): it knows the whole
/// trace in advance and requests exactly the images that will become visible within a
/// 10-second horizon, in order of the time they become visible, and nothing else.
///
/// It is **visible-first**: while a page request or the image of a visible item is
/// waiting or loading, it asks for no prefetch that is not already running, so
/// prefetches rarely steal bandwidth from what the user is looking at. Running
/// prefetches stay wanted, so the load queue's preemption (docs/DESIGN.md, "Loading")
/// applies to them as to every strategy: a visible request or a page that finds every
/// connection busy cancels and requeues one, and a connection freed before the next frame
/// (decisions are taken once per frame; docs/DESIGN.md, "Precise definitions") may restart
/// it, though rarely. Its page schedule (``pageNeedTimes``) requests each page when the
/// first of its items is within the horizon. An image evicted to the disk tier costs no
/// bytes to load again and arrives in a disk read, so the oracle asks for it only once it
/// is due within ``diskHorizon`` (1 s): loaded 10 s early, it would push out of memory the
/// images due sooner.
///
/// It is a reference point, not a proven lower bound.
struct OraclePolicy: ItemPolicy {
  /// How far ahead the oracle looks.
  static let horizon: Milliseconds = 10_000
  /// How far ahead the oracle reads an image from the disk tier: it costs no bytes and
  /// takes a disk read, so it waits until it is nearly due.
  ///
  /// Loaded as early as a network image, it thrashed the memory cache wherever the
  /// horizon's images and those just shown hold more than the cache (a fast link under a
  /// grid flinger: 10 s of the 60-minute one hold a median of 40 MB of images not yet
  /// shown, at most 83 MB, beside a 64 MB cache). Each read evicted the least recently used
  /// image, which, loaded in deadline order and not shown yet, was the next one due; that
  /// one was read back, and so on: 864,801 disk reads over the 60-minute `wifi` grid
  /// flinger, for 10,000 network loads. Reading only what is due within a second keeps
  /// what the next second shows in memory (176,532 reads there, 8,434 → 5,634 blank
  /// item-frames).
  static let diskHorizon: Milliseconds = 1_000

  typealias Appearance = TraceAppearances.Appearance

  /// Every appearance of the trace, by start time.
  private let appearances: [Appearance]
  /// The next appearance to activate.
  private var nextAppearance = 0
  /// The items with activated appearances that have not ended, one slot each (in no
  /// particular order).
  private var activeItems: [Int] = []
  /// The activated appearances of each slot's item that have not ended, earliest first.
  private var activeQueues: [Deque<Appearance>] = []
  /// The slot of each active item, by item (items are the world's dense indices).
  private var slots = ItemSlots()
  /// The deadlines of the active items whose image is not ready, by start, then item:
  /// the oracle's requests in their order, without walking the hundreds of active
  /// items whose image is ready (on a fast link, nearly all of them). Kept as
  /// appearances begin and end and as the cache stores and evicts images
  /// (``SimulatedImages/drainReadinessChanges(_:)``), rather than sorted every frame.
  /// Images become ready roughly in deadline order, so most removals are near the front
  /// (see ``FrontGapArray``).
  private var unready = FrontGapArray<Deadline>()
  /// When the earliest appearance of each active item ends; lazy (an element is stale
  /// once its item's earliest appearance is another).
  private var ends = Heap<End>()

  /// An active item and when its earliest appearance that has not ended starts.
  struct Deadline: Comparable, Sendable {
    var start: Milliseconds
    var item: Int

    static func < (lhs: Self, rhs: Self) -> Bool {
      lhs.start != rhs.start ? lhs.start < rhs.start : lhs.item < rhs.item
    }
  }

  /// When an active item's earliest appearance ends.
  struct End: Comparable, Sendable {
    var end: Milliseconds
    var item: Int

    static func < (lhs: Self, rhs: Self) -> Bool {
      lhs.end != rhs.end ? lhs.end < rhs.end : lhs.item < rhs.item
    }
  }

  #if DEBUG
    /// Counts the frames, to check ``unready`` on some of them.
    private var checks = 0
  #endif

  /// The prefetches of a frame in which a page or a visible image waits, sorted before
  /// they are requested; kept between frames so that their storage is reused.
  private var prefetches: [PreloadRequest] = []

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
    images.notesReadinessChanges = true
    let layout = geometry ?? world.geometry
    let appearances = TraceAppearances(trace: trace, world: world, layout: layout)
    self.appearances = appearances.all
    pageNeedTimes = appearances.pageNeedTimes(
      world: world, itemCount: layout.itemCount, horizon: Self.horizon)
  }

  mutating func wantedItems<Layout: ItemLayout>(
    for input: PolicyInput<Layout>, status: some LoadStatus, into requests: inout [PreloadRequest]
  ) {
    let now = input.time.inMilliseconds
    // Read once a frame: each read of a class's property is an exclusivity check. The
    // cache does not change while the frame is decided.
    let cache = images.cache
    let loads = images.loads
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
        track(
          Deadline(start: appearance.start, item: appearance.item),
          isReady: cache.isReady(appearance.item))
        ends.insert(End(end: appearance.end, item: appearance.item))
      }
      nextAppearance += 1
    }
    retireEndedAppearances(now: now, cache: cache)
    images.drainReadinessChanges { item in
      guard let slot = slots[item], let head = activeQueues[slot].first else { return }
      track(Deadline(start: head.start, item: item), isReady: cache.isReady(item))
    }
    #if DEBUG
      checkUnready(cache: cache)
    #endif
    // Read once: in this unspecialized generic method every access to `input` looks up
    // its type's metadata.
    let itemCount = input.layout.itemCount
    // In deadline order, then item, so the requests come out sorted: first the items
    // on screen (a prefix, since their appearance has begun), then the future ones.
    // Appended to `requests` directly, with no copy in between.
    let future = firstUnready { $0.start > now }
    let waitsVisible =
      appendRequests(
        for: unready[0..<future], priority: .visible, itemCount: itemCount, to: &requests,
        cache: cache, loads: loads, status: status) > 0
    // Future items not ready yet; while a page or a visible image waits, only those
    // already loading.
    if status.isPageLoading || waitsVisible {
      prefetches.removeAll(keepingCapacity: true)
      // At most a connection's worth of loads run: looking each up beats walking
      // several hundred future items on a grid.
      for item in loads.items {
        guard item < itemCount, !cache.isReady(item), let slot = slots[item],
          let start = activeQueues[slot].first?.start, start > now
        else { continue }
        prefetches.append(PreloadRequest(item: item, priority: .preload, order: start))
      }
      prefetches.sort { ($0.order, $0.item) < ($1.order, $1.item) }
      requests.append(contentsOf: prefetches)
    } else {
      appendRequests(
        for: unready[future..<unready.count], priority: .preload, itemCount: itemCount,
        to: &requests, cache: cache, loads: loads, status: status,
        diskReadsUntil: now + Self.diskHorizon)
    }
  }

  /// Appends to `requests` a request of `priority` for each of `deadlines` whose item is
  /// loaded, in order, and returns how many it appended. An image on the disk tier that
  /// is not loading yet is asked for only when its deadline is `diskReadsUntil` or
  /// sooner (see ``diskHorizon``).
  ///
  /// The requests are written into storage grown for all of `deadlines` at once, then
  /// trimmed: an `append` per request checks each time that the array's storage is
  /// unique, and on a grid the future deadlines number several hundred a frame.
  @discardableResult
  private func appendRequests(
    for deadlines: ArraySlice<Deadline>, priority: LoadPriority, itemCount: Int,
    to requests: inout [PreloadRequest], cache: ImageCacheModel, loads: InFlightLoads,
    status: some LoadStatus, diskReadsUntil: Milliseconds = .infinity
  ) -> Int {
    let start = requests.count
    requests.append(
      contentsOf: repeatElement(
        PreloadRequest(item: 0, priority: priority, order: 0), count: deadlines.count))
    // Read through a buffer: the question is asked of most of a grid's several hundred
    // future deadlines a frame.
    let onDisk = cache.diskTable
    let end = requests.withUnsafeMutableBufferPointer { requests in
      onDisk.withUnsafeBufferPointer { onDisk in
        var end = start
        for deadline in deadlines where deadline.item < itemCount {
          let item = deadline.item
          if deadline.start > diskReadsUntil && item < onDisk.count && onDisk[item]
            && loads[item] == nil
          {
            continue
          }
          assertAgrees(item, cache: cache, loads: loads, status: status)
          requests[end] = PreloadRequest(item: item, priority: priority, order: deadline.start)
          end += 1
        }
        return end
      }
    }
    requests.removeSubrange(end...)
    return end - start
  }

  /// Checks, in debug builds, that the run's images agree with the load status.
  private func assertAgrees(
    _ item: Int, cache: ImageCacheModel, loads: InFlightLoads, status: some LoadStatus
  ) {
    assert(
      cache.isReady(item) == status.isReady(item)
        && (loads[item] != nil) == status.isLoading(item),
      "The simulated images disagree with the load status about item \(item)")
  }

  /// Drops the appearances that ended by `now`: an item whose earliest appearance ended
  /// moves on to its next appearance (in ``unready`` while its image is not ready), or
  /// leaves.
  private mutating func retireEndedAppearances(now: Milliseconds, cache: ImageCacheModel) {
    while let first = ends.min, first.end <= now {
      ends.removeMin()
      guard let slot = slots[first.item], let head = activeQueues[slot].first,
        head.end == first.end
      else { continue }  // stale: that appearance already ended
      track(Deadline(start: head.start, item: first.item), isReady: true)
      while let earliest = activeQueues[slot].first, earliest.end <= now {
        activeQueues[slot].removeFirst()
      }
      if let next = activeQueues[slot].first {
        track(Deadline(start: next.start, item: first.item), isReady: cache.isReady(first.item))
        ends.insert(End(end: next.end, item: first.item))
      } else {
        removeSlot(slot)
      }
    }
  }

  /// The index of the first deadline of ``unready`` for which `isAfter` holds (it holds
  /// for every later one).
  private func firstUnready(where isAfter: (Deadline) -> Bool) -> Int {
    var low = 0
    var high = unready.count
    while low < high {
      let middle = (low + high) / 2
      if isAfter(unready[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }

  /// Puts an active item's current deadline in ``unready`` when its image is not ready,
  /// and takes it out when it is (or when the deadline is no longer current: pass
  /// `isReady: true`).
  private mutating func track(_ deadline: Deadline, isReady: Bool) {
    let index = firstUnready { !($0 < deadline) }
    let isThere = index < unready.count && unready[index] == deadline
    if isReady {
      if isThere { unready.remove(at: index) }
    } else if !isThere {
      unready.insert(deadline, at: index)
    }
  }

  #if DEBUG
    /// Checks, every 16th frame of a debug build, that ``unready`` holds exactly the
    /// current deadlines of the active items whose image is not ready, in order.
    private mutating func checkUnready(cache: ImageCacheModel) {
      checks &+= 1
      guard checks % 16 == 0 else { return }
      var expected: [Deadline] = []
      for (slot, item) in activeItems.enumerated() where !cache.isReady(item) {
        if let head = activeQueues[slot].first {
          expected.append(Deadline(start: head.start, item: item))
        }
      }
      expected.sort()
      assert(
        expected[...] == unready[0..<unready.count],
        "The oracle's index of images not ready is out of date")
    }
  #endif

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

/// The slot of each item, or `nil`, in an array indexed by item: the oracle looks items
/// up several times per load, and the world's items are dense indices from 0.
private struct ItemSlots: Sendable {
  private var slots: [Int] = []

  subscript(item: Int) -> Int? {
    get { item < slots.count && slots[item] >= 0 ? slots[item] : nil }
    set {
      if item >= slots.count {
        slots.append(
          contentsOf: repeatElement(-1, count: Swift.max(item + 1, 2 * slots.count) - slots.count))
      }
      slots[item] = newValue ?? -1
    }
  }
}
