/// Measures a simulation run frame by frame (SPEC §8.4 with the definitions of §8.6).
///
/// A driver feeds it, in time order:
/// - one ``recordFrame(time:visibleItems:isStalled:isImageReady:)`` per trace sample, after
///   the network has advanced to the frame's time;
/// - ``recordImageReady(_:at:)`` whenever an image becomes ready (a network or disk
///   completion), with its exact time;
/// - ``recordCompletion(_:)`` for every completion of the network model (pages and images
///   that arrived, for wasted bytes);
///
/// and calls ``finish(network:peakCacheBytes:)`` at the end. Definitions:
/// - a frame's visible items are the loaded items overlapping the viewport; every
///   (frame, visible item) pair counts in `visible_item_frames`, and in
///   `blank_item_frames` when the image is not ready at that frame;
/// - a stalled frame `k` adds `t(k+1) − t(k)` to `stall_ms`; the last frame adds the
///   previous interval;
/// - an appearance is a maximal run of frames in which the item is visible; when its image
///   is not ready at the first frame, its time to content is the ready time minus that
///   frame's time, censored at the first frame it is no longer visible or at the last
///   frame of the trace; `ttc_p50_ms` and `ttc_p95_ms` are nearest-rank percentiles
///   (``Percentile``);
/// - `wasted_bytes` = partial bytes of cancelled transfers + completed images whose item
///   was never visible + completed pages none of whose items was visible.
///
/// Cost per frame: O(k) for k visible items (plus the items that just left).
///
/// A value type with no locks; confine each instance to one task.
public struct MetricsCollector: Sendable {
  /// The number of items in one page, to tell which items a page holds.
  public let pageSize: Int

  private var visibleItemFrames = 0
  private var blankItemFrames = 0
  private var stallMilliseconds: Milliseconds = 0
  private var lastFrameTime: Milliseconds?
  private var previousInterval: Milliseconds = 0
  private var lastFrameStalled = false
  private var previousVisible: Range<Int> = 0..<0
  private var blankSince: [Int: Milliseconds] = [:]
  private var timesToContent: [Milliseconds] = []
  private var everVisible: [Bool] = []
  private var completedImageBytes: [Int: Int] = [:]
  private var completedPageBytes: [Int: Int] = [:]

  /// Creates a collector for a run with pages of `pageSize` items.
  ///
  /// - Precondition: `pageSize >= 1`.
  public init(pageSize: Int = StandardWorld.pageSize) {
    precondition(pageSize >= 1, "pageSize must be at least 1 (got \(pageSize))")
    self.pageSize = pageSize
  }

  /// The time of the last recorded frame, or `nil` before the first.
  public var lastFrame: Milliseconds? { lastFrameTime }

  /// Measures one frame.
  ///
  /// - Parameters:
  ///   - time: The frame's time; strictly after the previous frame's.
  ///   - visibleItems: The loaded items overlapping the viewport by a positive length.
  ///   - isStalled: Whether the viewport extends past the loaded content while the backend
  ///     has more.
  ///   - isImageReady: Whether an item's image is ready at this frame. Pass a closure
  ///     literal (`{ cache.isReady($0) }`): a method reference on a struct copies it into a
  ///     heap-allocated context on every call.
  /// - Complexity: O(k) for k items visible now or in the previous frame.
  public mutating func recordFrame(
    time: Milliseconds, visibleItems: Range<Int>, isStalled: Bool,
    isImageReady: (Int) -> Bool
  ) {
    precondition(time.isFinite, "time must be finite (got \(time))")
    precondition(visibleItems.lowerBound >= 0, "visibleItems must be non-negative")
    if let lastFrameTime {
      precondition(
        time > lastFrameTime, "time \(time) is not after the last frame \(lastFrameTime)")
      previousInterval = time - lastFrameTime
      if lastFrameStalled { stallMilliseconds += previousInterval }
    }
    for item in previousVisible where !visibleItems.contains(item) {
      endAppearance(of: item, at: time)
    }
    if let last = visibleItems.last, last >= everVisible.count {
      everVisible.append(
        contentsOf: repeatElement(
          false, count: max(last + 1, everVisible.count * 2) - everVisible.count))
    }
    for item in visibleItems {
      visibleItemFrames += 1
      everVisible[item] = true
      let isReady = isImageReady(item)
      if !isReady {
        blankItemFrames += 1
        if !previousVisible.contains(item) { blankSince[item] = time }
      }
    }
    previousVisible = visibleItems
    lastFrameTime = time
    lastFrameStalled = isStalled
  }

  /// Records that the image of `item` became ready at `time` (network or disk).
  ///
  /// Resolves the time to content of the item's current appearance if it started blank;
  /// otherwise it only matters to later frames, through `isImageReady`.
  ///
  /// - Precondition: `time` is not before the last recorded frame.
  /// - Complexity: O(1).
  public mutating func recordImageReady(_ item: Int, at time: Milliseconds) {
    if let lastFrameTime {
      precondition(
        time >= lastFrameTime, "ready time \(time) is before the last frame \(lastFrameTime)")
    }
    if let start = blankSince.removeValue(forKey: item) {
      timesToContent.append(time - start)
    }
  }

  /// Records a completion of the network model: network pages and images count toward
  /// wasted bytes when never visible; disk reloads are ignored.
  ///
  /// - Complexity: O(1).
  public mutating func recordCompletion(_ completion: NetworkCompletion) {
    guard completion.source == .network else { return }
    switch completion.key.kind {
    case .image: completedImageBytes[completion.key.index, default: 0] += completion.bytes
    case .page: completedPageBytes[completion.key.index, default: 0] += completion.bytes
    }
  }

  /// Closes the run and returns its metrics.
  ///
  /// - Parameters:
  ///   - network: The network model's counters (bytes, requests, cancelled, pages).
  ///   - peakCacheBytes: The memory cache's largest total.
  /// - Complexity: O(a log a + c) for a appearances and c completed resources.
  public func finish(network: NetworkStatistics, peakCacheBytes: Int) -> RunMetrics {
    var times = timesToContent
    if let end = lastFrameTime {
      for start in blankSince.values { times.append(end - start) }
    }
    times.sort()
    var wasted = network.cancelledBytes
    for (item, bytes) in completedImageBytes where !wasVisible(item) {
      wasted += bytes
    }
    for (page, bytes) in completedPageBytes {
      let items = page * pageSize..<(page + 1) * pageSize
      if !items.contains(where: wasVisible) { wasted += bytes }
    }
    let stall = stallMilliseconds + (lastFrameStalled ? previousInterval : 0)
    return RunMetrics(
      visibleItemFrames: visibleItemFrames,
      blankItemFrames: blankItemFrames,
      blankRate: visibleItemFrames == 0 ? 0 : Double(blankItemFrames) / Double(visibleItemFrames),
      stallMilliseconds: stall,
      bytes: network.transferredBytes,
      wastedBytes: wasted,
      requests: network.startedRequests,
      cancelled: network.cancelledRequests,
      pages: network.completedPages,
      timeToContentP50: Percentile.nearestRank(50, ofSorted: times),
      timeToContentP95: Percentile.nearestRank(95, ofSorted: times),
      peakCacheBytes: peakCacheBytes)
  }

  private mutating func endAppearance(of item: Int, at time: Milliseconds) {
    if let start = blankSince.removeValue(forKey: item) {
      timesToContent.append(time - start)
    }
  }

  private func wasVisible(_ item: Int) -> Bool {
    item < everVisible.count && everVisible[item]
  }
}
