import Testing

@testable import Lookahead

@Suite("RestExcursions") struct RestExcursionsTests {
  /// Feeds `offsets` at 1-second steps from `start`; the first call begins a rest.
  private func watch(
    _ model: inout RestExcursions, from start: Double, offsets: [Double], isForward: Bool = true
  ) {
    for (step, offset) in offsets.enumerated() {
      model.observe(
        time: start + Double(step), offset: offset, restBegins: step == 0, isForward: isForward)
    }
  }

  @Test("an excursion is the furthest progress within the window in the last direction")
  func anExcursionIsTheFurthestProgressWithinTheWindowInTheLastDirection() {
    var model = RestExcursions(window: 4)
    // Rest at 1,000; the user goes 900 points on, comes back, and 5 s later goes far.
    watch(&model, from: 0, offsets: [1000, 1000, 1900, 1400, 1200, 9000])
    #expect(model.count == 1)
    #expect(model.excursion(percentile: 50) == 900)
  }

  @Test("going back counts as no excursion")
  func goingBackCountsAsNoExcursion() {
    var forward = RestExcursions(window: 2)
    watch(&forward, from: 0, offsets: [1000, 400, 200])
    #expect(forward.excursion(percentile: 50) == 0)
    // Toward smaller offsets, the same path is an excursion of 800 points.
    var backward = RestExcursions(window: 2)
    watch(&backward, from: 0, offsets: [1000, 400, 200], isForward: false)
    #expect(backward.excursion(percentile: 50) == 800)
  }

  @Test("percentiles are nearest rank over the most recent excursions")
  func percentilesAreNearestRankOverTheMostRecentExcursions() {
    var model = RestExcursions(window: 1, capacity: 3)
    #expect(model.excursion(percentile: 50) == nil)
    for (index, distance) in [100.0, 400, 300, 200].enumerated() {
      let start = Double(index) * 10
      watch(&model, from: start, offsets: [0, distance])
    }
    // The first excursion (100) was evicted: 200, 300, 400 remain.
    #expect(model.count == 3)
    #expect(model.excursion(percentile: 0) == 200)
    #expect(model.excursion(percentile: 50) == 300)
    #expect(model.excursion(percentile: 100) == 400)
  }

  @Test("a list change forgets the rests still watched")
  func aListChangeForgetsTheRestsStillWatched() {
    var model = RestExcursions(window: 4)
    watch(&model, from: 0, offsets: [1000, 1500])
    model.listDidChange()
    watch(&model, from: 2, offsets: [5000])
    model.observe(time: 10, offset: 5000, restBegins: false, isForward: true)
    // Only the rest that began after the change was recorded, with no progress.
    #expect(model.count == 1)
    #expect(model.excursion(percentile: 100) == 0)
  }
}

@Suite("MovingMissRate") struct MovingMissRateTests {
  @Test("the share follows moving frames and ignores rest")
  func theShareFollowsMovingFramesAndIgnoresRest() {
    var rate = MovingMissRate(halfLife: .seconds(1))
    rate.observe(time: .zero, isMoving: true, isWaiting: true)
    #expect(rate.share == 0)
    // One half-life of waiting while moving: half the weight is on waiting frames.
    rate.observe(time: .seconds(1), isMoving: true, isWaiting: true)
    #expect(abs(rate.share - 0.5) < 1e-12)
    // Time at rest changes nothing, waiting or not.
    rate.observe(time: .seconds(5), isMoving: false, isWaiting: true)
    rate.observe(time: .seconds(6), isMoving: false, isWaiting: false)
    #expect(abs(rate.share - 0.5) < 1e-12)
    // Another half-life of moving without waiting halves it.
    rate.observe(time: .seconds(7), isMoving: true, isWaiting: false)
    #expect(abs(rate.share - 0.25) < 1e-12)
  }
}

@Suite("RecentValues") struct RecentValuesTests {
  @Test("keeps the last values ascending and evicts the oldest even when repeated")
  func keepsTheLastValuesAscendingAndEvictsTheOldestEvenWhenRepeated() {
    var values = RecentValues<Int>(capacity: 3)
    for value in [5, 1, 5] { values.append(value) }
    #expect(values.ascending == [1, 5, 5])
    // The first 5 is evicted, not the 1; then the 1.
    values.append(3)
    #expect(values.ascending == [1, 3, 5])
    values.append(9)
    #expect(values.ascending == [3, 5, 9])
    #expect(values.count == 3)
  }
}
