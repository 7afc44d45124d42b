import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// Estimates scroll velocity as the least-squares slope of the offsets recorded in
/// a recent time window.
///
/// A two-point difference amplifies timestamp jitter (a frame delivered 4 ms late
/// doubles the apparent speed); a least-squares fit over ~100 ms averages it out.
/// Samples live in a ring buffer allocated once, so recording allocates nothing.
struct VelocityEstimator: Sendable {
  /// One recorded offset and its time.
  private struct Sample: Sendable {
    var seconds: Double
    var x: CGFloat
    var y: CGFloat
  }

  /// The time window of the fit.
  let window: Duration
  /// ``window`` in seconds, converted once: a `Duration`'s conversion divides 128-bit
  /// integers, and the velocity is asked every frame.
  private let windowSeconds: Double
  /// The ring buffer, in one array rather than one per coordinate: the scroll tracker
  /// (and so this estimator) is copied into the policy's input every frame, and each
  /// array of a copy is retained and released.
  private var samples: [Sample]
  /// Index of the newest sample.
  private var newest = -1
  /// Number of valid samples in the buffer.
  private var count = 0

  /// Creates an estimator that fits the samples of the last `window`, keeping at most
  /// `capacity` of them.
  init(window: Duration = .milliseconds(100), capacity: Int = 48) {
    precondition(capacity >= 2, "capacity must be at least 2, got \(capacity)")
    self.window = window
    windowSeconds = window.inSeconds
    samples = Array(repeating: Sample(seconds: 0, x: 0, y: 0), count: capacity)
  }

  /// Forgets every sample.
  mutating func reset() {
    newest = -1
    count = 0
  }

  /// Moves every recorded sample by `delta`, as if the content had always been that far
  /// along: the velocity does not change.
  mutating func shift(by delta: CGPoint) {
    for index in samples.indices {
      samples[index].x += delta.x
      samples[index].y += delta.y
    }
  }

  /// Records a sample. `seconds` must not decrease; an equal timestamp replaces the
  /// newest sample's offset.
  mutating func record(x: CGFloat, y: CGFloat, seconds: Double) {
    if count > 0, seconds <= samples[newest].seconds {
      samples[newest].x = x
      samples[newest].y = y
      return
    }
    newest = newest + 1 == samples.count ? 0 : newest + 1
    samples[newest] = Sample(seconds: seconds, x: x, y: y)
    count = Swift.min(count + 1, samples.count)
  }

  /// The velocity in points per second over the window ending at the newest sample, and
  /// its age: how long before the newest sample the velocity applies, the mean age of the
  /// samples fitted (a least-squares slope is the speed at the samples' mean time). Zero
  /// and zero with fewer than two samples in the window.
  func fit() -> (velocity: CGPoint, age: Double) {
    guard count >= 2 else { return (.zero, 0) }
    let capacity = samples.count
    let latest = samples[newest].seconds
    // Relative times keep the sums small and well conditioned.
    var n = 0.0
    var sumT = 0.0
    var sumX = 0.0
    var sumY = 0.0
    var sumTT = 0.0
    var sumTX = 0.0
    var sumTY = 0.0
    var index = newest
    for _ in 0..<count {
      let sample = samples[index]
      let t = sample.seconds - latest
      if t < -windowSeconds - 1e-9 { break }
      let x = Double(sample.x)
      let y = Double(sample.y)
      n += 1
      sumT += t
      sumX += x
      sumY += y
      sumTT += t * t
      sumTX += t * x
      sumTY += t * y
      index = index == 0 ? capacity - 1 : index - 1
    }
    guard n >= 2 else { return (.zero, 0) }
    let denominator = n * sumTT - sumT * sumT
    guard denominator > 1e-12 else { return (.zero, 0) }
    let velocity = CGPoint(
      x: (n * sumTX - sumT * sumX) / denominator,
      y: (n * sumTY - sumT * sumY) / denominator)
    return (velocity, -sumT / n)
  }
}
