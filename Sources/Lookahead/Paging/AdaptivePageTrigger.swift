import Foundation

/// The adaptive strategy's page trigger: it learns how long pages take and asks for the
/// next one by remaining time, with a distance floor that grows with that latency and
/// with the user's recent top speed (docs/DESIGN.md, "Paging" and "The adaptive strategy").
///
/// Each finished page request teaches it the latency (``pageDidLoad(latency:)``); its
/// ``trigger`` is then ``PageTrigger/adaptive(expectedLatency:margin:minimumScreens:)``
/// with the learned 90th percentile. The floor matters more than the remaining time:
/// images can only be prefetched for items whose page is loaded, and on a slow network
/// the image lead reaches several screens ahead. A page is small, so fetching it a few
/// screens earlier costs little, while fetching it late cuts the image lead short
/// exactly when a burst of scrolling outruns the network.
///
/// The remaining-time test looks at the current velocity, which is zero at rest: a
/// flinger who pauses a couple of screens before the end of the loaded content and
/// flings again reaches it before the page and then its images arrive. So the trigger
/// also remembers the recent top speed toward the tail
/// (``scrolled(velocity:viewportLength:at:)``, halving every 4 s), and the floor covers
/// what that speed travels within the expected latency plus 300 ms, up to 4 screenfuls.
///
/// The floor's constants are calibration, not settings: an app chooses only the latency
/// expected before the first page (``init(initialLatency:)``).
///
/// ```swift
/// var pages = AdaptivePageTrigger()
/// // Every scroll tick:
/// pages.scrolled(velocity: tracker.velocity.y, viewportLength: bounds.height, at: now)
/// if pages.trigger.shouldFetch(input) { startNextPage() }
/// // …when the page arrives:
/// pages.pageDidLoad(latency: elapsed)
/// ```
///
/// The list preloader (`ListPreloaderStateMachine`) uses it for
/// ``PagingStrategy/adaptive(_:)``, tells it every frame's motion and feeds it every
/// page it loads.
///
/// A value type; thread-safe.
public struct AdaptivePageTrigger: Sendable, Hashable {
  private var latency: LatencyEstimator
  /// Time added to the learned latency.
  package var margin: Duration
  /// The smallest distance floor, in screenfuls.
  package var minimumScreens: Double
  /// Screenfuls of floor per second of expected page latency: about 4.5 screens on a
  /// link whose pages take half a second, the minimum on fast links.
  ///
  /// Items exist only once their page has arrived. A spare page far ahead turns the
  /// end of the list into rows of blank cells on a link that cannot fill them, and its
  /// items become prefetch candidates that compete with the ones the user reaches
  /// first; a page too late cuts the image lead short. A larger value fetches pages
  /// farther ahead on a slow link; a smaller one lets fast scrolling reach the end of the
  /// loaded content before the next page and its images arrive. On a dense screen,
  /// keeping far pages' items out of the way leaves the link at rest to the rows behind
  /// the viewport (`denseRestTrailingScreens`).
  package var screensPerLatencySecond: Double
  /// How fast the remembered top speed fades: it halves every this long; positive.
  /// 4 s, as `recentSpeedHalfLife`.
  package var speedHalfLife: Duration {
    didSet { speedHalfLifeSeconds = speedHalfLife.inSeconds }
  }
  /// Time added to the expected latency for the top speed's floor: the page must
  /// arrive, and then the first images of its items, before the user's next fling
  /// reaches them. 300 ms. A longer one, such as the trigger's ``margin`` (500 ms),
  /// leaves fast flingers fewer blank frames but fetches pages near the end of a session
  /// whose images then load for nobody.
  package var speedMargin: Duration {
    didSet { speedMarginSeconds = speedMargin.inSeconds }
  }
  /// The farthest the top speed takes the floor, in screenfuls. A jump (a programmatic
  /// scroll to a far offset) moves at hundreds of thousands of points per second, and
  /// its speed must not keep the pager fetching page after page while it fades. On a
  /// slow link the latency's floor is about as far already (4.5 screenfuls for pages
  /// of half a second), so the top speed's floor serves fast links.
  ///
  /// The top speed's floor keeps a flinger on a fast link from reaching the end of the
  /// loaded content before the next page. A higher cap leaves such flingers no fewer
  /// blank frames, and on a dense grid over a slow link it spends more bytes.
  package var maximumSpeedScreens: Double
  /// The recent top speed toward the tail, in points per second, as
  /// ``scrolled(velocity:viewportLength:at:)`` last left it.
  package private(set) var recentTopSpeed = 0.0
  /// The time of the last scroll tick, in seconds.
  private var lastMotionSeconds: Double?
  /// ``speedHalfLife`` and ``speedMargin`` in seconds, converted when set rather than
  /// twice a frame: the conversion is not free, and the trigger runs every frame.
  private var speedHalfLifeSeconds: Double
  private var speedMarginSeconds: Double
  private var viewportLength = 0.0

  /// Creates a trigger that has not seen a page yet.
  ///
  /// - Parameter initialLatency: The expected page latency before the first page: 400
  ///   ms. Each finished page then teaches the trigger the link's real latency.
  public init(initialLatency: Duration = .milliseconds(400)) {
    self.init(
      initialLatency: initialLatency, margin: .milliseconds(500), minimumScreens: 2,
      screensPerLatencySecond: 9, speedHalfLife: .seconds(4), speedMargin: .milliseconds(300),
      maximumSpeedScreens: 4)
  }

  /// Creates a trigger with every calibration constant given.
  ///
  /// - Parameters:
  ///   - initialLatency: The expected page latency before the first page.
  ///   - margin: Time added to the learned latency: 500 ms.
  ///   - minimumScreens: The smallest distance floor: 2 screenfuls.
  ///   - screensPerLatencySecond: Floor per second of expected latency: 9 screenfuls.
  ///   - speedHalfLife: How fast the remembered top speed fades: 4 s; positive.
  ///   - speedMargin: Time added to the latency for the top speed's floor: 300 ms.
  ///   - maximumSpeedScreens: The farthest the top speed takes the floor: 4 screenfuls.
  package init(
    initialLatency: Duration, margin: Duration, minimumScreens: Double,
    screensPerLatencySecond: Double, speedHalfLife: Duration, speedMargin: Duration,
    maximumSpeedScreens: Double
  ) {
    precondition(minimumScreens >= 0, "minimumScreens must not be negative, got \(minimumScreens)")
    precondition(
      screensPerLatencySecond >= 0,
      "screensPerLatencySecond must not be negative, got \(screensPerLatencySecond)")
    precondition(speedHalfLife > .zero, "speedHalfLife must be positive, got \(speedHalfLife)")
    precondition(
      maximumSpeedScreens >= 0,
      "maximumSpeedScreens must not be negative, got \(maximumSpeedScreens)")
    latency = LatencyEstimator(quantile: 0.9, prior: initialLatency, capacity: 16)
    self.margin = margin
    self.minimumScreens = minimumScreens
    self.screensPerLatencySecond = screensPerLatencySecond
    self.speedHalfLife = speedHalfLife
    speedHalfLifeSeconds = speedHalfLife.inSeconds
    self.speedMargin = speedMargin
    speedMarginSeconds = speedMargin.inSeconds
    self.maximumSpeedScreens = maximumSpeedScreens
  }

  /// The expected page latency: the 90th percentile of the last 16 pages, or the
  /// initial latency before the first.
  package var expectedLatency: Duration { latency.estimate() }

  /// The trigger for the current estimate.
  ///
  /// - Complexity: O(1).
  package var trigger: PageTrigger {
    let expected = expectedLatency
    let seconds = expected.inSeconds
    var floor = Swift.max(minimumScreens, screensPerLatencySecond * seconds)
    if viewportLength > 0, recentTopSpeed > 0 {
      let reach = recentTopSpeed * (seconds + speedMarginSeconds) / viewportLength
      floor = Swift.max(floor, Swift.min(reach, maximumSpeedScreens))
    }
    return .adaptive(expectedLatency: expected, margin: margin, minimumScreens: floor)
  }

  /// Remembers a scroll tick's motion: the top speed toward the tail fades (it halves
  /// every 4 s) and rises to the tick's speed toward the tail (a velocity
  /// toward the head counts as zero).
  ///
  /// - Parameters:
  ///   - velocity: Points per second, positive toward the tail; finite.
  ///   - viewportLength: The viewport's length along the axis, in points; 0 leaves the
  ///     floor to the latency alone.
  ///   - time: The tick's time; never earlier than the previous tick's.
  /// - Complexity: O(1).
  package mutating func scrolled(velocity: Double, viewportLength: Double, at time: Duration) {
    precondition(velocity.isFinite, "velocity must be finite, got \(velocity)")
    let seconds = time.inSeconds
    if recentTopSpeed > 0, let lastMotionSeconds, seconds > lastMotionSeconds {
      recentTopSpeed *= pow(0.5, (seconds - lastMotionSeconds) / speedHalfLifeSeconds)
    }
    lastMotionSeconds = seconds
    recentTopSpeed = Swift.max(recentTopSpeed, velocity)
    self.viewportLength = viewportLength.isFinite ? Swift.max(0, viewportLength) : 0
  }

  /// Learns from a finished page request.
  ///
  /// - Parameter latency: The time from the request's start to its last byte.
  /// - Complexity: O(1).
  package mutating func pageDidLoad(latency: Duration) {
    self.latency.observe(latency)
  }
}
