@_spi(Simulation) import Lookahead

/// Measures a simulation run frame by frame (docs/DESIGN.md, "Metrics", with the
/// definitions of "Precise definitions").
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

  /// The list preloader's own recorder: the simulator and the app count alike.
  private var recorder = ListMetricsRecorder<Int, Int>()

  /// Creates a collector for a run with pages of `pageSize` items.
  ///
  /// - Precondition: `pageSize >= 1`.
  public init(pageSize: Int = StandardWorld.pageSize) {
    precondition(pageSize >= 1, "pageSize must be at least 1 (got \(pageSize))")
    self.pageSize = pageSize
  }

  /// The time of the last recorded frame, or `nil` before the first.
  public var lastFrame: Milliseconds? { recorder.lastFrame }

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
    precondition(visibleItems.lowerBound >= 0, "visibleItems must be non-negative")
    recorder.recordFrame(
      time: time, visible: visibleItems, positionsAreStable: true, isStalled: isStalled,
      id: { $0 }, key: { $0 }, isReady: isImageReady)
  }

  /// Measures one frame, with the images' readiness read from the cache's table (see
  /// ``recordFrame(time:visibleItems:isStalled:isImageReady:)``): the driver's way,
  /// which asks no closure per visible item.
  mutating func recordFrame(
    time: Milliseconds, visibleItems: Range<Int>, isStalled: Bool, readiness: SimulatedReadiness
  ) {
    precondition(visibleItems.lowerBound >= 0, "visibleItems must be non-negative")
    recorder.recordFrame(
      time: time, visible: visibleItems, positionsAreStable: true, isStalled: isStalled,
      id: { $0 }, key: { $0 }, readiness: readiness)
  }

  /// Records that the image of `item` became ready at `time` (network or disk).
  ///
  /// Resolves the time to content of the item's current appearance if it started blank;
  /// otherwise it only matters to later frames, through `isImageReady`.
  ///
  /// - Precondition: `time` is not before the last recorded frame.
  /// - Complexity: O(b) for b visible items still blank.
  public mutating func recordImageReady(_ item: Int, at time: Milliseconds) {
    recorder.recordResourceReady(item, at: time)
  }

  /// Records a completion of the network model: network pages and images count toward
  /// wasted bytes when never visible; disk reloads are ignored.
  ///
  /// - Complexity: O(1) amortized.
  public mutating func recordCompletion(_ completion: NetworkCompletion) {
    guard completion.source == .network else { return }
    let index = completion.key.index
    switch completion.key.kind {
    case .image: recorder.recordNetworkLoad(index, bytes: completion.bytes)
    case .page:
      recorder.recordPage(
        bytes: completion.bytes, items: Array(index * pageSize..<(index + 1) * pageSize))
    }
  }

  /// Closes the run and returns its metrics.
  ///
  /// - Parameters:
  ///   - network: The network model's counters (bytes, requests, cancelled, pages).
  ///   - peakCacheBytes: The memory cache's largest total.
  /// - Complexity: O(a log a + c) for a appearances and c completed resources.
  public func finish(network: NetworkStatistics, peakCacheBytes: Int) -> RunMetrics {
    recorder.finish(
      network: ListMetricsRecorder.NetworkCounts(
        requests: network.startedRequests, cancelled: network.cancelledRequests,
        bytes: network.transferredBytes, cancelledBytes: network.cancelledBytes,
        pages: network.completedPages),
      peakCacheBytes: peakCacheBytes)
  }
}
