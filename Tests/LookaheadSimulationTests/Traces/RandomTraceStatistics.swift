@testable import LookaheadSimulation

/// What a `random` trace looks like from outside: the measures the held-out behaviours are
/// described with (moving frames, lift-off speeds, reversals, idle periods).
struct RandomTraceStatistics {
  /// The share of frame intervals in which the offset changes.
  var movingShare: Double
  /// Lift-off speeds of every stroke in pt/ms, sorted (0 for a drag that came to rest).
  var liftOffSpeeds: [Double]
  /// Changes of scroll direction per minute.
  var reversalsPerMinute: Double
  /// Maximal still periods of at least 1 s.
  var idlePeriods: Int

  init(_ generator: RandomTraceGenerator) {
    let (trace, gestures) = generator.generateWithGestures()
    let samples = trace.samples
    var moving = 0
    var reversals = 0
    var idlePeriods = 0
    var lastDirection = 0.0
    var stillSince: Milliseconds?
    for (previous, next) in zip(samples, samples.dropFirst()) {
      let step = next.offset - previous.offset
      if step == 0 {
        if stillSince == nil { stillSince = previous.time }
        continue
      }
      if let since = stillSince, previous.time - since >= 1_000 { idlePeriods += 1 }
      stillSince = nil
      moving += 1
      let direction: Double = step > 0 ? 1 : -1
      if lastDirection != 0 && direction != lastDirection { reversals += 1 }
      lastDirection = direction
    }
    if let since = stillSince, trace.duration - since >= 1_000 { idlePeriods += 1 }
    movingShare = Double(moving) / Double(max(1, samples.count - 1))
    liftOffSpeeds = gestures.compactMap { gesture in
      guard case .stroke = gesture else { return nil }
      return RandomScenarioPlanner.liftOffSpeed(of: gesture)
    }.sorted()
    reversalsPerMinute = Double(reversals) / max(trace.duration, 1) * 60_000
    self.idlePeriods = idlePeriods
  }

  /// The `fraction` quantile of the lift-off speeds (nearest rank), or 0 without strokes.
  func liftOffSpeed(quantile fraction: Double) -> Double {
    guard !liftOffSpeeds.isEmpty else { return 0 }
    let rank = Int((fraction * Double(liftOffSpeeds.count)).rounded(.up)) - 1
    return liftOffSpeeds[min(max(rank, 0), liftOffSpeeds.count - 1)]
  }
}
