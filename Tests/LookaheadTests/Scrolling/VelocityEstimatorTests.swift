import Foundation
import Testing

@testable import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

@Suite("Velocity estimator")
struct VelocityEstimatorTests {
  @Test("the ring buffer wraps around and fits the newest samples")
  func wrapsAroundAndFitsTheNewestSamples() {
    var estimator = VelocityEstimator(window: .seconds(10), capacity: 4)
    #expect(estimator.fit().velocity == .zero)
    // 100 points per second down, then 300: after wrapping, only the newest 4 count.
    for step in 0..<10 {
      let seconds = Double(step) * 0.016
      let y = step < 6 ? 100 * seconds : 100 * 0.08 + 300 * (seconds - 0.08)
      estimator.record(x: 0, y: CGFloat(y), seconds: seconds)
    }
    let velocity = estimator.fit().velocity
    #expect(abs(velocity.y - 300) < 1e-6 && velocity.x == 0)
    // A shift moves every sample, not the slope.
    estimator.shift(by: CGPoint(x: 5, y: -40))
    #expect(abs(estimator.fit().velocity.y - 300) < 1e-6 && abs(estimator.fit().velocity.x) < 1e-9)
    // An equal timestamp replaces the newest offset.
    estimator.record(x: 0, y: 1_000, seconds: Double(9) * 0.016)
    #expect(estimator.fit().velocity.y > 300)
  }

  @Test("the velocity is that of the samples' mean time, half a window back")
  func theVelocityIsThatOfTheSamplesMeanTime() {
    var estimator = VelocityEstimator(window: .milliseconds(100), capacity: 48)
    #expect(estimator.fit().age == 0)
    // A glide decaying by UIScrollView's normal rate: a least-squares slope over the last
    // 100 ms is the speed 50 ms back.
    let decay = -log(0.998) * 1000
    for step in 0...60 {
      let seconds = Double(step) / 60
      estimator.record(
        x: 0, y: CGFloat(2000 / decay * (1 - exp(-decay * seconds))), seconds: seconds)
    }
    let fit = estimator.fit()
    // Samples 0, 1/60, ..., 6/60 s back: their mean age is 50 ms.
    #expect(abs(fit.age - 0.05) < 1e-9)
    let speedThen = 2000 * exp(-decay * (1 - fit.age))
    #expect(abs(Double(fit.velocity.y) - speedThen) / speedThen < 0.002)
  }

  @Test("samples older than the window are left out")
  func leavesOutSamplesOlderThanTheWindow() {
    var estimator = VelocityEstimator(window: .milliseconds(100), capacity: 48)
    for step in 0..<20 {
      let seconds = Double(step) * 0.016
      // Still for 160 ms, then 200 points per second.
      let y = step < 10 ? 0 : 200 * (seconds - 0.16)
      estimator.record(x: 0, y: CGFloat(y), seconds: seconds)
    }
    #expect(abs(estimator.fit().velocity.y - 200) < 1e-6)
    estimator.reset()
    #expect(estimator.fit().velocity == .zero)
  }
}
