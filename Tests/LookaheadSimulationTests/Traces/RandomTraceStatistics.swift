import Lookahead

@testable import LookaheadSimulation

/// What a `random` trace looks like from outside: the measures the held-out behaviours are
/// described with (moving frames, lift-off speeds, reversals, idle periods), read by
/// ``TraceProfile`` except the lift-off speeds, which come from the generator's own
/// gestures (the ground truth ``TraceProfile`` infers from the offsets).
struct RandomTraceStatistics {
  /// The trace's profile, as `lookahead traces describe` reads it.
  var profile: TraceProfile
  /// Lift-off speeds of every stroke in pt/ms, sorted (0 for a drag that came to rest).
  var liftOffSpeeds: [Double]

  init(_ generator: RandomTraceGenerator) {
    let (trace, gestures) = generator.generateWithGestures()
    profile = TraceProfile(trace: trace)
    liftOffSpeeds = gestures.compactMap { gesture in
      guard case .stroke = gesture else { return nil }
      return RandomScenarioPlanner.liftOffSpeed(of: gesture)
    }.sorted()
  }

  /// The share of frame intervals in which the offset changes.
  var movingShare: Double { profile.movingShare }
  /// Turns of more than 100 pt per minute.
  var reversalsPerMinute: Double { profile.reversalsPerMinute }
  /// Still periods of at least 1 s.
  var idlePeriods: Int { profile.idlePeriods }

  /// The nearest-rank `percentile` of the lift-off speeds, or 0 without strokes.
  func liftOffSpeed(percentile: Double) -> Double {
    Percentile.nearestRank(percentile, ofSorted: liftOffSpeeds)
  }
}
