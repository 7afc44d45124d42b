/// The adaptive policy's memory of the loads it asked for, so that it does not cancel
/// loads worth finishing: a running load of an item that is still ahead, or mostly done
/// (docs/DESIGN.md, "The adaptive strategy").
///
/// Cancelling a running load wastes the bytes already transferred, and loading the
/// item again pays the round trip again. Two kinds of running loads are kept when the
/// policy no longer asks for them:
/// - a prefetch wanted ahead of the motion whose item the viewport has not reached
///   yet, while it is within reach — after a reversal the old lead is kept for the
///   way back, but an item the viewport flew over is let go, and so is one that a
///   glide will carry across the screen before its load can be counted on to be done;
/// - any load that has run for a typical load time: it is nearly done.
///
/// Its tables (``ItemTable``s: sorted arrays searched without hashing)
/// are rebuilt every frame into storage kept from the previous frame — appended in the
/// answer's order and sorted once — so a steady frame allocates nothing.
///
/// A value type; confine it to one thread.
struct RunningLoadKeeper: Sendable {
  private var previousPrefetches: [PreloadRequest] = []
  private var previousRequests: [PreloadRequest] = []
  /// For each prefetch wanted ahead of the motion: whether its item lay after the
  /// viewport (at larger offsets) when first wanted.
  private var sides = ItemTable<Bool>()
  /// When each wanted item was first seen loading.
  private var loadingSince = ItemTable<Duration>()
  /// The items chosen this frame; scratch storage.
  private var chosen = ItemTable<Void>()
  /// The next frame's tables while they are built; scratch storage.
  private var nextSides = ItemTable<Bool>()
  private var nextLoadingSince = ItemTable<Duration>()
  /// The viewport and direction `sides` was last built with; `nil` after a list change.
  private var sidesBuiltFor: (viewport: AxisSpan, isForward: Bool)?

  /// Appends to `prefetches` the running loads that were wanted before and are worth
  /// finishing, then remembers this frame's answer.
  ///
  /// - Parameters:
  ///   - prefetches: The prefetches chosen this frame.
  ///   - visible: This frame's visible requests.
  ///   - visibleItems: The items on screen.
  ///   - viewport: The viewport's span along the axis.
  ///   - motion: Where the viewport goes next.
  ///   - isForward: Whether the motion goes toward larger offsets.
  ///   - reach: How far from the viewport a not-yet-reached load is kept, in points.
  ///   - nearlyDone: How long a load runs before it counts as nearly done.
  ///   - loadTime: How long a load may take: a running prefetch whose item a glide carries
  ///     across the screen before this time after the load started is let go.
  ///   - now: The frame's time.
  ///   - layout: The list's geometry.
  ///   - status: What is loading.
  /// - Complexity: O(*p* + *r*) for *p* previously wanted prefetches and *r* requests.
  mutating func keepRunningLoads<Layout: ItemLayout>(
    in prefetches: inout [PreloadRequest], visible: ArraySlice<PreloadRequest>,
    visibleItems: Range<Int>, viewport: AxisSpan, motion: ViewportMotion, isForward: Bool,
    reach: Double,
    nearlyDone: Duration, loadTime: Duration, now: Duration, layout: Layout,
    status: some LoadStatus
  ) {
    // The table of this frame's items is built when a running load first needs it:
    // most frames of a reader at rest have none. (By a method, not a local function:
    // one capturing `self` had each call checked for exclusive access at run time.)
    var isChosenBuilt = false
    // Whether an item loads is asked first: with no load running it costs nothing, and
    // only running loads are kept.
    for previous in previousPrefetches
    where status.isLoading(previous.item) && !visibleItems.contains(previous.item) {
      buildChosen(from: prefetches, unless: &isChosenBuilt)
      guard !chosen.contains(previous.item), previous.item < layout.itemCount,
        let wasAfter = sides[previous.item]
      else { continue }
      let span = layout.span(ofItem: previous.item)
      let isNotReached =
        wasAfter ? span.lowerBound >= viewport.upperBound : span.upperBound <= viewport.lowerBound
      guard isNotReached, Double(span.distance(to: viewport)) <= reach else { continue }
      if motion.isDecelerating, wasAfter == isForward {
        // A glide carries the item across the screen and out of it before the load can
        // be counted on to be done (`loadTime` after it started): it would only be seen
        // on the way back, if ever. Let it go, as no new load is started there.
        let running = runningTime(of: previous.item, now: now)
        let leaves = Double(span.distance(to: viewport) + span.length + viewport.length)
        if motion.timeToTravel(leaves) < (loadTime - running).inSeconds { continue }
      }
      prefetches.append(previous)
      chosen.insert(previous.item)
    }
    for previous in previousRequests
    where status.isLoading(previous.item) && !visibleItems.contains(previous.item) {
      buildChosen(from: prefetches, unless: &isChosenBuilt)
      guard !chosen.contains(previous.item), let since = loadingSince[previous.item],
        now - since >= nearlyDone
      else { continue }
      prefetches.append(
        PreloadRequest(
          item: previous.item, priority: Swift.min(previous.priority, .display),
          order: previous.order))
      chosen.insert(previous.item)
    }
    remember(
      prefetches: prefetches, visible: visible, viewport: viewport, isForward: isForward,
      now: now, layout: layout, status: status)
  }

  /// Fills ``chosen`` with the items of `prefetches`, unless `isBuilt` says it is done;
  /// sets `isBuilt`.
  private mutating func buildChosen(from prefetches: [PreloadRequest], unless isBuilt: inout Bool) {
    guard !isBuilt else { return }
    isBuilt = true
    chosen.removeAll()
    for request in prefetches { chosen.append((), for: request.item) }
    chosen.sortAppended()
  }

  /// How long the load of `item` has been running at `now`, counted from the first
  /// frame that saw it loading; zero for a load not seen before.
  func runningTime(of item: Int, now: Duration) -> Duration {
    loadingSince[item].map { now - $0 } ?? .zero
  }

  /// Maps every remembered item to its position after `changes`; removed items are
  /// forgotten.
  mutating func listDidChange(_ changes: ListIndexChanges) {
    func moved(_ requests: [PreloadRequest]) -> [PreloadRequest] {
      requests.compactMap { request in
        guard request.item < changes.oldCount,
          let item = changes.newIndex(ofOldIndex: request.item)
        else { return nil }
        return PreloadRequest(item: item, priority: request.priority, order: request.order)
      }
    }
    func moved<Value>(_ table: ItemTable<Value>) -> ItemTable<Value> {
      var result = ItemTable<Value>()
      for (item, value) in table.entries where item < changes.oldCount {
        if let new = changes.newIndex(ofOldIndex: item) { result.set(value, for: new) }
      }
      return result
    }
    previousPrefetches = moved(previousPrefetches)
    previousRequests = moved(previousRequests)
    sides = moved(sides)
    loadingSince = moved(loadingSince)
    sidesBuiltFor = nil
  }

  private mutating func remember<Layout: ItemLayout>(
    prefetches: [PreloadRequest], visible: ArraySlice<PreloadRequest>, viewport: AxisSpan,
    isForward: Bool, now: Duration, layout: Layout, status: some LoadStatus
  ) {
    // The same items as last frame, seen from the same viewport in the same direction
    // (a reader at rest): the table would come out the same.
    let isUnchanged =
      sidesBuiltFor.map { $0.viewport == viewport && $0.isForward == isForward } ?? false
      && prefetches.count == previousPrefetches.count
      && zip(prefetches, previousPrefetches).allSatisfy { $0.item == $1.item }
    if !isUnchanged {
      nextSides.removeAll()
      var hint = 0
      for request in prefetches {
        if let side = sides.value(of: request.item, hint: &hint) {
          nextSides.append(side, for: request.item)
        } else if layout.span(ofItem: request.item).lowerBound >= viewport.upperBound {
          if isForward { nextSides.append(true, for: request.item) }
        } else if !isForward {
          nextSides.append(false, for: request.item)
        }
      }
      nextSides.sortAppended()
      swap(&sides, &nextSides)
      sidesBuiltFor = (viewport, isForward)
    }
    previousPrefetches.removeAll(keepingCapacity: true)
    previousPrefetches.append(contentsOf: prefetches)
    previousRequests.removeAll(keepingCapacity: true)
    previousRequests.append(contentsOf: visible)
    previousRequests.append(contentsOf: prefetches)
    nextLoadingSince.removeAll()
    for request in previousRequests where status.isLoading(request.item) {
      nextLoadingSince.append(loadingSince[request.item] ?? now, for: request.item)
    }
    nextLoadingSince.sortAppended()
    swap(&loadingSince, &nextLoadingSince)
  }
}
