import Testing

@testable import Lookahead

@Suite("TravelDirectness") struct TravelDirectnessTests {
  @Test("one way is direct and back and forth is not")
  func oneWayIsDirectAndBackAndForthIsNot() {
    var straight = TravelDirectness(halfLife: .seconds(5))
    #expect(straight.value == 1)
    for frame in 0...60 {
      straight.observe(time: Double(frame) * 0.016, offset: Double(frame) * 20)
    }
    #expect(abs(straight.value - 1) < 1e-12)

    // 600 points down, 600 back up, twice: no net distance at all.
    var back = TravelDirectness(halfLife: .seconds(1000))
    var offset = 0.0
    var time = 0.0
    back.observe(time: 0, offset: offset)
    for leg in 0..<4 {
      for _ in 0..<30 {
        offset += leg.isMultiple(of: 2) ? 20 : -20
        time += 0.016
        back.observe(time: time, offset: offset)
      }
    }
    // (The half-life is long: the first legs have faded by a tenth of a percent.)
    #expect(back.travel > 2395 && back.travel <= 2400)
    #expect(abs(back.net) < 1)
    #expect(back.value < 0.001)
  }

  @Test("older motion fades with the half life")
  func olderMotionFadesWithTheHalfLife() {
    var directness = TravelDirectness(halfLife: .seconds(1))
    directness.observe(time: 0, offset: 0)
    directness.observe(time: 0.01, offset: 100)
    // One half-life later, 100 points back: the first 100 weigh half as much.
    directness.observe(time: 1.01, offset: 0)
    #expect(abs(directness.travel - 150) < 1e-9)
    #expect(abs(directness.net - -50) < 1e-9)
    #expect(abs(directness.value - 1.0 / 3) < 1e-9)
  }

  @Test("a list change adds no motion")
  func aListChangeAddsNoMotion() {
    var directness = TravelDirectness(halfLife: .seconds(5))
    directness.observe(time: 0, offset: 0)
    directness.observe(time: 0.016, offset: 10)
    // Items inserted above the viewport push it 5,000 points down without the user.
    directness.contentMoved()
    directness.observe(time: 0.032, offset: 5010)
    #expect(directness.travel < 11)
    directness.observe(time: 0.048, offset: 5020)
    #expect(directness.travel < 21)
  }
}
