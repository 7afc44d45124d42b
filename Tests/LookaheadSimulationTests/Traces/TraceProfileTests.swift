import Foundation
import Lookahead
import Testing

@testable import LookaheadSimulation

@Suite("Trace profiles")
struct TraceProfileTests {
  /// A frame every 1000/60 ms.
  private static let frame: Milliseconds = 1000.0 / 60

  /// A trace at 60 Hz whose offset at each frame is `offset(frameIndex)`.
  private func trace(frames: Int, offset: (Int) -> Double) -> Trace {
    Trace((0..<frames).map { (time: Double($0) * Self.frame, offset: offset($0)) })
  }

  /// A drag at `speed` pt/s for `dragFrames`, then UIScrollView's glide (0.998 per ms)
  /// until it stops, then `restFrames` at rest.
  private func fling(speed: Double, dragFrames: Int, restFrames: Int) -> Trace {
    var offsets: [Double] = []
    var offset = 0.0
    for _ in 0..<dragFrames {
      offsets.append(offset)
      offset += speed * Self.frame / 1000
    }
    var velocity = speed / 1000  // pt/ms
    let decay = pow(0.998, Self.frame)
    while velocity * 1000 > 1 {
      offsets.append(offset)
      velocity *= decay
      offset += velocity * Self.frame
    }
    offsets += Array(repeating: offset, count: restFrames)
    return trace(frames: offsets.count) { offsets[$0] }
  }

  @Test("a still trace is one idle period and nothing else")
  func still() {
    let profile = TraceProfile(trace: trace(frames: 181) { _ in 250 })
    #expect(profile.movingShare == 0)
    #expect(profile.liftOffSpeeds.isEmpty)
    #expect(profile.liftOffSpeed(percentile: 50) == nil)
    #expect(profile.reversals == 0)
    #expect(profile.idlePeriods == 1)
    #expect(abs(profile.longestIdle - 3000) < 1e-9)
    #expect(profile.travel == 0 && profile.netTravel == 0)
  }

  @Test("a drag that stops without gliding lifts off at 0 and leaves a pause")
  func dragThatStops() {
    // 1 s at 600 pt/s, then 2 s still.
    let profile = TraceProfile(trace: trace(frames: 181) { Double(min($0, 60)) * 10 })
    #expect(profile.steps == 180)
    #expect(profile.movingSteps == 60)
    #expect(abs(profile.movingShare - 1.0 / 3) < 1e-12)
    #expect(profile.liftOffSpeeds == [0])
    #expect(profile.reversals == 0)
    #expect(profile.idlePeriods == 1)
    #expect(abs(profile.travel - 600) < 1e-9 && abs(profile.netTravel - 600) < 1e-9)
  }

  @Test("a fling lifts off at the speed the glide starts from")
  func fling() {
    let profile = TraceProfile(trace: fling(speed: 1_200, dragFrames: 20, restFrames: 90))
    // The drag's speed: the last frame before the speed starts to fall.
    #expect(profile.liftOffSpeeds.count == 1)
    #expect(abs(profile.liftOffSpeeds[0] - 1_200) < 1e-6, "\(profile.liftOffSpeeds)")
    #expect(profile.reversals == 0)
    // Only the rest at the end is long enough; the glide's tail moves less than 0.01 pt a
    // frame only in its last frames.
    #expect(profile.idlePeriods == 1)
  }

  @Test("a finger that catches a glide starts a new stroke")
  func caughtGlide() {
    let glide = fling(speed: 1_500, dragFrames: 15, restFrames: 0).samples.prefix(30)
    var offsets = glide.map(\.offset)
    // Caught: dragged on at a steady 300 pt/s for 0.5 s, then held still for 1 s.
    for _ in 0..<30 { offsets.append(offsets[offsets.count - 1] + 5) }
    offsets += Array(repeating: offsets[offsets.count - 1], count: 60)
    let profile = TraceProfile(trace: trace(frames: offsets.count) { offsets[$0] })
    #expect(profile.liftOffSpeeds.count == 2)
    #expect(abs(profile.liftOffSpeeds[0] - 1_500) < 1e-6)
    #expect(profile.liftOffSpeeds.last == 0)
    #expect(profile.idlePeriods == 1)
  }

  @Test("a glide at UIScrollView's fast rate is a glide too")
  func fastRate() {
    var offsets: [Double] = (0..<10).map { Double($0) * 20 }
    var velocity = 1.2  // pt/ms
    let decay = pow(0.99, Self.frame)
    while velocity > 0.001 {
      velocity *= decay
      offsets.append(offsets[offsets.count - 1] + velocity * Self.frame)
    }
    let profile = TraceProfile(trace: trace(frames: offsets.count) { offsets[$0] })
    #expect(profile.liftOffSpeeds.count == 1)
    #expect(abs(profile.liftOffSpeeds[0] - 1_200) < 1e-6)
  }

  @Test("turns count once the content comes back more than 100 pt; a wiggle does not")
  func reversals() {
    // Down 300, up 300, down 300 at 10 pt a frame, then a 50-pt wiggle.
    let path: [Double] =
      Array(stride(from: 0.0, through: 300, by: 10))
      + Array(stride(from: 290.0, through: 0, by: -10))
      + Array(stride(from: 10.0, through: 300, by: 10))
      + Array(stride(from: 290.0, through: 250, by: -10))
      + Array(stride(from: 260.0, through: 300, by: 10))
    let profile = TraceProfile(trace: trace(frames: path.count) { path[$0] })
    #expect(profile.reversals == 2)
    #expect(abs(profile.reversalsPerMinute - 2 * 60_000 / profile.duration) < 1e-9)
    #expect(abs(profile.travel - 1_000) < 1e-9)
    #expect(abs(profile.netTravel - 300) < 1e-9)
  }

  @Test("the first direction taken is not a reversal, upward or downward")
  func firstDirection() {
    let profile = TraceProfile(trace: trace(frames: 61) { 1_000 - Double($0) * 10 })
    #expect(profile.reversals == 0)
    #expect(abs(profile.netTravel + 600) < 1e-9)
  }

  @Test("pauses shorter than a second are not idle periods")
  func shortPauses() {
    // Move 10 frames, still 50 frames (0.83 s), move 10, still 70 (1.17 s), move 10.
    var offsets: [Double] = []
    var offset = 0.0
    for (moving, count) in [(true, 10), (false, 50), (true, 10), (false, 70), (true, 10)] {
      for _ in 0..<count {
        if moving { offset += 5 }
        offsets.append(offset)
      }
    }
    let profile = TraceProfile(trace: trace(frames: offsets.count) { offsets[$0] })
    #expect(profile.idlePeriods == 1)
    #expect(abs(profile.longestIdle - 70 * Self.frame) < 1e-6)
  }

  @Test("percentiles are nearest-rank, asked one at a time or together")
  func percentiles() {
    var profile = TraceProfile(trace: trace(frames: 2) { _ in 0 })
    profile.liftOffSpeeds = [40, 10, 30, 20]
    #expect(profile.liftOffSpeed(percentile: 0) == 10)
    #expect(profile.liftOffSpeed(percentile: 25) == 10)
    #expect(profile.liftOffSpeed(percentile: 50) == 20)
    #expect(profile.liftOffSpeed(percentile: 51) == 30)
    #expect(profile.liftOffSpeed(percentile: 100) == 40)
    #expect(profile.liftOffSpeeds(atPercentiles: [90, 50, 0]) == [40, 20, 10])
    profile.liftOffSpeeds = []
    #expect(profile.liftOffSpeeds(atPercentiles: [50]) == nil)
  }

  @Test("combined profiles add counts and durations and pool lift-offs")
  func combining() {
    let first = TraceProfile(trace: fling(speed: 1_200, dragFrames: 20, restFrames: 90))
    let second = TraceProfile(trace: trace(frames: 181) { Double(min($0, 60)) * 10 })
    let both = TraceProfile(combining: [first, second])
    #expect(both.duration == first.duration + second.duration)
    #expect(both.steps == first.steps + second.steps)
    #expect(both.movingSteps == first.movingSteps + second.movingSteps)
    #expect(both.liftOffSpeeds == first.liftOffSpeeds + second.liftOffSpeeds)
    #expect(both.idlePeriods == 2)
    #expect(both.longestIdle == max(first.longestIdle, second.longestIdle))
    #expect(abs(both.travel - (first.travel + second.travel)) < 1e-9)
    #expect(abs(both.liftOffsPerMinute - 2 * 60_000 / both.duration) < 1e-9)
  }

  @Test("the built-in scenarios read as the behaviours they are named after")
  func builtInScenarios() {
    func profile(_ scenario: TraceScenario) -> TraceProfile {
      TraceProfile(
        combining: (1...3).map {
          TraceProfile(trace: TraceGenerator(scenario: scenario, seed: $0).generate())
        })
    }
    let reader = profile(.reader)
    let skimmer = profile(.skimmer)
    let flinger = profile(.flinger)
    let reverser = profile(.reverser)
    #expect(reader.movingShare < 0.3 && skimmer.movingShare > 0.6)
    #expect(reader.idlePeriodsPerMinute > skimmer.idlePeriodsPerMinute)
    let median = { (profile: TraceProfile) in profile.liftOffSpeed(percentile: 50) ?? 0 }
    #expect(median(reader) < median(skimmer) && median(skimmer) < median(flinger))
    #expect(reverser.reversalsPerMinute > 2 * skimmer.reversalsPerMinute)
  }
}

@Suite("Trace profiles against the generator's gestures")
struct TraceProfileGroundTruthTests {
  @Test("lift-offs inferred from the offsets match the strokes the generator made")
  func liftOffsMatchGestures() {
    var inferred: [Double] = []
    var truth: [Double] = []
    for seed in UInt64(1)...20 {
      let statistics = RandomTraceStatistics(RandomTraceGenerator(seed: seed, duration: 30_000))
      inferred += statistics.profile.liftOffSpeeds
      truth += statistics.liftOffSpeeds.map { $0 * 1000 }  // pt/ms → pt/s
    }
    // A stroke whose glide a finger catches at once records none, and a shortened glide
    // can add one: the counts agree within 10 %.
    #expect(abs(Double(inferred.count - truth.count)) <= 0.1 * Double(truth.count))
    inferred.sort()
    truth.sort()
    for percentile in [50.0, 90, 99] {
      let measured = Percentile.nearestRank(percentile, ofSorted: inferred)
      let actual = Percentile.nearestRank(percentile, ofSorted: truth)
      // The first frame of a glide has already lost a few percent of the release speed.
      #expect(measured <= actual * 1.01 && measured >= actual * 0.9, "p\(percentile)")
    }
  }
}
