import Foundation

/// Lookahead's own strategy: ranges sized in **time**, not screenfuls.
///
/// - **Lead by time.** Items ahead are wanted when the viewport will reach them
///   within the expected load latency — a high quantile learned online from finished
///   loads — plus a margin. The lead grows with velocity and shrinks at rest, where it
///   follows the user's recent speed (a slow reader needs far less than Texture's 2.5
///   screens) and expands gently while the list stays idle.
/// - **Landing first.** While a fling decelerates, the projected landing area is
///   wanted first; items the viewport will fly past before their load could finish
///   are not requested (or are withdrawn).
/// - **Deadline order.** Inside a priority class, requests are ordered by the time at
///   which their item becomes visible.
/// - **Visible first.** While an item on screen is still loading, no new prefetch is
///   wanted (shared bandwidth would slow the visible image down); running prefetches
///   of items still ahead are kept.
/// - **Budgets.** At most ``Configuration/maximumPrefetches`` prefetches are wanted
///   at once.
///
/// A value type; confine it to one thread.
public struct AdaptivePolicy: ItemPolicy {
  /// The tuning of the adaptive policy.
  public struct Configuration: Sendable, Hashable {
    /// The latency quantile the lead covers.
    public var latencyQuantile: Double = 0.9
    /// The expected latency before any load finished.
    public var initialLatency: Duration = .milliseconds(400)
    /// Time added to the learned latency.
    public var margin: Duration = .milliseconds(100)
    /// The smallest lead at rest, in screenfuls.
    public var minimumRestLeadScreens: Double = 0.35
    /// How far the lead at rest grows per second of idle time, in screenfuls.
    public var idleGrowthScreensPerSecond: Double = 0.1
    /// The largest lead, in screenfuls.
    public var maximumLeadScreens: Double = 6
    /// Screenfuls kept behind the viewport.
    public var trailingScreens: Double = 0
    /// How much of the lead a user who recently scrolled the other way keeps behind
    /// the viewport (0 disables): reversals are behaviour too.
    public var reversalFactor: Double = 0
    /// How long the user's recent speed is remembered (half-life).
    public var recentSpeedHalfLife: Duration = .seconds(4)
    /// The most prefetches wanted at once.
    public var maximumPrefetches: Int = 8
    /// EXPERIMENT concurrency cap.
    public var maximumConcurrentPrefetches: Int = 100
    /// EXPERIMENT
    public var skipsPassingVisible: Int = 0
    /// EXPERIMENT
    public var passingFactor: Double = 1
    /// EXPERIMENT
    public var mostlyDoneFraction: Double = 1
    /// EXPERIMENT
    public var landingRestFactor: Double = 1
    /// EXPERIMENT
    public var minimumPassSeconds: Double = 0
    /// EXPERIMENT
    public var maximumRecentSpeed: Double = .infinity
    /// EXPERIMENT
    public var prefetchesPerLeadSecond: Double = 1.5
    /// EXPERIMENT
    public var strictWhileLearning = true
    /// EXPERIMENT
    public var learningLoads = 2
    /// EXPERIMENT keep behind.
    public var keepBehindScreens: Double = 0
    /// EXPERIMENT strict gate when latency at least this.
    public var strictGateLatency: Duration = .seconds(1000)

    /// Creates the default tuning.
    public init() {}
  }

  /// The tuning.
  public let configuration: Configuration
  private var latency: LatencyEstimator
  /// Recent top speeds toward larger offsets (index 0) and smaller ones (index 1).
  private var recentPeaks = [0.0, 0.0]
  private var previousPrefetches: [PreloadRequest] = []
  /// For each wanted prefetch, whether its item lay after the viewport when first wanted.
  private var requestSides: [Int: Bool] = [:]
  private var previousRequests: [PreloadRequest] = []
  /// When each wanted item was first seen loading.
  private var loadingSince: [Int: Duration] = [:]
  private var typicalLatency: LatencyEstimator
  private var lastTime: Duration?
  private var idleSince: Duration?

  /// Creates the policy.
  public init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
    latency = LatencyEstimator(
      quantile: configuration.latencyQuantile, prior: configuration.initialLatency)
    typicalLatency = LatencyEstimator(quantile: 0.5, prior: configuration.initialLatency)
  }

  /// Learns the latency of a finished load.
  public mutating func loadDidFinish(item: Int, latency: Duration, bytes: Int) {
    self.latency.observe(latency)
    typicalLatency.observe(latency)
  }

  /// The expected latency plus margin, in seconds: how far ahead in time to load.
  public mutating func leadTime() -> Double {
    (latency.estimate() + configuration.margin).inSeconds
  }

  /// Visible items first, then the items the viewport reaches within the lead time,
  /// by deadline.
  public mutating func wantedItems<Layout: ItemLayout>(
    for input: PolicyInput<Layout>, status: some LoadStatus
  ) -> [PreloadRequest] {
    let tracker = input.tracker
    let axis = input.layout.axis
    let velocity = Double(axis == .vertical ? tracker.velocity.y : tracker.velocity.x)
    updateRecentSpeed(velocity: velocity, time: input.time, isMoving: tracker.isMoving)
    let lead = leadTime()
    let viewport = input.viewportSpan
    let screen = Double(viewport.length)
    let visible = input.visibleItems

    let motion = Motion(tracker: tracker, axis: axis, screen: screen)
    let forward = tracker.direction.isForward(along: axis)
    var requests: [PreloadRequest] = []
    var isVisibleLoading = false
    for item in visible {
      let isReady = status.isReady(item)
      if !isReady && configuration.skipsPassingVisible > 0 && motion.isMoving
        && (motion.isDecelerating || configuration.skipsPassingVisible > 1)
        && !status.isLoading(item)
      {
        let span = input.layout.span(ofItem: item)
        let exitDistance =
          forward
          ? Double(span.upperBound - viewport.lowerBound)
          : Double(viewport.upperBound - span.lowerBound)
        if motion.timeToTravel(exitDistance) < lead * configuration.passingFactor { continue }
      }
      requests.append(
        PreloadRequest(item: item, priority: .visible, order: Double(item - visible.lowerBound)))
      if !isReady { isVisibleLoading = true }
    }

    let peakAhead = recentPeaks[forward ? 0 : 1]
    let peakBehind = recentPeaks[forward ? 1 : 0]
    // Where the viewport will rest: the projected landing while decelerating, here
    // otherwise. Past it, keep the lead the user's recent behaviour calls for, so a
    // fling that starts from rest finds its first screens ready.
    let landing = motion.isDecelerating ? motion.remainingDistance : 0
    let moving = motion.isMoving ? motion.distanceCovered(within: lead) + screen * 0.25 : 0
    let leadDistance = Swift.min(
      Swift.max(
        moving,
        landing + (motion.isDecelerating ? configuration.landingRestFactor : 1)
          * restLead(screen: screen, now: input.time, peak: peakAhead * lead)),
      configuration.maximumLeadScreens * screen + landing)
    let trailing = Swift.min(
      Swift.max(
        configuration.trailingScreens * screen, configuration.reversalFactor * peakBehind * lead),
      configuration.maximumLeadScreens * screen)
    let ahead =
      forward
      ? AxisSpan(viewport.upperBound, viewport.upperBound + CGFloat(leadDistance))
      : AxisSpan(viewport.lowerBound - CGFloat(leadDistance), viewport.lowerBound)
    let behind =
      forward
      ? AxisSpan(viewport.lowerBound - CGFloat(trailing), viewport.lowerBound)
      : AxisSpan(viewport.upperBound, viewport.upperBound + CGFloat(trailing))
    let restSpeed = Swift.max(peakAhead, 50)

    var prefetches: [PreloadRequest] = []
    for item in input.layout.items(overlapping: ahead) where !visible.contains(item) {
      let span = input.layout.span(ofItem: item)
      let distance = Double(span.distance(to: viewport))
      if motion.isDecelerating && distance < landing {
        let exit = motion.timeToTravel(distance + Double(span.length) + screen)
        // Flown over before its load could finish: not worth a byte.
        if exit < lead { continue }
        if exit - motion.timeToTravel(distance) < configuration.minimumPassSeconds { continue }
      }
      let enter = motion.timeToTravel(distance)
      let deadline =
        enter.isFinite
        ? enter
        : motion.timeToTravel(landing * 0.999) + (distance - landing) / restSpeed
      let priority: LoadPriority = deadline < lead ? .display : .preload
      prefetches.append(PreloadRequest(item: item, priority: priority, order: deadline))
    }
    for item in input.layout.items(overlapping: behind) where !visible.contains(item) {
      let distance = Double(input.layout.span(ofItem: item).distance(to: viewport))
      let deadline = distance / Swift.max(peakBehind, 50)
      prefetches.append(
        PreloadRequest(item: item, priority: deadline < lead ? .display : .preload, order: deadline)
      )
    }
    prefetches.sort { ($0.priority, -$0.order) > ($1.priority, -$1.order) }
    if isVisibleLoading {
      // Far prefetches wait for what is on screen; items due within the lead do not.
      let strict =
        latency.estimate() >= configuration.strictGateLatency
        || (configuration.strictWhileLearning && latency.count < configuration.learningLoads)
      prefetches.removeAll { (strict || $0.priority == .preload) && !status.isLoading($0.item) }
    }
    let budget =
      configuration.maximumPrefetches + Int(lead * configuration.prefetchesPerLeadSecond)
    if prefetches.count > budget {
      prefetches.removeLast(prefetches.count - budget)
    }
    do {
      let running = prefetches.reduce(0) { $0 + (status.isLoading($1.item) ? 1 : 0) }
      var allowed = configuration.maximumConcurrentPrefetches - running
      prefetches.removeAll { request in
        if status.isLoading(request.item) { return false }
        if allowed > 0 { allowed -= 1; return false }
        return true
      }
    }
    // A running load of an item not yet reached is worth finishing: cancelling it
    // wastes the bytes already transferred and restarting it pays the round trip
    // again. It is let go once the viewport has passed it or it is out of reach.
    let keepReach = configuration.maximumLeadScreens * screen
    let chosen = Set(prefetches.map(\.item))
    for previous in previousPrefetches
    where !chosen.contains(previous.item) && !visible.contains(previous.item) {
      guard status.isLoading(previous.item), previous.item < input.layout.itemCount,
        let wasAfter = requestSides[previous.item]
      else { continue }
      let span = input.layout.span(ofItem: previous.item)
      let isAfter = span.lowerBound >= viewport.upperBound
      let isBefore = span.upperBound <= viewport.lowerBound
      guard wasAfter ? isAfter : isBefore,
        Double(span.distance(to: viewport)) <= keepReach || configuration.keepBehindScreens < 0
      else { continue }
      prefetches.append(previous)
    }
    // A load that has run for most of a typical load time is nearly done, wherever
    // its item is now: finishing it costs little.
    let typical = typicalLatency.estimate()
    let kept = Set(prefetches.map(\.item))
    for previous in previousRequests
    where !kept.contains(previous.item) && !visible.contains(previous.item) {
      guard status.isLoading(previous.item), let since = loadingSince[previous.item],
        input.time - since >= typical * configuration.mostlyDoneFraction
      else { continue }
      prefetches.append(
        PreloadRequest(
          item: previous.item, priority: Swift.min(previous.priority, .display),
          order: previous.order))
    }
    var sides: [Int: Bool] = [:]
    for request in prefetches {
      if let side = requestSides[request.item] {
        sides[request.item] = side
      } else if input.layout.span(ofItem: request.item).lowerBound >= viewport.upperBound {
        if forward { sides[request.item] = true }
      } else if !forward {
        sides[request.item] = false
      }
    }
    requestSides = sides
    previousPrefetches = prefetches
    requests.append(contentsOf: prefetches)
    var since: [Int: Duration] = [:]
    for request in requests where status.isLoading(request.item) {
      since[request.item] = loadingSince[request.item] ?? input.time
    }
    loadingSince = since
    previousRequests = requests
    return requests
  }

  private mutating func updateRecentSpeed(velocity: Double, time: Duration, isMoving: Bool) {
    let side = velocity >= 0 ? 0 : 1
    if let lastTime, time > lastTime {
      let keep = pow(0.5, (time - lastTime) / configuration.recentSpeedHalfLife)
      recentPeaks[0] *= keep
      recentPeaks[1] *= keep
    }
    recentPeaks[side] = Swift.max(
      recentPeaks[side], Swift.min(abs(velocity), configuration.maximumRecentSpeed))
    lastTime = time
    if isMoving {
      idleSince = nil
    } else if idleSince == nil {
      idleSince = time
    }
  }

  /// The lead to keep at rest: what the user's recent top speed covers within the
  /// lead time, at least a floor, growing gently while idle.
  private func restLead(screen: Double, now: Duration, peak fromBehaviour: Double) -> Double {
    let idle = idleSince.map { (now - $0).inSeconds } ?? 0
    let floor = configuration.minimumRestLeadScreens * screen
    return Swift.max(floor, fromBehaviour) + configuration.idleGrowthScreensPerSecond * screen
      * idle
  }
}

/// Where the viewport goes next: constant velocity while dragging, UIScrollView's
/// exponential deceleration while decelerating.
private struct Motion {
  let isMoving: Bool
  let isDecelerating: Bool
  /// Points per second along the axis (absolute).
  let speed: Double
  /// Total distance a deceleration still travels, in points.
  let remainingDistance: Double
  /// The decay constant per second of the deceleration.
  let decay: Double

  init(tracker: ScrollTracker, axis: Axis, screen: Double) {
    let velocity = Double(axis == .vertical ? tracker.velocity.y : tracker.velocity.x)
    speed = abs(velocity)
    isMoving = tracker.isMoving
    isDecelerating = tracker.phase == .decelerating
    let rate = tracker.decelerationRate.perMillisecond
    decay = -log(rate) * 1000
    remainingDistance = abs(tracker.decelerationRate.projectedDistance(velocity: velocity / 1000))
  }

  /// Seconds until the viewport has travelled `distance` points; infinite if it stops first.
  func timeToTravel(_ distance: Double) -> Double {
    guard distance > 0 else { return 0 }
    guard speed > 0 else { return .infinity }
    if isDecelerating {
      guard distance < remainingDistance else { return .infinity }
      return -log(1 - distance / remainingDistance) / decay
    }
    return distance / speed
  }

  /// Points travelled within `seconds`.
  func distanceCovered(within seconds: Double) -> Double {
    if isDecelerating { return remainingDistance * (1 - exp(-decay * seconds)) }
    return speed * seconds
  }
}
