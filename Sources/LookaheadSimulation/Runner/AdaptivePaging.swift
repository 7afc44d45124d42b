import Lookahead

/// The adaptive strategy's page trigger: remaining time against a learned page
/// latency (SPEC §6.2, §7), with a distance floor that grows with that latency.
///
/// The floor matters more than the remaining time: images can only be prefetched for
/// items whose page is loaded, and on a slow network the image lead reaches several
/// screens ahead. A page is 8 KB, so fetching it a few screens earlier costs little,
/// while fetching it late truncates the image lead exactly when bursts of scrolling
/// outrun the network.
struct AdaptivePaging: Sendable {
  private var latency = LatencyEstimator(quantile: 0.9, prior: .milliseconds(400), capacity: 16)
  /// Time added to the learned latency.
  var margin: Duration = .milliseconds(500)
  /// The smallest distance floor, in screens.
  var minimumScreens = 2.0
  /// Screens of floor per second of expected page latency (about 6 screens on `3g`,
  /// the 2-screen minimum on `wifi` and `lte`).
  var screensPerLatencySecond = 12.0

  init() {
  }

  /// The trigger for the current estimate.
  var trigger: PageTrigger {
    var estimator = latency
    let expected = estimator.estimate()
    return .adaptive(
      expectedLatency: expected, margin: margin,
      minimumScreens: Swift.max(minimumScreens, screensPerLatencySecond * expected.inSeconds))
  }

  /// Learns from a finished page request.
  mutating func pageDidLoad(latency: Duration) {
    self.latency.observe(latency)
  }
}
