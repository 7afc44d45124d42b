import Foundation
@_spi(Simulation) import Lookahead

/// The behaviour of one trace of the randomised `random` scenario family, drawn from its
/// seed: what ``RandomTraceGenerator`` plans strokes from.
///
/// Each trace is a **mixture** of six kinds of episode, picked one after another with the
/// probabilities in ``weights`` (see ``Mode`` for what each episode does), so the family
/// spans pure readers, pure skimmers, pure flingers, reversers and every mixture of them.
/// ``init(seed:)`` draws every value below from SplitMix64 seeded by the seed; the bounds
/// of every range are public constants (the `…Bounds` properties), and they are the
/// family's contract: a change to them changes every `random` trace.
///
/// Speeds are lift-off (release) velocities in points per millisecond (1 pt/ms =
/// 1,000 pt/s); "down" means the content offset grows. A per-trace range such as
/// ``mediumSpeeds`` is drawn as two values in its bounds (log-uniformly for speeds,
/// distances and durations, uniformly for counts), sorted; each stroke then draws its own
/// value in the per-trace range the same way.
///
/// The drawing uses the platform's logarithm and exponential, so the last bit may differ
/// between platforms; on one platform the same seed always gives the same parameters.
///
/// A value type; thread-safe.
public struct RandomTraceParameters: Sendable, Hashable, Codable {
  /// The kinds of episode a `random` trace is a mixture of.
  ///
  /// Every episode but a look ends with a **gap** before the next episode: a pause drawn in
  /// ``RandomTraceParameters/gaps``, counted from lift-off with probability
  /// ``RandomTraceParameters/catchProbability`` (so the next stroke touches the screen
  /// during the glide, if the glide is still running) and otherwise counted from the moment
  /// the glide stops.
  ///
  /// A closed set of values; thread-safe.
  public enum Mode: String, Sendable, Hashable, Codable, CaseIterable {
    /// One slow reading stroke, down (up with probability
    /// ``RandomTraceParameters/reversalRate``). With probability
    /// ``RandomTraceParameters/restingDragShare`` a drag whose finger comes to rest before
    /// lifting: the content moves a distance in ``RandomTraceParameters/dragDistances`` over
    /// 400–1,500 ms and does not glide. Otherwise a slow stroke released at a speed in
    /// ``RandomTraceParameters/readingSpeeds`` after 300–1,500 ms (lengthened when needed so
    /// the content moves at least 5 pt before lift-off), which then glides.
    case reading

    /// One medium fling released at a speed in ``RandomTraceParameters/mediumSpeeds`` after
    /// an 80–250 ms stroke, down (up with probability ``RandomTraceParameters/reversalRate``).
    case skimming

    /// A burst of fast flings: a count in ``RandomTraceParameters/burstLengths``, each
    /// released at a speed in ``RandomTraceParameters/fastSpeeds`` after a 60–150 ms stroke,
    /// 150–500 ms apart (each catching the previous glide), all in one direction (up with
    /// probability ``RandomTraceParameters/reversalRate``).
    case flinging

    /// A reversal cycle: a count in ``RandomTraceParameters/cycleDownStrokes`` of medium
    /// flings down (speeds in ``RandomTraceParameters/mediumSpeeds``, 80–250 ms strokes, each
    /// but the last followed by a gap), a pause of 500–3,000 ms after the last glide stops,
    /// then up to a count in ``RandomTraceParameters/cycleUpStrokes`` of the same flings back
    /// up, each followed by a gap. A stroke up is skipped once the offset is back at or
    /// before where the cycle started, so a cycle goes partly or all the way back.
    case reversing

    /// A jump back toward the top (a status-bar tap or a "back to top" button): an
    /// ease-in-out animation of 300–600 ms to 0–30 % of the current offset. Chosen only when
    /// the offset is at least 1,000 pt; otherwise another mode is drawn in its place.
    case jumpingBack

    /// A long look: hands off for a duration in ``RandomTraceParameters/lookDurations``
    /// (any glide runs out meanwhile). No gap follows.
    case looking
  }

  /// The probability of each ``Mode`` being the next episode; they sum to 1.
  ///
  /// Drawn as follows. Each motion mode (`reading`, `skimming`, `flinging`, `reversing`) is
  /// present with probability 1/2 with a raw weight uniform in 0.1–1; when none is, one of
  /// the four (each with probability 1/4) is present with raw weight 1. `looking` has
  /// probability 0 one time in four, else uniform in 0.05–0.8. `jumpingBack` has probability
  /// 0 one time in two, else uniform in 0.01–0.1. The motion modes share the rest,
  /// `1 − looking − jumpingBack`, in proportion to their raw weights.
  ///
  /// A value type; thread-safe.
  public struct ModeWeights: Sendable, Hashable, Codable {
    /// The probability of a ``Mode/reading`` episode.
    public var reading: Double
    /// The probability of a ``Mode/skimming`` episode.
    public var skimming: Double
    /// The probability of a ``Mode/flinging`` episode.
    public var flinging: Double
    /// The probability of a ``Mode/reversing`` episode.
    public var reversing: Double
    /// The probability of a ``Mode/jumpingBack`` episode.
    public var jumpingBack: Double
    /// The probability of a ``Mode/looking`` episode.
    public var looking: Double

    /// The probability of `mode`.
    ///
    /// - Complexity: O(1).
    public subscript(mode: Mode) -> Double {
      switch mode {
      case .reading: reading
      case .skimming: skimming
      case .flinging: flinging
      case .reversing: reversing
      case .jumpingBack: jumpingBack
      case .looking: looking
      }
    }
  }

  /// The bounds of ``sessionDuration``: 60–180 s.
  public static let sessionDurationBounds: ClosedRange<Milliseconds> = 60_000...180_000

  /// The bounds of ``readingSpeeds``: 0.02–0.3 pt/ms (20–300 pt/s).
  public static let readingSpeedBounds: ClosedRange<Double> = 0.02...0.3

  /// The bounds of ``dragDistances``: 50–600 pt of content travel.
  public static let dragDistanceBounds: ClosedRange<Double> = 50...600

  /// The bounds of ``mediumSpeeds``: 0.3–3 pt/ms.
  public static let mediumSpeedBounds: ClosedRange<Double> = 0.3...3

  /// The bounds of ``fastSpeeds``: 2–8 pt/ms.
  public static let fastSpeedBounds: ClosedRange<Double> = 2...8

  /// The bounds of ``burstLengths``: 2–8 flings.
  public static let burstLengthBounds: ClosedRange<Int> = 2...8

  /// The bounds of ``cycleDownStrokes``: 2–7 strokes.
  public static let cycleDownStrokeBounds: ClosedRange<Int> = 2...7

  /// The bounds of ``cycleUpStrokes``: 1–6 strokes.
  public static let cycleUpStrokeBounds: ClosedRange<Int> = 1...6

  /// The bounds of ``gaps``: 150–1,500 ms.
  public static let gapBounds: ClosedRange<Milliseconds> = 150...1_500

  /// The bounds of ``lookDurations``: 1–10 s.
  public static let lookDurationBounds: ClosedRange<Milliseconds> = 1_000...10_000

  /// The bounds of ``reversalRate``: 0–0.25.
  public static let reversalRateBounds: ClosedRange<Double> = 0...0.25

  /// The seed the parameters were drawn from (the planner of the strokes uses it too).
  public var seed: UInt64

  /// The length of the trace when no duration is given: uniform in 60–180 s, in whole
  /// milliseconds.
  public var sessionDuration: Milliseconds

  /// How often each kind of episode is chosen.
  public var weights: ModeWeights

  /// Lift-off speeds of slow reading strokes, within ``readingSpeedBounds`` (pt/ms).
  public var readingSpeeds: ClosedRange<Double>

  /// The probability that a reading stroke is a drag whose finger comes to rest before
  /// lifting (no glide): uniform in 0–1.
  public var restingDragShare: Double

  /// Content travel of resting reading drags, within ``dragDistanceBounds`` (points).
  public var dragDistances: ClosedRange<Double>

  /// Lift-off speeds of medium flings (skimming and reversal cycles), within
  /// ``mediumSpeedBounds`` (pt/ms).
  public var mediumSpeeds: ClosedRange<Double>

  /// Lift-off speeds of the flings of a burst, within ``fastSpeedBounds`` (pt/ms).
  public var fastSpeeds: ClosedRange<Double>

  /// The number of flings in a burst, within ``burstLengthBounds``.
  public var burstLengths: ClosedRange<Int>

  /// The number of strokes down in a reversal cycle, within ``cycleDownStrokeBounds``.
  public var cycleDownStrokes: ClosedRange<Int>

  /// The most strokes back up in a reversal cycle, within ``cycleUpStrokeBounds``.
  public var cycleUpStrokes: ClosedRange<Int>

  /// The pause after an episode, within ``gapBounds`` (milliseconds).
  public var gaps: ClosedRange<Milliseconds>

  /// The probability that a gap is counted from lift-off, so the next stroke can catch the
  /// glide, rather than from the moment the glide stops: uniform in 0–1.
  public var catchProbability: Double

  /// The length of a long look, within ``lookDurationBounds`` (milliseconds).
  public var lookDurations: ClosedRange<Milliseconds>

  /// The probability that a reading stroke, a skimming fling or a burst goes up instead of
  /// down: uniform in ``reversalRateBounds``.
  public var reversalRate: Double

  /// Draws the parameters of the trace of `seed`.
  ///
  /// - Complexity: O(1).
  public init(seed: UInt64) {
    var random = SplitMix64(seed: SplitMix64.hash(seed ^ Self.parameterSalt))
    self.seed = seed
    sessionDuration = random.nextDouble(
      in: Self.sessionDurationBounds.lowerBound, Self.sessionDurationBounds.upperBound
    ).rounded()
    weights = Self.drawWeights(&random)
    readingSpeeds = random.logUniformSubrange(of: Self.readingSpeedBounds)
    restingDragShare = random.nextUnit()
    dragDistances = random.logUniformSubrange(of: Self.dragDistanceBounds)
    mediumSpeeds = random.logUniformSubrange(of: Self.mediumSpeedBounds)
    fastSpeeds = random.logUniformSubrange(of: Self.fastSpeedBounds)
    burstLengths = random.subrange(of: Self.burstLengthBounds)
    cycleDownStrokes = random.subrange(of: Self.cycleDownStrokeBounds)
    cycleUpStrokes = random.subrange(of: Self.cycleUpStrokeBounds)
    gaps = random.logUniformSubrange(of: Self.gapBounds)
    catchProbability = random.nextUnit()
    lookDurations = random.logUniformSubrange(of: Self.lookDurationBounds)
    reversalRate = random.nextDouble(
      in: Self.reversalRateBounds.lowerBound, Self.reversalRateBounds.upperBound)
  }

  /// Keeps the parameter stream apart from the stroke stream and the built-in scenarios'.
  static let parameterSalt: UInt64 = 0x5241_4E44_4F4D_5041  // "RANDOMPA"

  private static func drawWeights(_ random: inout SplitMix64) -> ModeWeights {
    var motion = (0..<4).map { _ in
      random.nextBool(probability: 0.5) ? random.nextDouble(in: 0.1, 1) : 0
    }
    if motion.allSatisfy({ $0 == 0 }) { motion[random.nextInt(in: 0...3)] = 1 }
    let looking = random.nextBool(probability: 0.75) ? random.nextDouble(in: 0.05, 0.8) : 0
    let jumpingBack = random.nextBool(probability: 0.5) ? random.nextDouble(in: 0.01, 0.1) : 0
    let scale = (1 - looking - jumpingBack) / motion.reduce(0, +)
    return ModeWeights(
      reading: motion[0] * scale, skimming: motion[1] * scale, flinging: motion[2] * scale,
      reversing: motion[3] * scale, jumpingBack: jumpingBack, looking: looking)
  }
}

extension RandomTraceParameters: CustomStringConvertible {
  /// One line: the session length and the share of each mode present, for example
  /// `132 s: reading 41 %, looking 55 %, jumpingBack 4 %`.
  public var description: String {
    let modes = Mode.allCases
      .filter { weights[$0] > 0 }
      .sorted { weights[$0] > weights[$1] }
      .map { "\($0.rawValue) \(Int((weights[$0] * 100).rounded())) %" }
    return "\(Int((sessionDuration / 1000).rounded())) s: " + modes.joined(separator: ", ")
  }
}
