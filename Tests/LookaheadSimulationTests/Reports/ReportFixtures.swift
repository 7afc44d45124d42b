import LookaheadSimulation

/// Hand-made run records whose sums are easy to check by eye.
enum ReportFixtures {
  static func metrics(
    visible: Int = 1_000, blank: Int = 0, stall: Double = 0, bytes: Int = 1_000_000,
    wasted: Int = 0, requests: Int = 10, cancelled: Int = 0, pages: Int = 5,
    ttcP95: Double = 0
  ) -> RunMetrics {
    RunMetrics(
      visibleItemFrames: visible, blankItemFrames: blank,
      blankRate: visible > 0 ? Double(blank) / Double(visible) : 0, stallMilliseconds: stall,
      bytes: bytes, wastedBytes: wasted, requests: requests, cancelled: cancelled, pages: pages,
      timeToContentP50: ttcP95 / 2, timeToContentP95: ttcP95, peakCacheBytes: bytes / 2)
  }

  static func record(
    _ strategy: String, on trace: String, scenario: String? = nil, seed: UInt64 = 1,
    _ metrics: RunMetrics
  ) -> RunRecord {
    RunRecord(
      strategy: strategy, trace: trace, scenario: scenario, network: "lte", layout: "feed",
      seed: seed, metrics: metrics)
  }
}
