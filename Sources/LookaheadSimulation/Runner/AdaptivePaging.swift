import Lookahead

/// The adaptive strategy's page trigger: remaining time against a learned page
/// latency (SPEC §6.2, §7).
struct AdaptivePaging: Sendable {
  private var latency = LatencyEstimator(quantile: 0.9, prior: .milliseconds(400), capacity: 16)
  /// Time added to the learned latency.
  var margin: Duration = .milliseconds(500)
  /// The distance floor, in screens.
  var minimumScreens = 2.0

  /// The trigger for the current estimate.
  var trigger: PageTrigger {
    var estimator = latency
    return .adaptive(
      expectedLatency: estimator.estimate(), margin: margin, minimumScreens: minimumScreens)
  }

  /// Learns from a finished page request.
  mutating func pageDidLoad(latency: Duration) {
    self.latency.observe(latency)
  }
}
