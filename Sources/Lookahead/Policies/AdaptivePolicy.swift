import Foundation

/// Lookahead's own strategy: ranges sized in **time**, not screenfuls.
///
/// - **Lead by time.** Items ahead are wanted when the viewport will reach them
///   within the expected load latency — a high quantile learned online from finished
///   loads — plus a margin. The lead grows with velocity and shrinks at rest, where it
///   follows the user's recent top speed in that direction (a slow reader needs far
///   less than Texture's 2.5 screens), up to a cap (see "Reach by need" below). At
///   rest the lead points the way the user last scrolled, unless the viewport rests
///   against the start of the list: then it points down the list, the only way there
///   is.
/// - **Drags as far as they go.** While the finger drags, the lead is what the speed
///   covers within the lead time, scaled on a sparse screen by how much of that this
///   user's recent drags travelled (their `dragTravelPercentile`): a
///   flick that glides to a stop covers less than its speed promises, the more so the
///   longer the lead time.
/// - **Excursions.** The policy also learns how far this user travels after coming to
///   rest (the distance covered within `restExcursionWindow` after each
///   rest, in the direction of the last scroll). While items on screen keep the user
///   waiting as the viewport moves — the link does not keep up — the lead at rest covers
///   at least the `restExcursionPercentile` of those excursions, up to
///   `maximumExcursionLeadScreens`, so the idle link fills the buffer the
///   next move will need; a link that keeps up spends nothing on it (see
///   `excursionMissShare`). Until a few excursions are known, a prior
///   of `priorRestExcursionScreens` stands in, scaled by how slow the
///   link is.
/// - **Reach by need.** How far ahead the policy reaches at all depends on the same
///   share of moving time in which items on screen waited: while the link keeps up,
///   the lead stops at `keptUpLeadScreens` and the lead at rest at
///   `keptUpRestLeadScreens` (far loads then mostly fetch images past
///   the farthest point the user reaches); for a user kept waiting, at
///   ``Configuration/maximumLeadScreens`` and `maximumRestLeadScreens`;
///   in between in proportion. The excursions' cap runs the same way, from
///   `keptUpExcursionLeadScreens` to
///   `maximumExcursionLeadScreens`.
/// - **Bandwidth.** The policy learns the delivered bandwidth and the mean load size;
///   when the recent top speed demands bytes (speed × items per point × bytes per
///   item) close to or beyond the bandwidth — many small items per screen, or a slow
///   network — the lead at rest is stretched to `lead / (1 - demand)` (the demand
///   capped at `bandwidthDemandLimit`), reaching no further than the
///   user's recent longest stroke or `maximumStretchedLeadScreens`,
///   and items within the stretched time count as due.
/// - **Both sides at rest on a dense screen.** On a screen with more items than
///   `maximumSparseScreenItems` the link is the bottleneck (a grid
///   screenful takes a slow link seconds), so at rest the items within
///   `denseRestTrailingScreens` behind the viewport whose image is not
///   ready are candidates too:
///   after a short look back the side ahead is loaded, and the link would otherwise
///   idle while the unseen rows the user came from wait.
/// - **Landing first.** While a fling decelerates, the projected landing area is
///   wanted first; items the viewport will fly past before their load could finish
///   are not requested (or are withdrawn). A glide toward the start of the list lands
///   there at the latest, so the first items are a landing, not a fly-by. On a slow
///   link (a load takes it at least `slowLinkLoadTime`) with a sparse
///   screen, a drag flies over items too, as the glide that lifting the finger now
///   would start: those items are not requested either, and hold their places among the
///   loads in flight, so that items further ahead, which a run of strokes flies past as
///   well, do not start in their stead. Past the landing the lead at rest is wanted
///   too, on a fast link that keeps up only `keptUpGlideRestLeadShare`
///   of it until the glide ends.
/// - **Deadline order.** Inside a priority class, requests are ordered by the time at
///   which their item becomes visible; items due within the (stretched) lead time are
///   ``LoadPriority/display``, later ones ``LoadPriority/preload``.
/// - **Visible first.** Visible items come before everything else, in layout order
///   while the viewport moves; at rest, those nearest the edge the user last scrolled
///   toward come first (the viewport moves on that way, so they stay on screen
///   longest). While an item on screen is still loading, no new prefetch
///   that is not due within the lead time is wanted (shared bandwidth would slow the
///   visible image down). Until `learningLoads` loads have finished
///   and the latency is known, no new prefetch at all is wanted then.
/// - **A slow start.** Before any image has loaded, a page that took longer than
///   `slowStartPageLatency` says the link is slow (see
///   ``ItemPolicy/pageDidLoad(latency:)``); a sparse screen's visible loads then start
///   `slowStartVisibleLoads` at a time from the leading edge, so the
///   first images arrive one after another instead of all together, late.
/// - **Running loads are finished.** A running prefetch of an item the viewport has
///   not reached yet is kept, even after the user turns around, until the viewport
///   passes it or it lies beyond `maximumKeptLoadScreens` — unless a
///   glide will carry its item across the screen before the load can be counted on to
///   be done (the learned high quantile of the latency, the one the lead time is built
///   on, after it started), the rule that keeps new loads of such items from starting;
///   a glide toward the start of the list stops there, so the first screen's loads are
///   kept. A load that has run for a typical load time is kept wherever its item is.
/// - **A full pipe, not a crowded one.** Loads on one link share its bandwidth, so
///   every extra load in flight slows all the others down. New prefetches start only
///   while fewer loads are in flight (visible ones included) than the link's
///   bandwidth-delay product — learned bandwidth × typical latency ÷ mean load size,
///   the loads it takes to keep the link busy across a round trip — times
///   `pipeDepthFactor`, but never fewer than
///   `minimumLoadsInFlight` and
///   `loadsInFlightPerVisibleItem` per visible item. On a slow link the
///   floor is `slowLinkMinimumLoadsInFlight` unless the user's recent
///   top speed asks about what the link carries (`slowLinkBusyDemand`):
///   asked little, two loads keep up; asked far more, a third load is mostly for an
///   item the motion skips. The rest wait for
///   the next frame, in deadline order: on a slow link the nearest deadline gets the
///   whole bandwidth and arrives sooner, and loads that are never started when the user
///   turns around cost no bytes.
/// - **Leaving items are not loaded.** While the viewport moves, a visible item that
///   leaves the screen sooner than the link takes to deliver the visible items still
///   waiting (their count × mean load size ÷ learned bandwidth) is not requested: its
///   load would be cancelled with most of its bytes spent. On a dense screen (more than
///   `maximumSparseScreenItems` items, more than the link's
///   connections) the skipped items still count among the loads in flight, so their
///   share of the link does not go to prefetches, and a running visible load is
///   withdrawn when its item leaves within `runningLoadHorizonFactor`
///   of the time the running visible loads take the link: withdrawn early, a load
///   spends its round trip, not its bytes. Not so for a user who has lately gone back
///   and forth (the net distance moved over the total, faded over
///   `directnessHalfLife`, below
///   `keptLeavingLoadDirectness`) when the motion, were the finger
///   lifted now, would leave the item less than `keptLeavingLoadScreens`
///   behind: the next stroke brings it back. On a sparse screen, during a glide, a
///   running visible load is withdrawn when the glide carries its item off the screen
///   before the load is expected to be done (a typical load time after it started),
///   that time scaled by how slow the link is (its time per load over
///   `slowLinkLoadTime`, at most 1): on a fast link a load's time is
///   mostly its round trip, and most of them finish. A glide toward the start of the
///   list stops there, for these rules as for running prefetches. None of this applies
///   while the viewport stands where it stood at the previous decision: the scroll
///   tracker's velocity is a fit over its last 100 ms, so for a few frames after the
///   content stops dead (a programmatic scroll that ends, a finger that catches a
///   glide) it still reports the motion, but nothing on screen is leaving.
/// - **Resources stored locally.** An image on a slower local tier (a disk cache; see
///   ``LoadStatus/isStoredLocally(_:)``) costs no network bytes and arrives in about a
///   disk read, so the rules above that let an item go because its load would come too
///   late or waste bytes do not apply to it: a visible item that leaves soon and an
///   item a glide flies past are still loaded from there.
/// - **Jumps.** While the scroll tracker's speed exceeds `jumpSpeed`,
///   far beyond any finger's fling, the content moves under a programmatic scroll (a
///   status-bar tap, a scroll to an item), whose end the glide model cannot project:
///   it projects a landing at the start of the list, where a jump back to a part of
///   the list seen before usually stops short. No new network prefetch starts then;
///   running loads and resources stored locally (the content seen before) still load,
///   and the lead resumes as soon as the motion slows below the jump speed.
/// - **Budgets.** At most ``Configuration/maximumPrefetches`` plus
///   `prefetchesPerLeadSecond` per second of lead time prefetches are
///   chosen at once, nearest deadline first, so that a slow network keeps a deeper
///   buffer and a fast one wastes little — but never fewer than the items of
///   `minimumPrefetchScreens` screenfuls (items per screen measured
///   from the visible items), so that a grid of small cells gets as far ahead as a
///   feed. Running loads kept by the rule above come on top.
///
/// ```swift
/// var policy = AdaptivePolicy()
/// let requests = policy.wantedItems(for: input, status: status)
/// // …when a load finishes:
/// policy.loadDidFinish(latency: elapsed, bytes: size)
/// ```
///
/// A value type; confine it to one thread.
package struct AdaptivePolicy: ItemPolicy {
  /// The tuning.
  package let configuration: Configuration
  private var latency: LatencyEstimator
  /// The median load latency; read by the link's limits (AdaptivePolicy+Link.swift).
  private var typicalLatency: LatencyEstimator
  /// What the two latency estimates come to, worked out when a load finishes rather
  /// than several times a frame.
  private(set) var readings: LatencyReadings
  /// The recent top speeds, the longest stroke and the time at rest.
  private(set) var recent: RecentMotion
  /// The running loads worth finishing; read by the visible items' rules
  /// (AdaptivePolicy+Visible.swift).
  private(set) var keeper = RunningLoadKeeper()
  /// The learned bandwidth and load size; read by the link's limits.
  var throughput = ThroughputEstimator()
  /// How long the list's last page took to arrive; read while the link is unknown.
  private(set) var pageLatency: Duration?
  /// Whether a wanted item was loading at the last call.
  private var wasBusy = false
  /// The prefetch candidates of the current frame; kept between frames so that its
  /// storage is reused.
  private var candidates: [PreloadRequest] = []
  /// Scratch storage for putting the candidates in order.
  private var sortBuffer: [PreloadRequest] = []
  /// Whether each prefetch loads, in ``trimPrefetches(_:waitsOnScreen:isLearning:budget:visibleCount:waitingVisible:demand:status:)``;
  /// scratch storage kept between frames.
  var loadingScratch: [Bool] = []
  /// How far the user travels after coming to rest.
  private(set) var excursions: RestExcursions
  /// How often, lately, an item on screen waited while the viewport moved; read by
  /// ``waitingShare()``.
  private(set) var misses: MovingMissRate
  /// How directly the viewport has travelled lately; read by
  /// ``leavingItemHorizon(motion:visible:screen:status:)``.
  private(set) var directness: TravelDirectness
  /// How far this user's drags go against what their speed promises; read by
  /// ``dragShare()``.
  private(set) var dragTravel = DragTravel()

  /// Creates the policy.
  ///
  /// - Parameter configuration: The tuning; the defaults unless given.
  /// - Precondition: `configuration.restExcursionPercentile` and
  ///   `dragTravelPercentile` are in `0...100`, `keptUpGlideRestLeadShare` in `0...1`,
  ///   and `restExcursionWindow`, `missShareHalfLife`, `slowLinkLoadTime`,
  ///   `slowStartPageLatency` and `directnessHalfLife` are positive.
  package init(configuration: Configuration = Configuration()) {
    precondition(
      (0...100).contains(configuration.restExcursionPercentile),
      "restExcursionPercentile must be in 0...100, got \(configuration.restExcursionPercentile)")
    precondition(
      (0...1).contains(configuration.keptUpGlideRestLeadShare),
      "keptUpGlideRestLeadShare must be in 0...1, got \(configuration.keptUpGlideRestLeadShare)")
    precondition(configuration.slowLinkLoadTime > .zero, "slowLinkLoadTime must be positive")
    precondition(
      configuration.slowStartPageLatency > .zero, "slowStartPageLatency must be positive")
    precondition(
      configuration.directnessHalfLife > .zero, "directnessHalfLife must be positive")
    precondition(
      (0...100).contains(configuration.dragTravelPercentile),
      "dragTravelPercentile must be in 0...100, got \(configuration.dragTravelPercentile)")
    self.configuration = configuration
    latency = LatencyEstimator(
      quantile: configuration.latencyQuantile, prior: configuration.initialLatency)
    typicalLatency = LatencyEstimator(quantile: 0.5, prior: configuration.initialLatency)
    readings = LatencyReadings(
      latency: latency, typicalLatency: typicalLatency, configuration: configuration)
    excursions = RestExcursions(window: configuration.restExcursionWindow.inSeconds)
    misses = MovingMissRate(halfLife: configuration.missShareHalfLife)
    directness = TravelDirectness(halfLife: configuration.directnessHalfLife)
    recent = RecentMotion(halfLife: configuration.recentSpeedHalfLife)
  }

  /// Learns the latency of a finished network load.
  package mutating func loadDidFinish(latency: Duration, bytes: Int) {
    self.latency.observe(latency)
    typicalLatency.observe(latency)
    readings = LatencyReadings(
      latency: self.latency, typicalLatency: typicalLatency, configuration: configuration)
    throughput.observe(bytes: bytes)
  }

  /// Learns how long a page took: before any image has loaded, the first word on how
  /// slow the link is.
  package mutating func pageDidLoad(latency: Duration) {
    pageLatency = latency
  }

  /// The expected latency plus margin, in seconds: how far ahead in time to load.
  package func leadTime() -> Double {
    readings.leadTime
  }

  /// Visible items first, then the items the viewport reaches within the lead time,
  /// by deadline, then running loads worth finishing.
  ///
  /// - Complexity: O(*v* + *p* log *p*) for *v* visible items and *p* items within
  ///   the lead, plus O(log *k*) per item lookup in a layout of *k* items. Once its
  ///   buffers have grown, a frame allocates nothing.
  package mutating func wantedItems<Layout: ItemLayout>(
    for input: PolicyInput<Layout>, status: some LoadStatus, into requests: inout [PreloadRequest]
  ) {
    let tracker = input.tracker
    let axis = input.layout.axis
    let velocity = Double(axis == .vertical ? tracker.velocity.y : tracker.velocity.x)
    if wasBusy, let lastTime = recent.lastTime, input.time > lastTime {
      throughput.observeBusy(seconds: (input.time - lastTime).inSeconds)
    }
    let wasResting = recent.idleSince != nil
    recent.observe(
      velocity: velocity, time: input.time, isMoving: tracker.isMoving,
      offset: Double(input.viewportSpan.lowerBound))
    let seconds = input.time.inSeconds
    directness.observe(time: seconds, offset: Double(input.viewportSpan.lowerBound))
    let lead = leadTime()
    let viewport = input.viewportSpan
    let screen = Double(viewport.length)
    let visible = input.visibleItems
    let motion = ViewportMotion(tracker: tracker, axis: axis)
    // A glide toward the start of the list stops there, as a scroll view's does.
    let walled = motion.stopping(atDistanceToStart: Double(input.viewportSpan.lowerBound))
    let movedForward = tracker.direction.isForward(along: axis)
    let isStill = recent.standsStill(at: viewport.lowerBound, now: input.time)
    // Drags are sampled where their lead is scaled: on a sparse screen (see
    // `prefetchCandidates`). A dense screen, a grid's, pays only for the samples due.
    let isSparseDrag =
      motion.isMoving && !motion.isDecelerating
      && visible.count <= configuration.maximumSparseScreenItems
    dragTravel.observe(
      time: seconds, offset: Double(viewport.lowerBound),
      velocity: isSparseDrag ? velocity : nil, horizon: lead)
    excursions.observe(
      time: seconds, offset: Double(viewport.lowerBound),
      restBegins: !wasResting && recent.idleSince != nil, isForward: movedForward)
    // At rest against the start of the list nothing lies the way the user last
    // scrolled: the lead points the only way there is, so the link does not idle.
    let forward = movedForward || (!motion.isMoving && viewport.lowerBound <= 0)

    let first = requests.count
    let itemsPerPoint = Self.itemsPerPoint(visible: visible, layout: input.layout)
    let (waitingVisible, skippedVisible) = appendVisibleRequests(
      input: input, visible: visible, motion: motion, walled: walled, isForward: forward,
      isStill: isStill, itemsPerPoint: itemsPerPoint, status: status, into: &requests)
    misses.observe(time: input.time, isMoving: motion.isMoving, isWaiting: waitingVisible > 0)
    var prefetches = candidates
    candidates = []
    prefetches.removeAll(keepingCapacity: true)
    // Items a drag flies over on a slow link; they hold their places in the pipe.
    var heldPlaces = 0
    var aheadCount = prefetchCandidates(
      input: input, visible: visible, motion: walled, isForward: forward, lead: lead,
      itemsPerPoint: itemsPerPoint, status: status, into: &prefetches, heldPlaces: &heldPlaces)
    if Swift.abs(velocity) > configuration.jumpSpeed {
      aheadCount = Self.keepLocalPrefetches(&prefetches, aheadCount: aheadCount, status: status)
    }
    CandidateOrder.sort(&prefetches, split: aheadCount, buffer: &sortBuffer)
    let budget = Swift.max(
      Int(
        saturating: Double(configuration.maximumPrefetches) + lead
          * configuration.prefetchesPerLeadSecond),
      Int(saturating: itemsPerPoint * screen * configuration.minimumPrefetchScreens))
    // Far prefetches wait for what is on screen; items due within the lead do not,
    // unless the network is still unknown.
    trimPrefetches(
      &prefetches, waitsOnScreen: waitingVisible + skippedVisible > 0,
      isLearning: latency.count < configuration.learningLoads, budget: budget,
      visibleCount: requests.count - first + skippedVisible,
      waitingVisible: waitingVisible + skippedVisible + heldPlaces,
      demand: demand(speed: recent.peaks[forward ? 0 : 1], itemsPerPoint: itemsPerPoint),
      status: status)
    keeper.keepRunningLoads(
      in: &prefetches, visible: requests[first...], visibleItems: visible, viewport: viewport,
      motion: walled,
      isForward: forward, reach: configuration.maximumKeptLoadScreens * screen,
      nearlyDone: readings.nearlyDone,
      loadTime: latency.estimate(),
      now: input.time, layout: input.layout, status: status)
    requests.append(contentsOf: prefetches)
    candidates = prefetches
    wasBusy = requests[first...].contains { status.isLoading($0.item) }
  }

  /// Maps the remembered running loads to the items' new positions; the current stroke
  /// starts over.
  package mutating func listDidChange(_ changes: ListIndexChanges) {
    keeper.listDidChange(changes)
    directness.contentMoved()
    dragTravel.listDidChange()
    excursions.listDidChange()
    recent.listDidChange()
  }
}
