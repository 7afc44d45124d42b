/// Counts the metrics frame by frame, with their precise definitions (docs/DESIGN.md,
/// "Metrics" and "Precise definitions"): the one implementation behind the simulator's
/// reports and a ``ListPreloader``'s field metrics.
///
/// A driver feeds it, in time order (milliseconds since its epoch):
/// - one ``recordFrame(time:visible:positionsAreStable:isStalled:id:key:isReady:)`` per
///   frame (a scroll sample), after everything that happened before the frame;
/// - ``recordResourceReady(_:at:)`` whenever a resource becomes ready, at its time;
/// - ``recordNetworkLoad(_:bytes:)`` for every resource that arrived over the network,
///   and ``recordPage(bytes:items:)`` for every page,
///
/// and calls ``finish(network:peakCacheBytes:)`` at the end. Definitions:
/// - every (frame, visible item) pair counts in `visible_item_frames`, and in
///   `blank_item_frames` when the item's resource is not ready at that frame (an item
///   without a resource is never blank);
/// - a stalled frame `k` adds `t(k+1) − t(k)` to `stall_ms`; the last frame adds the
///   previous interval;
/// - an appearance is a maximal run of frames in which the item is visible; when its
///   resource is not ready at the first frame, its time to content is the ready time
///   minus that frame's time, censored at the first frame it is no longer visible or at
///   the last frame; `ttc_p50_ms` and `ttc_p95_ms` are nearest-rank percentiles;
/// - `wasted_bytes` = partial bytes of cancelled transfers + resources that arrived over
///   the network for keys no visible item had + pages none of whose items was visible.
///
/// Items are told apart by id, so appearances survive items inserted before them.
/// Memory grows with the number of distinct items and keys seen, not with time.
///
/// Cost per frame: O(*k*) for *k* items visible now or in the previous frame; a frame
/// allocates nothing once the buffers have grown.
///
/// A value type with no locks; confine each instance to one thread.
package struct ListMetricsRecorder<
  ItemID: Hashable & Sendable, Key: Hashable & Sendable
>: Sendable {
  /// The network's side of the metrics, counted by the driver.
  package struct NetworkCounts: Sendable, Hashable {
    /// Requests that started on the network (cancelled and preempted ones included).
    package var requests = 0
    /// Started requests that were cancelled.
    package var cancelled = 0
    /// Bytes that arrived: completed requests plus partial bytes of cancelled ones.
    package var bytes = 0
    /// The partial bytes of cancelled requests (part of ``bytes``).
    package var cancelledBytes = 0
    /// Pages that arrived.
    package var pages = 0

    /// Creates counts.
    package init(
      requests: Int = 0, cancelled: Int = 0, bytes: Int = 0, cancelledBytes: Int = 0, pages: Int = 0
    ) {
      self.requests = requests
      self.cancelled = cancelled
      self.bytes = bytes
      self.cancelledBytes = cancelledBytes
      self.pages = pages
    }
  }

  private var visibleItemFrames = 0
  private var blankItemFrames = 0
  private var stallMilliseconds = 0.0
  private var lastFrameTime: Double?
  private var previousInterval = 0.0
  private var lastFrameStalled = false
  private var previousRange: Range<Int> = 0..<0
  private var previousIDs: [ItemID] = []
  private var currentIDs: [ItemID] = []
  /// Appearances that started blank and are not resolved yet.
  private var blankSince: [ItemID: (key: Key, since: Double)] = [:]
  private var timesToContent: [Double] = []
  private var everVisibleItems: Set<ItemID> = []
  private var everVisibleKeys: Set<Key> = []
  private var networkBytesByKey: [Key: Int] = [:]
  private var pages: [(bytes: Int, items: [ItemID])] = []

  /// Creates a recorder with nothing recorded.
  package init() {}

  /// The time of the last recorded frame, or `nil` before the first.
  package var lastFrame: Double? { lastFrameTime }

  /// Measures one frame.
  ///
  /// - Parameters:
  ///   - time: The frame's time in milliseconds; after the previous frame's.
  ///   - visible: The positions of the items overlapping the viewport.
  ///   - positionsAreStable: Whether positions name the same items as at the previous
  ///     frame (no item was inserted or removed before them): then an item is compared
  ///     with the previous frame by position, which is cheaper.
  ///   - isStalled: Whether the viewport reaches past the loaded content while the
  ///     backend has more.
  ///   - id: The id of the item at a position.
  ///   - key: The resource key of the item at a position, or `nil` when it has none.
  ///   - isReady: Whether a key's resource is ready at this frame.
  /// - Complexity: O(*k*) for *k* items visible now or in the previous frame.
  @_specialize(exported:true,where ItemID == Int, Key == Int)
  package mutating func recordFrame(
    time: Double, visible: Range<Int>, positionsAreStable: Bool, isStalled: Bool,
    id: (Int) -> ItemID, key: (Int) -> Key?, isReady: (Key) -> Bool
  ) {
    withoutActuallyEscaping(isReady) { isReady in
      recordFrame(
        time: time, visible: visible, positionsAreStable: positionsAreStable,
        isStalled: isStalled, id: id, key: key, readiness: ClosureReadiness(isCached: isReady))
    }
  }

  /// Measures one frame, with readiness answered by a ``ResourceReadiness``; see
  /// ``recordFrame(time:visible:positionsAreStable:isStalled:id:key:isReady:)``.
  ///
  /// The simulator asks this for every visible item of every frame: through a closure,
  /// each question went through two reabstraction thunks and the driver's closure,
  /// where a readiness the entry point is specialized for is read in place.
  @_specialize(
    exported:true,where ItemID == Int, Key == Int, Readiness == SimulatedReadiness
  )
  package mutating func recordFrame<Readiness: ResourceReadiness<Key>>(
    time: Double, visible: Range<Int>, positionsAreStable: Bool, isStalled: Bool,
    id: (Int) -> ItemID, key: (Int) -> Key?, readiness: Readiness
  ) {
    precondition(time.isFinite, "time must be finite (got \(time))")
    if let lastFrameTime {
      precondition(
        time > lastFrameTime, "time \(time) is not after the last frame \(lastFrameTime)")
      previousInterval = time - lastFrameTime
      if lastFrameStalled { stallMilliseconds += previousInterval }
    }
    currentIDs.removeAll(keepingCapacity: true)
    for position in visible { currentIDs.append(id(position)) }
    // Index loops, not `enumerated()`: unspecialized, its tuples cost a metadata lookup
    // per element, and this runs for every frame of a simulation.
    if positionsAreStable {
      // The items that left are the previous positions outside `visible`: at most two
      // runs, at either end, visited in position order without testing the others.
      let base = previousRange.lowerBound
      let before = previousRange.clamped(to: Int.min..<visible.lowerBound)
      let after = previousRange.clamped(to: visible.upperBound..<Int.max)
      for position in before { endAppearance(of: previousIDs[position - base], at: time) }
      for position in after { endAppearance(of: previousIDs[position - base], at: time) }
    } else {
      for offset in 0..<previousIDs.count {
        let previous = previousIDs[offset]
        if !currentIDs.contains(previous) { endAppearance(of: previous, at: time) }
      }
    }
    for offset in 0..<visible.count {
      let position = visible.lowerBound + offset
      visibleItemFrames += 1
      let item = currentIDs[offset]
      let wasVisible =
        positionsAreStable ? previousRange.contains(position) : previousIDs.contains(item)
      let itemKey = key(position)
      if !wasVisible {
        everVisibleItems.insert(item)
        if let itemKey { everVisibleKeys.insert(itemKey) }
      }
      guard let itemKey, !readiness.isReady(itemKey) else { continue }
      blankItemFrames += 1
      if !wasVisible { blankSince[item] = (itemKey, time) }
    }
    swap(&previousIDs, &currentIDs)
    previousRange = visible
    lastFrameTime = time
    lastFrameStalled = isStalled
  }

  /// Records that the resource of `key` became ready at `time` (from any tier): the
  /// appearances waiting for it get their time to content.
  ///
  /// - Complexity: O(*b*) for *b* visible items still blank.
  @_specialize(exported:true,where ItemID == Int, Key == Int)
  package mutating func recordResourceReady(_ key: Key, at time: Double) {
    if let lastFrameTime {
      precondition(
        time >= lastFrameTime, "ready time \(time) is before the last frame \(lastFrameTime)")
    }
    guard !blankSince.isEmpty else { return }
    for (item, entry) in blankSince where entry.key == key {
      timesToContent.append(time - entry.since)
      blankSince[item] = nil
    }
  }

  /// Records a resource that arrived over the network, for wasted bytes.
  ///
  /// - Complexity: O(1).
  package mutating func recordNetworkLoad(_ key: Key, bytes: Int) {
    networkBytesByKey[key, default: 0] += bytes
  }

  /// Records a page that arrived over the network, with the ids of its items, for
  /// wasted bytes.
  ///
  /// - Complexity: O(1) amortized.
  package mutating func recordPage(bytes: Int, items: [ItemID]) {
    pages.append((bytes, items))
  }

  /// Closes the session and returns its metrics.
  ///
  /// - Parameters:
  ///   - network: The requests and bytes the driver counted.
  ///   - peakCacheBytes: The memory cache's largest total.
  /// - Complexity: O(*a* log *a* + *r* + *p*) for *a* appearances, *r* resources and *p*
  ///   pages.
  package func finish(network: NetworkCounts, peakCacheBytes: Int) -> ListMetrics {
    var times = timesToContent
    if let end = lastFrameTime {
      for entry in blankSince.values { times.append(end - entry.since) }
    }
    times.sort()
    var wasted = network.cancelledBytes
    for (key, bytes) in networkBytesByKey where !everVisibleKeys.contains(key) {
      wasted += bytes
    }
    for page in pages where !page.items.contains(where: everVisibleItems.contains) {
      wasted += page.bytes
    }
    let stall = stallMilliseconds + (lastFrameStalled ? previousInterval : 0)
    return ListMetrics(
      visibleItemFrames: visibleItemFrames,
      blankItemFrames: blankItemFrames,
      blankRate: visibleItemFrames == 0 ? 0 : Double(blankItemFrames) / Double(visibleItemFrames),
      stallMilliseconds: stall,
      bytes: network.bytes,
      wastedBytes: wasted,
      requests: network.requests,
      cancelled: network.cancelled,
      pages: network.pages,
      timeToContentP50: Percentile.nearestRank(50, ofSorted: times),
      timeToContentP95: Percentile.nearestRank(95, ofSorted: times),
      peakCacheBytes: peakCacheBytes)
  }

  private mutating func endAppearance(of item: ItemID, at time: Double) {
    // Most appearances end resolved: no blank one to look up (and hash the id for).
    guard !blankSince.isEmpty else { return }
    if let entry = blankSince.removeValue(forKey: item) {
      timesToContent.append(time - entry.since)
    }
  }
}
