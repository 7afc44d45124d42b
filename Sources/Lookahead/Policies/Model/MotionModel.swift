import Foundation

/// How far the viewport reaches within a few horizons, learned online from this
/// session's motion.
///
/// Every ``probeInterval`` the model opens a probe: the phase the user is in (at rest,
/// dragging or gliding), the direction of the motion (the last one at rest) and the
/// offset. Frame by frame the probe keeps the farthest the viewport has since got that
/// way and the other way; when it reaches each of ``horizons`` it records both reaches as
/// a sample of that horizon, at rest or in motion. A reach at rest is kept in screens; a
/// forward reach in motion as the screens it went beyond the glide's physics
/// (``ViewportMotion``: the glide under way, or the one lifting the finger would start),
/// so that motions of every speed, dragging and gliding, share one distribution, and a
/// finger lifting off does not change the answer. The answer to "does the viewport get
/// `d` points that way within `t` seconds" is the share of samples that did, blended with
/// a prior that weighs as ``priorWeight`` samples.
///
/// A value type; confine it to one thread. Once its buffers have grown, observing a
/// frame allocates nothing.
struct MotionModel: Sendable {
  /// The phases of the user's motion.
  enum Phase: Int, Sendable {
    case rest = 0
    case drag = 1
    case glide = 2
  }

  /// The horizons, in seconds, at which reaches are sampled.
  static let horizons: [Double] = [0.25, 0.5, 1, 2, 4, 8]
  /// The longest horizon: what the model says nothing beyond.
  static var longestHorizon: Double { horizons[horizons.count - 1] }
  /// Seconds between probes.
  static let probeInterval = 0.2
  /// How many samples the prior weighs.
  static let priorWeight = 4.0
  /// The samples kept per phase, horizon and side.
  static let capacity = 48
  /// How fast the prior's reader moves on, at rest or once a glide has run its course, in
  /// screens a second.
  static let priorScreensPerSecond = 0.5

  private struct Probe: Sendable {
    var time: Double
    var phase: Phase
    /// +1 when the motion's direction is toward larger offsets.
    var sign: Double
    var origin: Double
    var screen: Double
    /// The glide under way when the probe opened, if any.
    var glide: ViewportMotion?
    var forward = 0.0
    var backward = 0.0
    var nextHorizon = 0
  }

  /// Samples, indexed by ``slot(_:_:_:)``.
  private var samples: [RecentValues<Double>]
  private var probes: [Probe] = []
  private var lastProbe = -Double.infinity

  /// Creates a model that knows only its prior.
  init() {
    samples = Array(
      repeating: RecentValues(capacity: Self.capacity), count: 2 * Self.horizons.count * 2)
  }

  private static func slot(_ phase: Phase, _ horizon: Int, _ isForward: Bool) -> Int {
    ((phase == .rest ? 0 : 1) * horizons.count + horizon) * 2 + (isForward ? 0 : 1)
  }

  /// Records a frame.
  ///
  /// - Parameters:
  ///   - time: Seconds since any fixed epoch.
  ///   - offset: The viewport's start along the axis, in points.
  ///   - phase: The phase the user is in.
  ///   - sign: +1 when the user's motion (the last one, at rest) heads toward larger
  ///     offsets, else -1.
  ///   - screen: The viewport's length along the axis, in points.
  ///   - glide: The glide's physics, during a glide.
  mutating func observe(
    time: Double, offset: Double, phase: Phase, sign: Double, screen: Double,
    glide: ViewportMotion?
  ) {
    var index = 0
    while index < probes.count {
      var probe = probes[index]
      let moved = (offset - probe.origin) * probe.sign
      probe.forward = Swift.max(probe.forward, moved)
      probe.backward = Swift.max(probe.backward, -moved)
      while probe.nextHorizon < Self.horizons.count,
        time - probe.time >= Self.horizons[probe.nextHorizon]
      {
        record(probe)
        probe.nextHorizon += 1
      }
      if probe.nextHorizon == Self.horizons.count {
        probes.swapAt(index, probes.count - 1)
        probes.removeLast()
      } else {
        probes[index] = probe
        index += 1
      }
    }
    guard time - lastProbe >= Self.probeInterval, screen > 0 else { return }
    lastProbe = time
    probes.append(
      Probe(
        time: time, phase: phase, sign: sign, origin: offset, screen: screen,
        glide: glide))
  }

  private mutating func record(_ probe: Probe) {
    let horizon = Self.horizons[probe.nextHorizon]
    let forward = Self.scaled(
      probe.forward, phase: probe.phase, screen: probe.screen,
      covered: Self.glideCovered(probe.glide, within: horizon))
    samples[Self.slot(probe.phase, probe.nextHorizon, true)].append(forward)
    samples[Self.slot(probe.phase, probe.nextHorizon, false)].append(
      probe.backward / probe.screen)
  }

  /// The items' positions moved (an insertion before them): reaches measured across the
  /// move mean nothing, so the open probes are dropped.
  mutating func contentMoved() {
    probes.removeAll(keepingCapacity: true)
  }

  /// The probability that the viewport gets at least `distance` points ahead or behind
  /// within `seconds`, a time beyond the longest horizon: past the glide's course the
  /// user goes on at the pace shown by the longest horizon, so that a reach is as likely
  /// as one `longestHorizon / seconds` as far within it.
  ///
  /// - Parameters:
  ///   - distance: Points, at least 0.
  ///   - seconds: The time allowed, beyond the longest horizon.
  ///   - phase: The phase the user is in now.
  ///   - isForward: Whether the distance lies the way of the motion.
  ///   - screen: The viewport's length, in points; positive.
  ///   - covered: The points the glide covers within the longest horizon.
  func probability(
    _ distance: Double, beyondTheLongestHorizon seconds: Double, phase: Phase,
    isForward: Bool, screen: Double, covered: Double
  ) -> Double {
    let course = isForward ? covered : 0
    let beyond = distance - course
    let scaled = beyond > 0 ? course + beyond * Self.longestHorizon / seconds : distance
    return probability(
      scaled, horizon: Self.horizons.count - 1, phase: phase, isForward: isForward,
      screen: screen, covered: covered)
  }

  /// The answer at any time up to the longest horizon from the answers at the horizons:
  /// linear between the two horizons around `seconds` (and from 0 at time 0).
  ///
  /// - Parameters:
  ///   - seconds: The time allowed.
  ///   - probability: The answer at a horizon, by its index in ``horizons``.
  static func interpolated(
    within seconds: Double, _ probability: (Int) -> Double
  ) -> Double {
    guard seconds > 0 else { return 0 }
    let t = Swift.min(seconds, longestHorizon)
    var upper = 0
    while horizons[upper] < t { upper += 1 }
    let high = probability(upper)
    guard t < horizons[upper] else { return high }
    let lowTime = upper == 0 ? 0 : horizons[upper - 1]
    let low = upper == 0 ? 0 : probability(upper - 1)
    return low + (high - low) * (t - lowTime) / (horizons[upper] - lowTime)
  }

  /// The points a glide covers within `seconds`; 0 without one.
  static func glideCovered(_ glide: ViewportMotion?, within seconds: Double) -> Double {
    glide?.distanceCovered(within: seconds) ?? 0
  }

  /// The probability that the viewport gets at least `distance` points ahead or behind
  /// within the horizon at index `horizon` of ``horizons``.
  ///
  /// - Parameters:
  ///   - distance: Points, at least 0.
  ///   - horizon: An index into ``horizons``.
  ///   - phase: The phase the user is in now.
  ///   - isForward: Whether the distance lies the way of the motion.
  ///   - screen: The viewport's length, in points; positive.
  ///   - covered: The points the glide covers within that horizon
  ///     (``glideCovered(_:within:)``); forward reaches in motion are learned beyond it.
  func probability(
    _ distance: Double, horizon: Int, phase: Phase, isForward: Bool, screen: Double,
    covered: Double
  ) -> Double {
    let scaled =
      isForward
      ? Self.scaled(distance, phase: phase, screen: screen, covered: covered)
      : distance / screen
    let kept = samples[Self.slot(phase, horizon, isForward)].ascending
    let reached = kept.count - Search.partitionPoint(in: 0..<kept.count) { kept[$0] > scaled }
    let prior = Self.prior(
      scaled, horizon: horizon, phase: phase, isForward: isForward, course: covered / screen)
    return (Double(reached) + Self.priorWeight * prior) / (Double(kept.count) + Self.priorWeight)
  }

  /// The prior probability that a user at rest (or in motion, turning back) moves at all
  /// within each of ``horizons``: rests of two seconds on average.
  private static let movesWithinHorizons = horizons.map { 1 - exp(-$0 / 2) }

  /// A forward reach in the units its phase keeps: at rest in screens; while moving as
  /// screens beyond the `covered` points of the glide (the one under way, or the one
  /// lifting the finger now would start) within the horizon: negative when the glide was
  /// caught early, positive when the user dragged on or flung again.
  private static func scaled(
    _ reach: Double, phase: Phase, screen: Double, covered: Double
  ) -> Double {
    switch phase {
    case .rest: reach / screen
    case .drag, .glide: (reach - covered) / screen
    }
  }

  /// The prior: an exponential tail. At rest a reader moves on about half a screen a
  /// second and back a tenth of that, after resting two seconds on average. A glide under
  /// way runs its course; a finger still down is as likely to stop anywhere along the
  /// course of the glide lifting it would start as to lift into that glide. Past the
  /// glide, the user moves on as at rest, seldom turning back.
  ///
  /// - Parameters:
  ///   - scaled: A reach in the units its phase keeps (``scaled(_:phase:screen:covered:)``).
  ///   - horizon: An index into ``horizons``.
  ///   - phase: The phase the user is in now.
  ///   - isForward: Whether the reach lies the way of the motion.
  ///   - course: The glide's course within the horizon, in screens.
  private static func prior(
    _ scaled: Double, horizon: Int, phase: Phase, isForward: Bool, course: Double
  ) -> Double {
    let seconds = horizons[horizon]
    switch (phase, isForward) {
    case (.rest, true):
      return movesWithinHorizons[horizon] * exp(-scaled / (priorScreensPerSecond * seconds))
    case (_, false): return movesWithinHorizons[horizon] * exp(-scaled / (0.05 * seconds))
    case (.glide, true):
      return scaled <= 0 ? 1 : exp(-scaled / (priorScreensPerSecond * seconds))
    case (.drag, true):
      // Lifts (half the time) and goes the whole course, or stops at an even point on it.
      let lifts = 0.5
      guard scaled <= 0 else { return lifts * exp(-scaled / (priorScreensPerSecond * seconds)) }
      guard course > 0 else { return 1 }
      return Swift.min(1, lifts + (1 - lifts) * (-scaled / course))
    }
  }
}
