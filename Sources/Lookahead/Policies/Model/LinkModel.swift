import Foundation

/// The network as the model sees it: a round trip, a delivered bandwidth shared fairly by
/// the loads in flight, and the mean size of a load, learned from finished network loads.
///
/// A load of `b` bytes that shares the link with `k - 1` others takes about `roundTrip +
/// k × b / bandwidth`: its round trip, then its share of the link. Each finished load is
/// a point (`k × b`, its latency), `k` the mean number of loads in flight over its life;
/// a least-squares line through the recent points, older ones fading, gives the bandwidth
/// (its slope's inverse) and the round trip (where it meets zero bytes). Where the round
/// trips scatter more than the transfers differ, the slope is hidden: the line is then as
/// steep as the scatter leaves plausible (two standard errors of its slope), a link no
/// faster than the points show. Until the points give a line (too few, or all of one
/// size), they are read as all transfer: the bandwidth is the bytes the loads moved, each
/// times its `k`, over their time, and the round trip nothing. Before any load, the
/// list's page speaks for the link: a lone load of the mean size is taken to take as long
/// as the page did, the prior's bandwidth moving its bytes and the rest being the round
/// trip; a page quicker than that is read as all transfer too. The loads that keep the
/// link busy without crowding it are its bandwidth-delay product in loads, over a round
/// trip and the time until loads can next be started, plus the one being transferred.
///
/// A value type; confine it to one thread.
struct LinkModel: Sendable {
  /// How much each new point outweighs the one before: old points fade over about 32
  /// loads.
  private static let memory = 31.0 / 32
  private let priorLatency: Double
  private let priorBandwidth: Double
  private var weight = 0.0
  private var sumX = 0.0
  private var sumY = 0.0
  private var sumXX = 0.0
  private var sumXY = 0.0
  private var sumYY = 0.0
  private var sumBytes = 0.0
  /// How long the list's last page took, the first word on the link before any load.
  var pageLatency: Double?

  /// Creates a model with a prior.
  ///
  /// - Parameters:
  ///   - latency: The time a lone load takes before any was observed, in seconds.
  ///   - bandwidth: The bandwidth assumed before any was observed, bytes per second.
  init(latency: Double, bandwidth: Double) {
    priorLatency = latency
    priorBandwidth = bandwidth
  }

  /// Whether any network load has finished.
  var hasObservations: Bool { weight > 0 }

  /// Records a finished network load of `bytes` that shared the link with `sharing` - 1
  /// others on average over its life.
  mutating func observe(latency: Duration, bytes: Int, sharing: Double) {
    let x = Double(bytes) * Swift.max(1, sharing)
    let y = latency.inSeconds
    weight = weight * Self.memory + 1
    sumX = sumX * Self.memory + x
    sumY = sumY * Self.memory + y
    sumXX = sumXX * Self.memory + x * x
    sumXY = sumXY * Self.memory + x * y
    sumYY = sumYY * Self.memory + y * y
    sumBytes = sumBytes * Self.memory + Double(bytes)
  }

  /// The fitted line (seconds per byte, seconds), when the points determine one.
  private var line: (slope: Double, intercept: Double)? {
    guard weight >= 3 else { return nil }
    let meanX = sumX / weight
    let meanY = sumY / weight
    let varianceX = sumXX / weight - meanX * meanX
    guard varianceX > meanX * meanX * 0.01 else { return nil }
    let covariance = sumXY / weight - meanX * meanY
    let fitted = covariance / varianceX
    // The steepest line the points' scatter cannot tell from the fitted one (two standard
    // errors): where round trips vary more than transfers, the slope is not seen, and
    // the link is taken to be no faster than the points show.
    let scatter = Swift.max(0, sumYY / weight - meanY * meanY - fitted * covariance)
    let unseen = 2 * (scatter / (weight * varianceX)).squareRoot()
    let slope = Swift.min(Swift.max(fitted, unseen), meanY / meanX)
    guard slope > 0 else { return nil }
    return (slope, Swift.max(0, meanY - slope * meanX))
  }

  /// Bytes per second the link delivers.
  var bandwidth: Double {
    if let line { return 1 / line.slope }
    // Before any load: the prior's, unless the page took less time than that would take
    // to move a mean load, which is then read as all transfer.
    guard weight > 0 else {
      return Swift.max(priorBandwidth, bytesPerLoad / (pageLatency ?? priorLatency))
    }
    // Before a line: the bytes the loads moved, each times the loads it shared the link
    // with, over their time, as if none had a round trip.
    return Swift.max(sumX / sumY, 1)
  }

  /// The mean size of a load, in bytes.
  var bytesPerLoad: Double {
    weight > 0 ? sumBytes / weight : priorBandwidth * priorLatency / 2
  }

  /// Seconds one load holds the whole link.
  var transferTime: Double { bytesPerLoad / bandwidth }

  /// The round trip of a load, in seconds.
  var roundTrip: Double {
    if let line { return line.intercept }
    // Loads that give no line are read as all transfer.
    guard weight == 0 else { return 0 }
    // Before any load: what of the page's time the mean load's transfer leaves.
    return Swift.max(0, (pageLatency ?? priorLatency) - transferTime)
  }

  /// Seconds a load takes when started with `inFlight` others running.
  func loadTime(inFlight: Int) -> Double {
    roundTrip + Double(inFlight + 1) * transferTime
  }

  /// The loads in flight that keep the link busy until loads can next be started,
  /// `decisionInterval` seconds from now: its bandwidth-delay product over a round trip
  /// and that interval, in loads, rounded up, plus the one being transferred.
  func loadsInFlight(decisionInterval: Double) -> Int {
    guard transferTime > 0 else { return 1 }
    let delay = roundTrip + decisionInterval
    return Int(Swift.min(64, (delay / transferTime).rounded(.up))) + 1
  }
}
