import Foundation

/// Estimates scroll velocity as the least-squares slope of the offsets recorded in
/// a recent time window.
///
/// A two-point difference amplifies timestamp jitter (a frame delivered 4 ms late
/// doubles the apparent speed); a least-squares fit over ~100 ms averages it out.
/// Samples live in a ring buffer allocated once, so recording allocates nothing.
struct VelocityEstimator: Sendable {
  /// The time window of the fit.
  let window: Duration
  private var times: [Double]
  private var xs: [CGFloat]
  private var ys: [CGFloat]
  /// Index of the newest sample.
  private var newest = -1
  /// Number of valid samples in the buffer.
  private var count = 0

  /// Creates an estimator that fits the samples of the last `window`, keeping at most
  /// `capacity` of them.
  init(window: Duration = .milliseconds(100), capacity: Int = 48) {
    precondition(capacity >= 2, "capacity must be at least 2, got \(capacity)")
    self.window = window
    times = Array(repeating: 0, count: capacity)
    xs = Array(repeating: 0, count: capacity)
    ys = Array(repeating: 0, count: capacity)
  }

  /// Forgets every sample.
  mutating func reset() {
    newest = -1
    count = 0
  }

  /// Moves every recorded sample by `delta`, as if the content had always been that far
  /// along: the velocity does not change.
  mutating func shift(by delta: CGPoint) {
    for index in xs.indices {
      xs[index] += delta.x
      ys[index] += delta.y
    }
  }

  /// Records a sample. `seconds` must not decrease; an equal timestamp replaces the
  /// newest sample's offset.
  mutating func record(x: CGFloat, y: CGFloat, seconds: Double) {
    if count > 0, seconds <= times[newest] {
      xs[newest] = x
      ys[newest] = y
      return
    }
    newest = (newest + 1) % times.count
    times[newest] = seconds
    xs[newest] = x
    ys[newest] = y
    count = Swift.min(count + 1, times.count)
  }

  /// The velocity in points per second over the window ending at the newest sample;
  /// zero with fewer than two samples in the window.
  func velocity() -> CGPoint {
    guard count >= 2 else { return .zero }
    let capacity = times.count
    let latest = times[newest]
    let windowSeconds = window.inSeconds
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
      let t = times[index] - latest
      if t < -windowSeconds - 1e-9 { break }
      let x = Double(xs[index])
      let y = Double(ys[index])
      n += 1
      sumT += t
      sumX += x
      sumY += y
      sumTT += t * t
      sumTX += t * x
      sumTY += t * y
      index = (index - 1 + capacity) % capacity
    }
    guard n >= 2 else { return .zero }
    let denominator = n * sumTT - sumT * sumT
    guard denominator > 1e-12 else { return .zero }
    return CGPoint(
      x: (n * sumTX - sumT * sumX) / denominator,
      y: (n * sumTY - sumT * sumY) / denominator)
  }
}
