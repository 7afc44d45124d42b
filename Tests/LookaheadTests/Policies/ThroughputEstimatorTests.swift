import Testing

@testable import Lookahead

@Suite("ThroughputEstimator") struct ThroughputEstimatorTests {
  @Test("learns bandwidth load size and the link time per load")
  func learnsBandwidthLoadSizeAndTheLinkTimePerLoad() {
    var estimator = ThroughputEstimator()
    #expect(estimator.bytesPerSecond == nil)
    #expect(estimator.secondsPerLoad == nil)
    estimator.observe(bytes: 100_000)
    estimator.observe(bytes: 300_000)
    // Loads but no busy time yet: the load size is known, the bandwidth is not.
    #expect(estimator.bytesPerLoad == 200_000)
    #expect(estimator.bytesPerSecond == nil)
    #expect(estimator.secondsPerLoad == nil)
    estimator.observeBusy(seconds: 2)
    #expect(estimator.bytesPerSecond == 200_000)
    #expect(estimator.secondsPerLoad == 1)
  }

  @Test("old observations count half after twice the half life")
  func oldObservationsCountHalfAfterTwiceTheHalfLife() {
    var estimator = ThroughputEstimator(halfLife: 1)
    estimator.observe(bytes: 100_000)
    estimator.observeBusy(seconds: 1)
    estimator.observe(bytes: 400_000)
    estimator.observeBusy(seconds: 1.5)  // 2.5 s busy: every total halves
    // The ratios survive the halving: 500 kB over 2.5 s, 250 kB a load.
    #expect(estimator.bytesPerSecond == 200_000)
    #expect(estimator.bytesPerLoad == 250_000)
  }
}
