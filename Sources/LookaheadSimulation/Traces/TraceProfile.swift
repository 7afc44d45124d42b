import Foundation
import Lookahead

/// How a trace scrolls, in the figures used to describe recorded sessions: how much of
/// the time the content moves, how fast the finger lets go, how often the user turns
/// around and how often they stop to look.
///
/// The figures come from the offsets alone, as a recorded trace has no touch events.
/// - **Moving share**: the share of frames after the first whose offset differs from
///   the previous frame's by more than ``movementEpsilon``.
/// - **Stroke and glide**: content in motion is gliding when its speed has fallen, three
///   frames running, by UIScrollView's deceleration rate (0.998 or 0.99 per millisecond,
///   within ``glideRateTolerance``), which no finger does; it is a stroke otherwise, or
///   again when a finger catches the glide.
/// - **Lift-off speed**: where a stroke ends, the speed (pt/s) over the frame before the
///   three that lose speed at the rate — the finger's last frame, or the glide's first
///   when the finger sped up to the end; 0 when the content stops without gliding (the finger was still when it
///   lifted; a stroke shorter than three frames is a glide's shortened last frame). A
///   stroke whose glide is caught within three frames records none. An
///   animated programmatic scroll (a jump back to the top) reads as a stroke too.
/// - **Reversal**: the content turns around by more than ``reversalDistance`` from the
///   farthest point it reached in its direction of travel; the first direction taken is
///   not a reversal.
/// - **Idle period**: a stretch of at least ``idlePeriodThreshold`` during which the
///   offset does not move (from the frame it stops on to the last frame before it moves
///   again, or to the end), including a look at the start or the end of the session.
///
/// Rates per minute divide by the trace's duration. A value type; thread-safe.
public struct TraceProfile: Sendable, Equatable {
  /// How far the content must come back from its farthest point to count as a
  /// reversal: 100 pt.
  public static let reversalDistance: Double = 100
  /// The shortest pause counted as an idle period: 1 s.
  public static let idlePeriodThreshold: Milliseconds = 1000
  /// The smallest change of offset between two frames that counts as movement: 0.01 pt.
  public static let movementEpsilon: Double = 0.01
  /// How far a frame's loss of speed per millisecond may stray from a deceleration rate
  /// and still read as a glide: 0.0002 (a 60 Hz display's frames of 16 and 17 ms, read
  /// as 16.7 ms each, stray by 0.0001).
  public static let glideRateTolerance: Double = 0.0002
  /// The precision offsets are assumed to carry: 0.001 pt, as the trace generator and
  /// ``Trace/csv`` write them. Below a few points per second, rounding to it alters a
  /// frame's speed by more than the rate tolerance, and the glide test allows for it.
  /// A recording whose offsets were rounded to whole pixels (a third of a point) hides
  /// the glide's signature at all but the fastest speeds: glides read as strokes that
  /// stop, so slow lift-offs read as 0 and are counted several times over (on random
  /// traces rounded so, the median lift-off fell to 0 on three of four, and the count
  /// rose 1.3–2.1×).
  /// Record offsets unrounded.
  public static let offsetResolution: Double = 0.001

  /// The time of the last frame, in milliseconds (the sum over traces, when combined).
  public var duration: Milliseconds
  /// The frames after the first: each is a step from the previous frame.
  public var steps: Int
  /// The steps in which the content moved.
  public var movingSteps: Int
  /// Every lift-off speed in points per second, in trace order.
  public var liftOffSpeeds: [Double]
  /// How many times the content turned around.
  public var reversals: Int
  /// How many idle periods the trace holds.
  public var idlePeriods: Int
  /// The longest run without movement, in milliseconds.
  public var longestIdle: Milliseconds
  /// The distance the content travelled in either direction, in points.
  public var travel: Double
  /// The last offset minus the first, in points.
  public var netTravel: Double

  /// Reads `trace`.
  ///
  /// - Complexity: O(*n*) for *n* samples.
  public init(trace: Trace) {
    var reader = Reader(first: trace.samples[0])
    for sample in trace.samples.dropFirst() { reader.read(sample) }
    reader.finish()
    duration = trace.duration
    steps = trace.samples.count - 1
    movingSteps = reader.movingSteps
    liftOffSpeeds = reader.liftOffSpeeds
    reversals = reader.reversals
    idlePeriods = reader.idlePeriods
    longestIdle = reader.longestIdle
    travel = reader.travel
    netTravel = trace.samples[trace.samples.count - 1].offset - trace.samples[0].offset
  }

  /// The figures of several traces as one session: counts, durations and distances add
  /// up, lift-off speeds are pooled, and the longest idle period is the longest of all.
  ///
  /// - Parameter profiles: The traces' profiles, in any order.
  /// - Complexity: O(*s*) for *s* lift-offs in all.
  public init(combining profiles: some Sequence<TraceProfile>) {
    duration = 0
    steps = 0
    movingSteps = 0
    liftOffSpeeds = []
    reversals = 0
    idlePeriods = 0
    longestIdle = 0
    travel = 0
    netTravel = 0
    for profile in profiles {
      duration += profile.duration
      steps += profile.steps
      movingSteps += profile.movingSteps
      liftOffSpeeds += profile.liftOffSpeeds
      reversals += profile.reversals
      idlePeriods += profile.idlePeriods
      longestIdle = Swift.max(longestIdle, profile.longestIdle)
      travel += profile.travel
      netTravel += profile.netTravel
    }
  }

  /// The share of frames in which the content moved, 0...1.
  public var movingShare: Double { steps > 0 ? Double(movingSteps) / Double(steps) : 0 }
  /// Lift-offs per minute.
  public var liftOffsPerMinute: Double { perMinute(liftOffSpeeds.count) }
  /// Reversals per minute.
  public var reversalsPerMinute: Double { perMinute(reversals) }
  /// Idle periods per minute.
  public var idlePeriodsPerMinute: Double { perMinute(idlePeriods) }

  /// Nearest-rank percentiles of the lift-off speeds (``Percentile/nearestRank(_:ofSorted:)``),
  /// in the order asked, or `nil` when the trace has none.
  ///
  /// - Parameter percentiles: Each in 0...100; 50 is the median.
  /// - Complexity: O(*s* log *s* + *p*) for *s* lift-offs and *p* percentiles: it sorts a
  ///   copy once.
  public func liftOffSpeeds(atPercentiles percentiles: [Double]) -> [Double]? {
    guard !liftOffSpeeds.isEmpty else { return nil }
    let sorted = liftOffSpeeds.sorted()
    return percentiles.map { Percentile.nearestRank($0, ofSorted: sorted) }
  }

  /// The nearest-rank `percentile` of the lift-off speeds, or `nil` when there are none.
  ///
  /// - Parameter percentile: In 0...100; 50 is the median.
  /// - Complexity: O(*s* log *s*) for *s* lift-offs.
  public func liftOffSpeed(percentile: Double) -> Double? {
    liftOffSpeeds(atPercentiles: [percentile])?[0]
  }

  private func perMinute(_ count: Int) -> Double {
    duration > 0 ? Double(count) * 60_000 / duration : 0
  }
}

extension TraceProfile {
  /// Walks the samples once; every figure is updated per frame.
  private struct Reader {
    /// What the content is doing on the current frame.
    enum Motion { case still, stroke, glide }

    var motion = Motion.still
    var previous: Trace.Sample
    /// The signed speed over each of the last four frames in pt/ms, newest last.
    var recentVelocities: [Double] = []
    /// Consecutive frames whose speed fell by a deceleration rate's ratio.
    var decayStreak = 0
    /// Moving frames since the current stroke began.
    var strokeFrames = 0
    var movingSteps = 0
    var liftOffSpeeds: [Double] = []
    var reversals = 0
    /// +1 down, −1 up, 0 before the first 100 pt of travel.
    var direction = 0
    var farthest: Double
    var lowest: Double
    var highest: Double
    var stillSince: Milliseconds? = 0
    var idlePeriods = 0
    var longestIdle: Milliseconds = 0
    var travel: Double = 0

    init(first: Trace.Sample) {
      previous = first
      farthest = first.offset
      lowest = first.offset
      highest = first.offset
    }

    mutating func read(_ sample: Trace.Sample) {
      let step = sample.offset - previous.offset
      let interval = sample.time - previous.time
      travel += abs(step)
      trackReversals(sample.offset)
      if abs(step) > TraceProfile.movementEpsilon {
        movingSteps += 1
        if let since = stillSince { endStill(lasting: previous.time - since) }
        stillSince = nil
        followMotion(velocity: step / interval, interval: interval)
      } else {
        if stillSince == nil { stillSince = previous.time }
        // Content that stops without gliding was held still when the finger lifted. A
        // "stroke" of a frame or two is the glide's own last, shortened frame.
        if motion == .stroke && strokeFrames >= 3 { liftOffSpeeds.append(0) }
        motion = .still
        recentVelocities.removeAll(keepingCapacity: true)
        decayStreak = 0
      }
      previous = sample
    }

    mutating func finish() {
      if let since = stillSince { endStill(lasting: previous.time - since) }
    }

    /// Tells strokes from glides: a glide loses speed by exactly a deceleration rate per
    /// millisecond, which no finger does for three frames running. Once gliding, a stop
    /// ends it, and so does a change of speed no glide makes (faster, or slower than
    /// even the fast rate allows): a finger caught the content. Smaller departures from
    /// the rate are rounding, and must not split one glide into several.
    private mutating func followMotion(velocity: Double, interval: Milliseconds) {
      let last = recentVelocities.last
      if let last {
        decayStreak = Self.decays(from: last, to: velocity, over: interval) ? decayStreak + 1 : 0
      }
      if recentVelocities.count == 4 { recentVelocities.removeFirst() }
      recentVelocities.append(velocity)
      strokeFrames += 1
      switch motion {
      case .still:
        motion = .stroke
        strokeFrames = 1
      case .stroke:
        if decayStreak >= 3 {
          // The frame before the three decaying ones.
          liftOffSpeeds.append(abs(recentVelocities[0]) * 1000)
          motion = .glide
        }
      case .glide:
        if let last, Self.isCaught(from: last, to: velocity, over: interval) {
          motion = .stroke
          strokeFrames = 1
          decayStreak = 0
        }
      }
    }

    /// The speed (pt/ms) that rounding the offsets to ``TraceProfile/offsetResolution``
    /// can add to or take from one frame's speed.
    private static func roundingSlack(over interval: Milliseconds) -> Double {
      2 * TraceProfile.offsetResolution / interval
    }

    /// Whether the speed fell from `earlier` to `later` (pt/ms) by UIScrollView's normal
    /// or fast rate over `interval`, within ``TraceProfile/glideRateTolerance`` per
    /// millisecond and the offsets' rounding.
    private static func decays(from earlier: Double, to later: Double, over interval: Milliseconds)
      -> Bool
    {
      guard earlier != 0, (earlier > 0) == (later > 0), abs(later) < abs(earlier) else {
        return false
      }
      let slack =
        abs(earlier) * TraceProfile.glideRateTolerance * interval + roundingSlack(over: interval)
      return [DecelerationRate.normal, .fast].contains { rate in
        abs(later - earlier * pow(rate.perMillisecond, interval)) <= slack
      }
    }

    /// Whether a glide's speed went from `earlier` to `later` as no glide does: turned
    /// around, gained speed, or lost it faster than the fast rate, each by more than 2 %
    /// and the rounding.
    private static func isCaught(
      from earlier: Double, to later: Double, over interval: Milliseconds
    )
      -> Bool
    {
      let slack = roundingSlack(over: interval)
      let slowest = abs(earlier) * pow(DecelerationRate.fast.perMillisecond, interval)
      return (earlier > 0) != (later > 0) || abs(later) > abs(earlier) * 1.02 + slack
        || abs(later) < slowest * 0.98 - slack
    }

    private mutating func endStill(lasting length: Milliseconds) {
      longestIdle = Swift.max(longestIdle, length)
      if length >= TraceProfile.idlePeriodThreshold { idlePeriods += 1 }
    }

    private mutating func trackReversals(_ offset: Double) {
      let distance = TraceProfile.reversalDistance
      guard direction != 0 else {
        lowest = Swift.min(lowest, offset)
        highest = Swift.max(highest, offset)
        if offset - lowest > distance {
          (direction, farthest) = (1, offset)
        } else if highest - offset > distance {
          (direction, farthest) = (-1, offset)
        }
        return
      }
      farthest = direction > 0 ? Swift.max(farthest, offset) : Swift.min(farthest, offset)
      // How far the content came back from its farthest point, against the direction.
      if (farthest - offset) * Double(direction) > distance {
        direction = -direction
        farthest = offset
        reversals += 1
      }
    }
  }
}
