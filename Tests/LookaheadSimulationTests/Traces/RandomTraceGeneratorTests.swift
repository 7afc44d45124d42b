import Foundation
import Testing

@testable import LookaheadSimulation

/// The parameters of seeds 1...200, drawn once (cheap: no trace is generated).
private let drawn = (UInt64(1)...200).map(RandomTraceParameters.init(seed:))

/// A trace of `parameters` with the gestures that started in it.
private func run(
  _ parameters: RandomTraceParameters, duration: Milliseconds = 60_000
) -> (trace: Trace, gestures: [Gesture]) {
  var planner = RandomScenarioPlanner(parameters: parameters)
  var gestures: [Gesture] = []
  let trace = TraceGenerator.sample(duration: duration, maxOffset: 3_000_000) {
    let gesture = planner.nextGesture(currentOffset: $0)
    gestures.append(gesture)
    return gesture
  }
  return (trace, gestures)
}

/// `parameters` with only `mode` (and no looks or jumps).
private func only(
  _ mode: RandomTraceParameters.Mode, seed: UInt64 = 1
) -> RandomTraceParameters {
  var parameters = RandomTraceParameters(seed: seed)
  parameters.weights = RandomTraceParameters.ModeWeights(
    reading: mode == .reading ? 1 : 0, skimming: mode == .skimming ? 1 : 0,
    flinging: mode == .flinging ? 1 : 0, reversing: mode == .reversing ? 1 : 0,
    jumpingBack: 0, looking: 0)
  return parameters
}

private func isWithin<Bound: Comparable>(_ range: ClosedRange<Bound>, _ bounds: ClosedRange<Bound>)
  -> Bool
{
  bounds.contains(range.lowerBound) && bounds.contains(range.upperBound)
}

@Suite("Random trace family")
struct RandomTraceGeneratorTests {
  typealias Parameters = RandomTraceParameters

  @Test("the same seed gives the same parameters and the same trace")
  func deterministic() {
    let first = RandomTraceGenerator(seed: 11, duration: 20_000)
    let second = RandomTraceGenerator(seed: 11, duration: 20_000)
    #expect(first.parameters == second.parameters)
    #expect(first.generate() == second.generate())
    #expect(first.generate() != RandomTraceGenerator(seed: 12, duration: 20_000).generate())
  }

  @Test("different seeds draw different parameters")
  func seedsDiffer() {
    #expect(Set(drawn).count == drawn.count)
    #expect(Set(drawn.map(\.mediumSpeeds)).count == drawn.count)
    #expect(Set(drawn.map(\.sessionDuration)).count > 150)
  }

  @Test("the parameters round-trip through JSON")
  func codable() throws {
    let parameters = Parameters(seed: 5)
    let data = try JSONEncoder().encode(parameters)
    #expect(try JSONDecoder().decode(Parameters.self, from: data) == parameters)
  }

  @Test("every drawn value lies within its documented bounds and the weights sum to 1")
  func withinBounds() {
    for parameters in drawn {
      #expect(Parameters.sessionDurationBounds.contains(parameters.sessionDuration))
      #expect(parameters.sessionDuration == parameters.sessionDuration.rounded())
      #expect(isWithin(parameters.readingSpeeds, Parameters.readingSpeedBounds))
      #expect(isWithin(parameters.dragDistances, Parameters.dragDistanceBounds))
      #expect(isWithin(parameters.mediumSpeeds, Parameters.mediumSpeedBounds))
      #expect(isWithin(parameters.fastSpeeds, Parameters.fastSpeedBounds))
      #expect(isWithin(parameters.burstLengths, Parameters.burstLengthBounds))
      #expect(isWithin(parameters.cycleDownStrokes, Parameters.cycleDownStrokeBounds))
      #expect(isWithin(parameters.cycleUpStrokes, Parameters.cycleUpStrokeBounds))
      #expect(isWithin(parameters.gaps, Parameters.gapBounds))
      #expect(isWithin(parameters.lookDurations, Parameters.lookDurationBounds))
      #expect(Parameters.reversalRateBounds.contains(parameters.reversalRate))
      #expect((0...1).contains(parameters.catchProbability))
      #expect((0...1).contains(parameters.restingDragShare))
      let weights = Parameters.Mode.allCases.map { parameters.weights[$0] }
      #expect(weights.allSatisfy { $0 >= 0 })
      #expect(abs(weights.reduce(0, +) - 1) < 1e-9)
      #expect(parameters.weights.looking <= 0.8 && parameters.weights.jumpingBack <= 0.1)
    }
  }

  @Test("the bounds contain the held-out skimmer, reverser and recorded reading behaviours")
  func boundsCoverHeldOutBehaviours() {
    // (a) skimmer: lift-off 0.8–2.0 pt/ms, gaps 0.35–1.2 s, looks of 1.5–4 s.
    #expect(isWithin(0.8...2.0, Parameters.mediumSpeedBounds))
    #expect(isWithin(350...1_200, Parameters.gapBounds))
    #expect(isWithin(1_500...4_000, Parameters.lookDurationBounds))
    // (b) reverser: 3–6 strokes down, 2–5 back up.
    #expect(isWithin(3...6, Parameters.cycleDownStrokeBounds))
    #expect(isWithin(2...5, Parameters.cycleUpStrokeBounds))
    // (c) recorded reading: lift-off median 43 pt/s, p90 250 pt/s, p99 1,695 pt/s.
    #expect(Parameters.readingSpeedBounds.contains(0.043))
    #expect(Parameters.readingSpeedBounds.contains(0.25))
    #expect(Parameters.mediumSpeedBounds.contains(1.695))
    // The brief's extremes: reading drags from ~20 pt/s, flings up to ~8 pt/ms, sessions of
    // 60–180 s, gaps that catch a glide from 0.2 s.
    #expect(Parameters.readingSpeedBounds.lowerBound <= 0.02)
    #expect(Parameters.fastSpeedBounds.upperBound >= 8)
    #expect(isWithin(60_000...180_000, Parameters.sessionDurationBounds))
    #expect(isWithin(200...1_500, Parameters.gapBounds))
    #expect(isWithin(1_000...10_000, Parameters.lookDurationBounds))
  }

  @Test("over 200 seeds the family spans pure readers, skimmers, flingers, reversers and mixtures")
  func spansArchetypes() {
    let motion: [Parameters.Mode] = [.reading, .skimming, .flinging, .reversing]
    for mode in motion {
      let pure = drawn.filter { parameters in
        motion.allSatisfy { $0 == mode || parameters.weights[$0] == 0 }
      }
      #expect(pure.count >= 5, "pure \(mode)")
    }
    #expect(drawn.contains { p in motion.filter { p.weights[$0] > 0 }.count >= 3 })
    #expect(drawn.contains { $0.weights.looking == 0 })
    #expect(drawn.contains { $0.weights.looking > 0.5 })
    #expect(drawn.contains { $0.weights.jumpingBack > 0 })
    #expect(drawn.contains { $0.weights.reversing > 0.5 })
    #expect(drawn.contains { $0.catchProbability > 0.9 })
    #expect(drawn.contains { $0.catchProbability < 0.1 })
    #expect(drawn.contains { $0.sessionDuration < 70_000 })
    #expect(drawn.contains { $0.sessionDuration > 170_000 })
    // A skimmer-like trace: medium lift-off around 0.8–2.0 pt/ms with catching gaps.
    #expect(
      drawn.contains { p in
        p.weights.skimming > 0.5 && p.mediumSpeeds.lowerBound >= 0.6
          && p.mediumSpeeds.upperBound <= 2.5 && p.catchProbability > 0.5
      })
  }

  @Test("over 200 seeds the generated traces cover the held-out behaviours")
  func tracesCoverHeldOutBehaviours() {
    // The first 30 s of each trace keep the test fast; the statistics are shares or rates.
    let statistics = (UInt64(1)...200).map {
      RandomTraceStatistics(RandomTraceGenerator(seed: $0, duration: 30_000))
    }
    // Mostly still, like recorded reading (content moves in 18 % of frames).
    #expect(statistics.contains { $0.movingShare < 0.25 })
    #expect(statistics.contains { $0.movingShare > 0.8 })
    // Median lift-off of a skimmer (0.8–2.0 pt/ms), of a reader (tens of pt/s), of a flinger.
    #expect(statistics.contains { (0.8...2.0).contains($0.liftOffSpeed(percentile: 50)) })
    #expect(statistics.contains { (0.02...0.1).contains($0.liftOffSpeed(percentile: 50)) })
    #expect(statistics.contains { $0.liftOffSpeed(percentile: 50) > 4 })
    #expect(statistics.contains { $0.liftOffSpeed(percentile: 99) > 7 })
    // Reading with a few reversals a minute and many idle periods.
    #expect(
      statistics.contains {
        $0.movingShare < 0.3 && (0.5...3).contains($0.reversalsPerMinute) && $0.idlePeriods >= 3
      })
    // Reversal-heavy traces.
    #expect(statistics.contains { $0.reversalsPerMinute > 8 })
  }

  @Test("every generated trace starts at 0, has strictly increasing times and no negative offset")
  func valid() {
    for seed in UInt64(1)...30 {
      let trace = RandomTraceGenerator(seed: seed, duration: 30_000, maxOffset: 20_000).generate()
      #expect(trace.samples.first == Trace.Sample(time: 0, offset: 0))
      #expect(zip(trace.samples, trace.samples.dropFirst()).allSatisfy { $0.time < $1.time })
      #expect(trace.samples.allSatisfy { $0.offset >= 0 && $0.offset <= 20_000 })
      #expect(Trace.validate(trace.samples) == nil)
    }
  }

  @Test("without a duration a trace lasts its drawn session; a shorter one is a prefix")
  func durationAndPrefix() {
    let generator = RandomTraceGenerator(seed: 3)
    #expect(generator.duration == generator.parameters.sessionDuration)
    let full = generator.generate()
    #expect(full.duration <= generator.duration && full.duration > generator.duration - 17)
    let short = RandomTraceGenerator(seed: 3, duration: 10_000).generate()
    #expect(Array(full.samples.prefix(short.samples.count)) == short.samples)
    #expect(RandomTraceGenerator(seed: 3, duration: 0).generate().samples.count == 1)
  }

  @Test("resting reading drags move the content and never glide")
  func restingDrags() {
    var parameters = only(.reading)
    parameters.restingDragShare = 1
    let (trace, gestures) = run(parameters)
    let strokes = gestures.filter {
      if case .stroke = $0 { return true } else { return false }
    }
    #expect(!strokes.isEmpty)
    #expect(strokes.allSatisfy { RandomScenarioPlanner.liftOffSpeed(of: $0) == 0 })
    #expect(trace.samples.last!.offset > 0)
  }

  @Test("slow reading strokes lift off within the trace's reading speeds and move the content")
  func slowReadingStrokes() {
    var parameters = only(.reading, seed: 4)
    parameters.restingDragShare = 0
    parameters.readingSpeeds = 0.02...0.05
    let speeds = run(parameters).gestures.map(RandomScenarioPlanner.liftOffSpeed(of:))
      .filter { $0 > 0 }
    #expect(!speeds.isEmpty)
    #expect(speeds.allSatisfy { $0 >= 0.02 * (1 - 1e-12) && $0 <= 0.05 * (1 + 1e-12) })
  }

  @Test("gaps that do not catch the glide wait until it stops; catching gaps do not")
  func catchingTheGlide() {
    for catchProbability in [0.0, 1.0] {
      var parameters = only(.skimming, seed: 9)
      parameters.catchProbability = catchProbability
      let gestures = run(parameters).gestures
      for (stroke, gap) in zip(gestures, gestures.dropFirst()) {
        guard case .pause(let pause) = gap else { continue }
        let glide = RandomScenarioPlanner.glideMilliseconds(
          from: RandomScenarioPlanner.liftOffSpeed(of: stroke))
        if catchProbability == 0 {
          #expect(pause >= glide + 150)
        } else {
          #expect(pause <= 1_500 && pause < glide)
        }
      }
    }
  }

  @Test("reversal cycles go down, then back up, but not past where the cycle started")
  func reversalCycles() {
    var parameters = only(.reversing, seed: 2)
    parameters.cycleDownStrokes = 3...3
    parameters.cycleUpStrokes = 6...6
    parameters.mediumSpeeds = 2...2
    parameters.catchProbability = 0
    let (trace, gestures) = run(parameters, duration: 120_000)
    let directions = gestures.compactMap { gesture -> Double? in
      guard case .stroke(let direction, _, _, _) = gesture else { return nil }
      return direction
    }
    #expect(directions.starts(with: [1, 1, 1, -1]))
    // Up to six strokes back up are allowed, but each travels about as far as one down, so
    // the cycle is back at its start (offset 0) after three or four.
    var run = 0
    var longestUpRun = 0
    for direction in directions {
      run = direction < 0 ? run + 1 : 0
      longestUpRun = max(longestUpRun, run)
    }
    #expect(longestUpRun >= 2 && longestUpRun <= 4)
    let steps = zip(trace.samples, trace.samples.dropFirst()).map { $1.offset - $0.offset }
    let down: Double = steps.filter { $0 > 0 }.reduce(0, +)
    let up: Double = -steps.filter { $0 < 0 }.reduce(0, +)
    #expect(up > 0.5 * down)
  }

  @Test("jumps back toward the top happen only from 1,000 pt on")
  func jumpsBack() {
    var parameters = only(.flinging, seed: 6)
    parameters.weights.flinging = 0.7
    parameters.weights.jumpingBack = 0.3
    parameters.reversalRate = 0
    var planner = RandomScenarioPlanner(parameters: parameters)
    var jumpsNearTop = 0
    for _ in 0..<500 {
      if case .jump = planner.nextGesture(currentOffset: 500) { jumpsNearTop += 1 }
    }
    #expect(jumpsNearTop == 0)
    let gestures = run(parameters, duration: 120_000).gestures
    #expect(gestures.contains { if case .jump = $0 { true } else { false } })
  }

  @Test("the built-in scenarios still produce their recorded traces")
  func builtInScenariosUnchanged() {
    // FNV-1a 64 of the CSV of each 120 s trace, recorded before the random family existed.
    let recorded: [(TraceScenario, UInt64, UInt64)] = [
      (.reader, 1, 0x9866_9CB6_90F1_1B13), (.skimmer, 2, 0xC048_E753_AF92_F6B5),
      (.flinger, 7, 0x9E4F_DA72_4655_D1CB), (.reverser, 42, 0x7677_D8C6_C1EA_504B),
    ]
    for (scenario, seed, hash) in recorded {
      let csv = TraceGenerator(scenario: scenario, seed: seed).generate().csv
      let fnv = csv.utf8.reduce(UInt64(0xCBF2_9CE4_8422_2325)) {
        ($0 ^ UInt64($1)) &* 0x100_0000_01B3
      }
      #expect(fnv == hash, "\(scenario) seed \(seed)")
    }
  }
}
