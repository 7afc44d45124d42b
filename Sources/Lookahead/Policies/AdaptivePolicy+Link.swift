/// What the link can carry: the adaptive policy's limits that come from the learned
/// bandwidth, load size and latency — how far the lead stretches when the user's demand
/// nears the bandwidth, how many loads may be in flight, and which visible items leave
/// the screen before the link could deliver them.
extension AdaptivePolicy {
  /// How much longer than the latency the lead must be when the viewport's demand for
  /// bytes approaches the bandwidth: the items within the lead share the link, so the
  /// last of them arrives after `latency / (1 - demand / bandwidth)`.
  func demandStretch(speed: Double, itemsPerPoint: Double) -> Double {
    let limit = configuration.bandwidthDemandLimit
    guard limit > 0, let demand = demand(speed: speed, itemsPerPoint: itemsPerPoint) else {
      return 1
    }
    return 1 / (1 - Swift.min(demand, limit))
  }

  /// What moving at `speed` asks of the link: the items it brings per second times the
  /// learned link time per load (1 when it asks exactly what the link carries); `nil`
  /// while the bandwidth is unknown.
  func demand(speed: Double, itemsPerPoint: Double) -> Double? {
    throughput.secondsPerLoad.map { speed * itemsPerPoint * $0 }
  }

  /// Items per point of the axis on screen now: the visible items over the extent
  /// their spans cover; with the learned load size, what the user's speed demands of
  /// the link.
  static func itemsPerPoint<Layout: ItemLayout>(
    visible: Range<Int>, layout: Layout
  ) -> Double {
    guard let first = visible.first, let last = visible.last else { return 0 }
    let extent = Double(
      layout.span(ofItem: last).upperBound - layout.span(ofItem: first).lowerBound)
    return extent > 0 ? Double(visible.count) / extent : 0
  }

  /// How much the items on screen have kept the user waiting lately, in `0...1`: the
  /// recent share of moving time with an item on screen waiting for its image, over
  /// `excursionMissShare` (1 when that is 0, which keeps every cap at
  /// its maximum).
  func waitingShare() -> Double {
    let share = configuration.excursionMissShare
    guard share > 0 else { return 1 }
    return Swift.min(1, misses.share / share)
  }

  /// A cap on how far ahead the policy reaches, in screenfuls: `keptUp` for a link that
  /// keeps up with the user, `waiting` for a user kept waiting, and in between in
  /// proportion to `share` (see ``waitingShare()``). A `keptUp` above `waiting` counts
  /// as `waiting`, so the maximum is never exceeded; an infinite `waiting` stays
  /// infinite for any share above 0.
  func reachCap(keptUp: Double, waiting: Double, share: Double) -> Double {
    let low = Swift.min(keptUp, waiting)
    guard share > 0 else { return low }
    guard share < 1 else { return waiting }
    return low + (waiting - low) * share
  }

  /// How soon, in seconds, a visible item must leave the screen to be skipped.
  ///
  /// An item not started yet is skipped when it leaves sooner than the link takes to
  /// deliver the visible items that are not ready (their count × the link time per
  /// load). On a dense screen (more items than
  /// `maximumSparseScreenItems`) a running load is withdrawn too when
  /// its item leaves within `runningLoadHorizonFactor` × the running
  /// visible loads × the link time per load; on a sparse one, during a glide, when its
  /// item leaves before the load is expected to be done, scaled by how slow the link
  /// is (``LeavingHorizon/glideShare``). On a dense screen a user who has lately gone
  /// back and forth keeps the loads of items left just behind
  /// (``LeavingHorizon/keptNearDistance``). Nothing is skipped at rest or while the
  /// bandwidth is unknown.
  ///
  /// - Parameter screen: The viewport's length along the axis, in points.
  func leavingItemHorizon(
    motion: ViewportMotion, visible: Range<Int>, screen: Double, status: some LoadStatus
  ) -> LeavingHorizon {
    guard motion.isMoving, let secondsPerLoad = throughput.secondsPerLoad else {
      return LeavingHorizon(notStarted: 0, running: 0, isDense: false)
    }
    var waiting = 0
    var running = 0
    for item in visible where !status.isReady(item) {
      waiting += 1
      if status.isLoading(item) { running += 1 }
    }
    let isDense = visible.count > configuration.maximumSparseScreenItems
    return LeavingHorizon(
      notStarted: Double(waiting) * secondsPerLoad,
      running: isDense
        ? configuration.runningLoadHorizonFactor * Double(running) * secondsPerLoad : 0,
      isDense: isDense,
      glideShare: motion.isDecelerating && !isDense ? linkSlowness() : 0,
      keptNearDistance: isDense
        && directness.value < configuration.keptLeavingLoadDirectness
        ? configuration.keptLeavingLoadScreens * screen : 0)
  }

  /// How many visible loads may run at once while the link is unknown: at most
  /// `slowStartVisibleLoads` on a sparse screen (a screenful holds at
  /// most `maximumSparseScreenItems` items, `screenItems` as measured from
  /// the visible ones) when the list's last page took longer than
  /// `slowStartPageLatency`; `nil` (no limit) once an image load has taught
  /// the bandwidth, on a link whose page came sooner, before any page, on a dense screen,
  /// or when disabled.
  func slowStartVisibleLimit(screenItems: Double) -> Int? {
    let limit = configuration.slowStartVisibleLoads
    guard limit > 0, screenItems <= Double(configuration.maximumSparseScreenItems),
      throughput.secondsPerLoad == nil, let pageLatency,
      pageLatency > configuration.slowStartPageLatency
    else { return nil }
    return limit
  }

  /// How slow the link is, in `0...1`: the learned link time per load over
  /// `slowLinkLoadTime`, at most 1; 0 while the bandwidth is unknown.
  func linkSlowness() -> Double {
    guard let secondsPerLoad = throughput.secondsPerLoad else { return 0 }
    return Swift.min(1, secondsPerLoad / configuration.slowLinkLoadTime.inSeconds)
  }

  /// Trims the prefetches, in their order, to the ones this frame asks for:
  /// 1. while something on screen waits (`waitsOnScreen`), the far ones (priority
  ///    `preload`, or every one while the network is still being learned) that are not
  ///    loading already wait too;
  /// 2. at most `budget` remain;
  /// 3. those that would start beyond the link's pipe are withdrawn: the loads in
  ///    flight (the `waitingVisible` of the `visibleCount` visible requests that are not
  ///    ready yet and prefetches already loading, then new prefetches by deadline) stop
  ///    at ``loadsInFlightLimit(visibleCount:demand:)`` (`demand` as there). Prefetches
  ///    that are ready stay, as do running ones.
  ///
  /// One pass asks whether each prefetch loads, once (the answers go to
  /// ``loadingScratch``, storage kept between frames): a grid frame has some seventy
  /// candidates here, and every step wants the answer.
  mutating func trimPrefetches(
    _ prefetches: inout [PreloadRequest], waitsOnScreen: Bool, isLearning: Bool, budget: Int,
    visibleCount: Int, waitingVisible: Int, demand: Double?, status: some LoadStatus
  ) {
    let limit = loadsInFlightLimit(visibleCount: visibleCount, demand: demand)
    var loading = loadingScratch
    loadingScratch = []
    loading.removeAllKeepingCapacity()
    loading.append(contentsOf: repeatElement(false, count: prefetches.count))
    var kept = 0
    // In the arrays' buffers: through the arrays, every write checked that the storage
    // was unique.
    prefetches.withUnsafeMutableBufferPointer { prefetches in
      loading.withUnsafeMutableBufferPointer { loading in
        var inFlight = waitingVisible
        for index in prefetches.indices {
          guard kept < budget else { break }
          let request = prefetches[index]
          let isLoading = status.isLoading(request.item)
          if waitsOnScreen && !isLoading && (isLearning || request.priority == .preload) {
            continue
          }
          prefetches[kept] = request
          loading[kept] = isLoading
          if isLoading { inFlight += 1 }
          kept += 1
        }
        guard let limit else { return }
        let trimmed = kept
        kept = 0
        for index in 0..<trimmed {
          let request = prefetches[index]
          if !loading[index] && !status.isReady(request.item) {
            guard inFlight < limit else { continue }
            inFlight += 1
          }
          prefetches[kept] = request
          kept += 1
        }
      }
    }
    if kept < prefetches.count { prefetches.removeLast(prefetches.count - kept) }
    loadingScratch = loading
  }

  /// How many loads may be in flight at once: the link's bandwidth-delay product in
  /// loads (learned bandwidth × typical latency ÷ mean load size) times
  /// `pipeDepthFactor`, but at least
  /// `minimumLoadsInFlight` (on a slow link, when the user's `demand`
  /// lies outside `slowLinkBusyDemand`,
  /// `slowLinkMinimumLoadsInFlight`) and
  /// `loadsInFlightPerVisibleItem` per visible item; `nil` (no limit)
  /// while the bandwidth is unknown or the limit is disabled.
  ///
  /// - Parameter demand: What the user's recent top speed asks of the link (see
  ///   ``demand(speed:itemsPerPoint:)``); `nil` when unknown.
  func loadsInFlightLimit(visibleCount: Int, demand: Double?) -> Int? {
    guard configuration.pipeDepthFactor > 0, let secondsPerLoad = throughput.secondsPerLoad
    else { return nil }
    // Clamped so that a bandwidth learned over an instant converts to an `Int`.
    let pipe = Swift.min(
      configuration.pipeDepthFactor * readings.typicalSeconds / secondsPerLoad,
      1_000_000)
    guard pipe.isFinite else { return nil }
    let perVisible = configuration.loadsInFlightPerVisibleItem * Double(visibleCount)
    let floor =
      if linkSlowness() >= 1, let demand, !configuration.slowLinkBusyDemand.contains(demand) {
        configuration.slowLinkMinimumLoadsInFlight
      } else {
        configuration.minimumLoadsInFlight
      }
    return Swift.max(floor, Int(pipe.rounded(.up)), Int(perVisible.rounded(.up)))
  }
}

/// How soon visible items must leave the screen for a moving viewport to skip them
/// (see ``AdaptivePolicy``'s "Leaving items are not loaded").
struct LeavingHorizon {
  /// For items whose load has not started, in seconds; 0 skips none.
  var notStarted: Double
  /// For items whose load is running, in seconds; 0 withdraws none.
  var running: Double
  /// Whether the screen holds more items than the link runs loads at once: skipped
  /// items then keep their place among the loads in flight, so that the link they
  /// leave is not handed to prefetches.
  var isDense: Bool
  /// During a glide on a sparse screen, the share of a running load's expected
  /// remaining time within which its item must leave for the load to be withdrawn
  /// (how slow the link is, see ``AdaptivePolicy/linkSlowness()``); 0 withdraws none
  /// this way.
  var glideShare: Double = 0
  /// On a dense screen, for a user who has lately gone back and forth: a running load
  /// whose item the motion, were the finger lifted now, leaves less than this many
  /// points behind the viewport is kept (the next stroke brings the item back); 0 keeps
  /// none this way.
  var keptNearDistance: Double = 0
}

/// What ``AdaptivePolicy``'s latency estimates come to, in the forms a frame reads:
/// worked out when a load finishes, since converting a `Duration` to seconds or scaling
/// it is 128-bit arithmetic, and a frame read each of these at least once.
struct LatencyReadings: Sendable {
  /// The expected latency plus ``AdaptivePolicy/Configuration/margin``, in seconds
  /// (``AdaptivePolicy/leadTime()``).
  let leadTime: Double
  /// The median latency, in seconds.
  let typicalSeconds: Double
  /// How long a load runs before it counts as nearly done: the median latency times
  /// `nearlyDoneFraction`.
  let nearlyDone: Duration

  /// The readings of the two estimates under `configuration`.
  init(
    latency: LatencyEstimator, typicalLatency: LatencyEstimator,
    configuration: AdaptivePolicy.Configuration
  ) {
    leadTime = (latency.estimate() + configuration.margin).inSeconds
    typicalSeconds = typicalLatency.estimate().inSeconds
    nearlyDone = typicalLatency.estimate() * configuration.nearlyDoneFraction
  }
}
