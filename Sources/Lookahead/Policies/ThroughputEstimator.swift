/// The network's delivered bandwidth and the typical size of a load, learned online.
///
/// Bandwidth is the bytes of finished loads divided by the time during which at least
/// one load was running: with several loads sharing the link this approaches its
/// capacity; with a single small load at a time it underestimates it, which only makes
/// the lead longer. All totals are halved whenever the busy time reaches twice
/// ``halfLife``, so that the estimate follows a network that changes.
///
/// A value type; confine it to one thread.
struct ThroughputEstimator: Sendable, Hashable {
  /// The busy time after which old observations count half.
  let halfLife: Double
  private var busySeconds = 0.0
  private var loads = 0.0
  private var loadBytes = 0.0

  /// Creates an estimator that remembers about `halfLife` seconds of busy time.
  init(halfLife: Double = 20) {
    precondition(halfLife > 0, "halfLife must be positive (got \(halfLife))")
    self.halfLife = halfLife
  }

  /// Bytes per second while loads run, or `nil` before anything was learned.
  ///
  /// - Complexity: O(1).
  var bytesPerSecond: Double? {
    guard loadBytes > 0, busySeconds > 0 else { return nil }
    return loadBytes / busySeconds
  }

  /// The mean size of a finished load, or `nil` before the first one.
  ///
  /// - Complexity: O(1).
  var bytesPerLoad: Double? {
    loads > 0 ? loadBytes / loads : nil
  }

  /// How long a load keeps the link busy: the mean load size over the bandwidth, or
  /// `nil` before both are known.
  ///
  /// - Complexity: O(1).
  var secondsPerLoad: Double? {
    guard let bytesPerSecond, let bytesPerLoad else { return nil }
    return bytesPerLoad / bytesPerSecond
  }

  /// Records a finished load of `size` bytes.
  ///
  /// - Complexity: O(1).
  mutating func observe(bytes size: Int) {
    loads += 1
    loadBytes += Double(size)
  }

  /// Records `seconds` of time during which at least one load was running.
  ///
  /// - Complexity: O(1).
  mutating func observeBusy(seconds: Double) {
    guard seconds > 0 else { return }
    busySeconds += seconds
    if busySeconds > 2 * halfLife {
      busySeconds /= 2
      loads /= 2
      loadBytes /= 2
    }
  }
}
