import Testing

@testable import Lookahead

@Suite("DragTravel") struct DragTravelTests {
  @Test("a flick that glides to a stop covers part of what its speed promised")
  func aFlickThatGlidesToAStopCoversPartOfWhatItsSpeedPromised() {
    var model = DragTravel()
    // A drag at 1,000 pt/s watched over one second promises 1,000 points; the finger
    // lifts and the viewport comes to rest 400 points on.
    model.observe(time: 0, offset: 0, velocity: 1000, horizon: 1)
    model.observe(time: 0.5, offset: 300, velocity: nil, horizon: 1)
    #expect(model.count == 0)
    model.observe(time: 1, offset: 400, velocity: nil, horizon: 1)
    #expect(model.count == 1)
    #expect(model.share(percentile: 50) == 0.4)
  }

  @Test("shares stay within zero and one")
  func sharesStayWithinZeroAndOne() {
    // A drag that speeds up covers more than promised: it counts as 1.
    var faster = DragTravel()
    faster.observe(time: 0, offset: 0, velocity: 1000, horizon: 1)
    faster.observe(time: 1, offset: 1500, velocity: 1500, horizon: 1)
    #expect(faster.share(percentile: 50) == 1)
    // A drag toward smaller offsets that turns around counts as 0.
    var turned = DragTravel()
    turned.observe(time: 0, offset: 5000, velocity: -1000, horizon: 1)
    turned.observe(time: 1, offset: 5200, velocity: nil, horizon: 1)
    #expect(turned.share(percentile: 50) == 0)
  }

  @Test("samples are spaced and slow drags are not sampled")
  func samplesAreSpacedAndSlowDragsAreNotSampled() {
    // Frames at 64 Hz and a sample every 0.125 s: times in binary fractions, exact.
    var model = DragTravel(sampleInterval: 0.125, minimumSpeed: 100)
    #expect(model.share(percentile: 50) == nil)
    // The 65 frames of a one-second drag held at its speed give nine samples: one every
    // eighth frame. Each covers what it promised.
    for frame in 0...128 {
      let time = Double(frame) / 64
      let isDragging = frame <= 64
      model.observe(
        time: time, offset: 1000 * time, velocity: isDragging ? 1000 : nil, horizon: 0.5)
    }
    #expect(model.count == 9)
    #expect(model.share(percentile: 0) == 1)
    // A drag at 50 pt/s is reading, not a move whose lead matters.
    var slow = DragTravel(minimumSpeed: 100)
    for frame in 0...120 {
      let time = Double(frame) / 60
      slow.observe(time: time, offset: 50 * time, velocity: 50, horizon: 0.5)
    }
    #expect(slow.count == 0)
  }

  @Test("percentiles are nearest rank over the most recent shares")
  func percentilesAreNearestRankOverTheMostRecentShares() {
    var model = DragTravel(capacity: 3)
    for (index, travelled) in [100.0, 400, 300, 200].enumerated() {
      let start = Double(index) * 10
      model.observe(time: start, offset: 0, velocity: 1000, horizon: 1)
      model.observe(time: start + 1, offset: travelled, velocity: nil, horizon: 1)
    }
    // The first share (0.1) was evicted: 0.2, 0.3, 0.4 remain.
    #expect(model.count == 3)
    #expect(model.share(percentile: 0) == 0.2)
    #expect(model.share(percentile: 50) == 0.3)
    #expect(model.share(percentile: 100) == 0.4)
  }

  @Test("a list change forgets the drags still watched")
  func aListChangeForgetsTheDragsStillWatched() {
    var model = DragTravel()
    model.observe(time: 0, offset: 0, velocity: 1000, horizon: 1)
    model.listDidChange()
    model.observe(time: 1, offset: 200, velocity: nil, horizon: 1)
    #expect(model.count == 0)
    // A drag sampled after the change is watched as usual.
    model.observe(time: 2, offset: 200, velocity: 1000, horizon: 1)
    model.observe(time: 3, offset: 900, velocity: nil, horizon: 1)
    #expect(model.share(percentile: 50) == 0.7)
  }
}
