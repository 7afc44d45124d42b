@_spi(Simulation) import Lookahead
import Testing

@testable import LookaheadSimulation

@Suite("Simulation durations")
struct SimulationDurationTests {
  @Test("the inline conversion equals the standard library's for the times of a run")
  func equalsTheStandardConversion() {
    var random = SplitMix64(seed: 3)
    var values: [Double] = [
      0, -0.0, 1, -1, 0.5, -0.5, 0.1, 16.666666666666668, 1000.0 / 60, 999.9999999999999,
      3_600_000, 3_599_999.999999, 0x1p52 + 0.5, -(0x1p52 + 0.5), .ulpOfOne, 1e-15, 4e-16,
      5e-16, 1.5e-15, 2.5e-15,
    ]
    for _ in 0..<100_000 {
      // Times of an hour's run, with every bit of their fraction random.
      let unit = Double(random.next() >> 11) * 0x1p-53
      values.append(unit * 3_600_000)
      values.append(Double(random.next() % 3_600_000) + unit)
      values.append(-unit * Double(random.next() % 10_000))
      values.append(Double(bitPattern: random.next() % 0x4330_0000_0000_0000))
    }
    for value in values {
      #expect(Duration.simulated(milliseconds: value) == .milliseconds(value), "\(value)")
    }
  }

  @Test("beyond 2^53 ms it defers to the standard library")
  func defersForLargeValues() {
    #expect(Duration.simulated(milliseconds: 0x1p60) == .milliseconds(0x1p60))
    #expect(Duration.simulated(milliseconds: -0x1p55) == .milliseconds(-0x1p55))
  }
}
