/// A recorded scroll session: samples of virtual time and content offset
/// (docs/DESIGN.md, "Traces").
///
/// Each sample is one rendered frame. Times start at 0 and increase by at least
/// ``SimulationLimits/minimumFrameInterval`` (a microsecond) up to
/// ``SimulationLimits/maximumTime``; offsets are the content offset along the vertical
/// axis, from 0 to ``SimulationLimits/maximumLength``. Read one from CSV
/// with ``init(csv:)`` (malformed input throws a ``TraceError`` naming the line) and write
/// one with ``csv``.
///
/// A value type; thread-safe.
public struct Trace: Sendable, Equatable {
  /// One frame of a trace.
  public struct Sample: Sendable, Equatable {
    /// The frame's virtual time.
    public var time: Milliseconds

    /// The content offset in points.
    public var offset: Double

    /// Creates a sample.
    public init(time: Milliseconds, offset: Double) {
      self.time = time
      self.offset = offset
    }
  }

  /// The frames, in time order.
  public let samples: [Sample]

  /// Creates a trace from samples built in code.
  ///
  /// - Precondition: at least one sample; the first at time 0; times increasing by at
  ///   least a microsecond, up to ``SimulationLimits/maximumTime``; offsets from 0 to
  ///   ``SimulationLimits/maximumLength``. (Input read from files goes through
  ///   ``init(csv:)``, which throws instead.)
  /// - Complexity: O(n).
  public init(samples: [Sample]) {
    if let problem = Self.validate(samples) {
      preconditionFailure("samples: \(problem.description)")
    }
    self.samples = samples
  }

  /// Creates a trace from `(time, offset)` pairs built in code.
  ///
  /// - Precondition: as ``init(samples:)``.
  /// - Complexity: O(n).
  public init(_ pairs: [(time: Milliseconds, offset: Double)]) {
    self.init(samples: pairs.map { Sample(time: $0.time, offset: $0.offset) })
  }

  init(validatedSamples: [Sample]) {
    samples = validatedSamples
  }

  /// The time of the last frame.
  public var duration: Milliseconds { samples[samples.count - 1].time }

  /// The first problem of `samples`, with its line in CSV form (line 2 is the first sample).
  static func validate(_ samples: [Sample]) -> TraceError? {
    guard !samples.isEmpty else { return .noSamples(line: 2) }
    var previous: Milliseconds?
    for (index, sample) in samples.enumerated() {
      if let problem = check(sample, after: previous, line: index + 2) { return problem }
      previous = sample.time
    }
    return nil
  }

  static func check(_ sample: Sample, after previous: Milliseconds?, line: Int) -> TraceError? {
    guard sample.time.isFinite else {
      return .notFinite(line: line, column: "t_ms", value: sample.time)
    }
    guard sample.offset.isFinite else {
      return .notFinite(line: line, column: "offset_pt", value: sample.offset)
    }
    guard sample.offset >= 0 else { return .negativeOffset(line: line, value: sample.offset) }
    guard sample.offset <= SimulationLimits.maximumLength else {
      return .tooLarge(
        line: line, column: "offset_pt", value: sample.offset,
        limit: SimulationLimits.maximumLength)
    }
    guard sample.time <= SimulationLimits.maximumTime else {
      return .tooLarge(
        line: line, column: "t_ms", value: sample.time, limit: SimulationLimits.maximumTime)
    }
    if let previous {
      guard sample.time > previous else {
        return .notIncreasing(line: line, value: sample.time, previous: previous)
      }
      guard sample.time - previous >= SimulationLimits.minimumFrameInterval else {
        return .tooClose(line: line, value: sample.time, previous: previous)
      }
    } else if sample.time != 0 {
      return .notStartingAtZero(line: line, value: sample.time)
    }
    return nil
  }
}
