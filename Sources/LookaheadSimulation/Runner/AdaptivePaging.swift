import Lookahead

/// The adaptive strategy's page trigger: remaining time against a learned page
/// latency (SPEC §6.2, §7).
struct AdaptivePaging: Sendable {
  private var latency = LatencyEstimator(quantile: 0.9, prior: .milliseconds(400), capacity: 16)
  /// Time added to the learned latency.
  var margin: Duration = .milliseconds(500)
  /// The distance floor, in screens.
  var minimumScreens = 2.0
  /// Screens of floor per second of page latency.
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
