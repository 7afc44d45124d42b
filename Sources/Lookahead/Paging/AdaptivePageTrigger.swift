/// The adaptive strategy's page trigger: it learns how long pages take and asks for the
/// next one by remaining time, with a distance floor that grows with that latency
/// (SPEC §6.2, §7).
///
/// Each finished page request teaches it the latency (``pageDidLoad(latency:)``); its
/// ``trigger`` is then ``PageTrigger/adaptive(expectedLatency:margin:minimumScreens:)``
/// with the learned 90th percentile. The floor matters more than the remaining time:
/// images can only be prefetched for items whose page is loaded, and on a slow network
/// the image lead reaches several screens ahead. A page is small, so fetching it a few
/// screens earlier costs little, while fetching it late cuts the image lead short
/// exactly when a burst of scrolling outruns the network.
///
/// ```swift
/// var pages = AdaptivePageTrigger()
/// if pages.trigger.shouldFetch(input) { startNextPage() }
/// // …when the page arrives:
/// pages.pageDidLoad(latency: elapsed)
/// ```
///
/// The list preloader (``ListPreloaderStateMachine``) uses it for
/// ``PagingStrategy/adaptive(_:)`` and feeds it every page it loads.
///
/// A value type; thread-safe.
public struct AdaptivePageTrigger: Sendable, Hashable {
  private var latency: LatencyEstimator
  /// Time added to the learned latency.
  public var margin: Duration
  /// The smallest distance floor, in screenfuls.
  public var minimumScreens: Double
  /// Screenfuls of floor per second of expected page latency: about 4.5 screens on a
  /// link whose pages take half a second, the minimum on fast links.
  ///
  /// Items exist only once their page has arrived. A spare page far ahead turns the
  /// end of the list into rows of blank cells on a link that cannot fill them, and its
  /// items become prefetch candidates that compete with the ones the user reaches
  /// first; a page too late cuts the image lead short. On the randomised trace family
  /// over `3g`, 9 screenfuls per second (12 before) lowered avoidable blank item-frames
  /// on both tuning seed ranges of the feed (1–100: 0.500× → 0.489× Texture's, 301–700:
  /// 0.468× → 0.466×) and on the grid (1–100: 1.00× → 0.83×, with
  /// ``AdaptivePolicy/Configuration/denseRestTrailingScreens``); 6 gave the built-in `3g`
  /// skimmer and reverser more blank frames (BENCHMARKS.md, "Where a dense screen's link
  /// idled").
  public var screensPerLatencySecond: Double

  /// Creates a trigger that has not seen a page yet.
  ///
  /// - Parameters:
  ///   - initialLatency: The expected page latency before the first page: 400 ms.
  ///   - margin: Time added to the learned latency: 500 ms.
  ///   - minimumScreens: The smallest distance floor: 2 screenfuls.
  ///   - screensPerLatencySecond: Floor per second of expected latency: 9 screenfuls.
  public init(
    initialLatency: Duration = .milliseconds(400), margin: Duration = .milliseconds(500),
    minimumScreens: Double = 2, screensPerLatencySecond: Double = 9
  ) {
    precondition(minimumScreens >= 0, "minimumScreens must not be negative, got \(minimumScreens)")
    precondition(
      screensPerLatencySecond >= 0,
      "screensPerLatencySecond must not be negative, got \(screensPerLatencySecond)")
    latency = LatencyEstimator(quantile: 0.9, prior: initialLatency, capacity: 16)
    self.margin = margin
    self.minimumScreens = minimumScreens
    self.screensPerLatencySecond = screensPerLatencySecond
  }

  /// The expected page latency: the 90th percentile of the last 16 pages, or the
  /// initial latency before the first.
  public var expectedLatency: Duration { latency.estimate() }

  /// The trigger for the current estimate.
  ///
  /// - Complexity: O(1).
  public var trigger: PageTrigger {
    let expected = expectedLatency
    return .adaptive(
      expectedLatency: expected, margin: margin,
      minimumScreens: Swift.max(minimumScreens, screensPerLatencySecond * expected.inSeconds))
  }

  /// Learns from a finished page request.
  ///
  /// - Parameter latency: The time from the request's start to its last byte.
  /// - Complexity: O(1).
  public mutating func pageDidLoad(latency: Duration) {
    self.latency.observe(latency)
  }
}
