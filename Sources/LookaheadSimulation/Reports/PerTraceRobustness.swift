/// The per-trace robustness criterion of `adaptive` against `texture`: on how many traces
/// adaptive is not noticeably worse.
///
/// The performance-target verdict (``AdaptiveVerdict``) sums a whole trace class, so a
/// strategy can pass it while losing badly on a few traces, which is what overfitting to a
/// handful of scenarios looks like. This criterion looks at each trace on its own. On one
/// trace, adaptive is **robust** when both hold:
/// - its avoidable blank item-frames are at most texture's + 5
///   (``avoidableBlankAllowance``);
/// - its bytes are at most 1.02 × texture's (``bytesAllowance``).
///
/// Avoidable blank item-frames of a run are its blank item-frames minus the oracle's on the
/// same trace, clamped at 0 (as in ``StrategyAggregate/avoidableBlankItemFrames``). The
/// criterion **passes** for a set of traces when adaptive is robust on at least 95 % of them
/// (``requiredShare``). Every comparison is done on integers, so a value exactly on a
/// threshold passes.
///
/// Each outcome also records the oracle's bytes, and each tally counts the traces on which
/// the oracle itself uses more than ``bytesAllowance`` × texture's bytes
/// (``Tally/oracleOverBytesAllowance``). The oracle's blank item-frames define "avoidable",
/// so on those traces showing what texture left blank costs bytes: they mark the byte
/// failures that come from showing more, not from waste.
///
/// A value type; thread-safe.
public struct PerTraceRobustness: Sendable, Equatable, Encodable {
  /// How many avoidable blank item-frames adaptive may have beyond texture's on a trace: 5.
  public static let avoidableBlankAllowance = 5

  /// The largest multiple of texture's bytes adaptive may use on a trace: 1.02.
  public static let bytesAllowance = 1.02

  /// The smallest share of robust traces for the criterion to pass: 0.95.
  public static let requiredShare = 0.95

  /// `adaptive` against `texture` on one trace.
  ///
  /// A value type; thread-safe.
  public struct TraceOutcome: Sendable, Equatable, Encodable {
    /// The trace's name.
    public var trace: String
    /// The trace's class.
    public var traceClass: String
    /// The network profile's name.
    public var network: String
    /// The layout's id.
    public var layout: String
    /// The seed of the runs.
    public var seed: UInt64
    /// `adaptive`'s avoidable blank item-frames on the trace.
    public var adaptiveAvoidableBlank: Int
    /// `texture`'s avoidable blank item-frames on the trace.
    public var textureAvoidableBlank: Int
    /// `adaptive`'s bytes on the trace.
    public var adaptiveBytes: Int
    /// `texture`'s bytes on the trace.
    public var textureBytes: Int
    /// The oracle's bytes on the trace.
    public var oracleBytes: Int

    /// Avoidable blank ≤ texture's + ``PerTraceRobustness/avoidableBlankAllowance``.
    public let isAvoidableBlankWithinAllowance: Bool
    /// Bytes ≤ ``PerTraceRobustness/bytesAllowance`` × texture's.
    public let isBytesWithinAllowance: Bool
    /// The oracle's bytes ≤ ``PerTraceRobustness/bytesAllowance`` × texture's; not part of
    /// ``isRobust``.
    public let isOracleBytesWithinAllowance: Bool

    /// Decides the outcome of one trace.
    public init(
      trace: String, traceClass: String, network: String, layout: String, seed: UInt64,
      adaptiveAvoidableBlank: Int, textureAvoidableBlank: Int, adaptiveBytes: Int,
      textureBytes: Int, oracleBytes: Int
    ) {
      self.trace = trace
      self.traceClass = traceClass
      self.network = network
      self.layout = layout
      self.seed = seed
      self.adaptiveAvoidableBlank = adaptiveAvoidableBlank
      self.textureAvoidableBlank = textureAvoidableBlank
      self.adaptiveBytes = adaptiveBytes
      self.textureBytes = textureBytes
      self.oracleBytes = oracleBytes
      isAvoidableBlankWithinAllowance =
        adaptiveAvoidableBlank <= textureAvoidableBlank + PerTraceRobustness.avoidableBlankAllowance
      // The integer form of a ≤ 1.02·t: exact on the boundary.
      isBytesWithinAllowance = 50 * adaptiveBytes <= 51 * textureBytes
      isOracleBytesWithinAllowance = 50 * oracleBytes <= 51 * textureBytes
    }

    /// Both allowances hold.
    public var isRobust: Bool { isAvoidableBlankWithinAllowance && isBytesWithinAllowance }

    /// `adaptiveBytes / textureBytes`, or `nil` when texture transferred nothing.
    public var bytesRatio: Double? {
      textureBytes > 0 ? Double(adaptiveBytes) / Double(textureBytes) : nil
    }

    /// `oracleBytes / textureBytes`, or `nil` when texture transferred nothing.
    public var oracleBytesRatio: Double? {
      textureBytes > 0 ? Double(oracleBytes) / Double(textureBytes) : nil
    }

    /// The stable JSON keys.
    public enum CodingKeys: String, CodingKey {
      /// `trace`
      case trace
      /// `trace_class`
      case traceClass = "trace_class"
      /// `network`
      case network
      /// `layout`
      case layout
      /// `seed`
      case seed
      /// `adaptive_avoidable_blank_item_frames`
      case adaptiveAvoidableBlank = "adaptive_avoidable_blank_item_frames"
      /// `texture_avoidable_blank_item_frames`
      case textureAvoidableBlank = "texture_avoidable_blank_item_frames"
      /// `adaptive_bytes`
      case adaptiveBytes = "adaptive_bytes"
      /// `texture_bytes`
      case textureBytes = "texture_bytes"
      /// `bytes_ratio` (`null` when texture transferred nothing)
      case bytesRatio = "bytes_ratio"
      /// `oracle_bytes`
      case oracleBytes = "oracle_bytes"
      /// `oracle_bytes_ratio` (`null` when texture transferred nothing)
      case oracleBytesRatio = "oracle_bytes_ratio"
      /// `oracle_bytes_within_allowance`
      case isOracleBytesWithinAllowance = "oracle_bytes_within_allowance"
      /// `avoidable_blank_within_allowance`
      case isAvoidableBlankWithinAllowance = "avoidable_blank_within_allowance"
      /// `bytes_within_allowance`
      case isBytesWithinAllowance = "bytes_within_allowance"
      /// `robust`
      case isRobust = "robust"
    }

    /// Encodes the inputs and every decision.
    ///
    /// - Throws: whatever the encoder throws.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(trace, forKey: .trace)
      try container.encode(traceClass, forKey: .traceClass)
      try container.encode(network, forKey: .network)
      try container.encode(layout, forKey: .layout)
      try container.encode(seed, forKey: .seed)
      try container.encode(adaptiveAvoidableBlank, forKey: .adaptiveAvoidableBlank)
      try container.encode(textureAvoidableBlank, forKey: .textureAvoidableBlank)
      try container.encode(adaptiveBytes, forKey: .adaptiveBytes)
      try container.encode(textureBytes, forKey: .textureBytes)
      try container.encode(bytesRatio, forKey: .bytesRatio)
      try container.encode(oracleBytes, forKey: .oracleBytes)
      try container.encode(oracleBytesRatio, forKey: .oracleBytesRatio)
      try container.encode(isOracleBytesWithinAllowance, forKey: .isOracleBytesWithinAllowance)
      try container.encode(
        isAvoidableBlankWithinAllowance, forKey: .isAvoidableBlankWithinAllowance)
      try container.encode(isBytesWithinAllowance, forKey: .isBytesWithinAllowance)
      try container.encode(isRobust, forKey: .isRobust)
    }
  }

  /// How many traces of a set are robust, and whether that is enough.
  ///
  /// A value type; thread-safe.
  public struct Tally: Sendable, Equatable, Encodable {
    /// The trace class counted, or `nil` for all traces.
    public var traceClass: String?
    /// The number of traces.
    public var traces: Int
    /// The number of traces on which adaptive is robust.
    public var robustTraces: Int
    /// The number of traces on which the oracle uses more than
    /// ``PerTraceRobustness/bytesAllowance`` × texture's bytes.
    public var oracleOverBytesAllowance: Int

    /// Creates a tally.
    public init(
      traceClass: String?, traces: Int, robustTraces: Int, oracleOverBytesAllowance: Int = 0
    ) {
      self.traceClass = traceClass
      self.traces = traces
      self.robustTraces = robustTraces
      self.oracleOverBytesAllowance = oracleOverBytesAllowance
    }

    /// Adds one trace's outcome.
    mutating func count(_ outcome: TraceOutcome) {
      traces += 1
      if outcome.isRobust { robustTraces += 1 }
      if !outcome.isOracleBytesWithinAllowance { oracleOverBytesAllowance += 1 }
    }

    /// `robustTraces / traces`, or 0 without traces.
    public var share: Double { traces > 0 ? Double(robustTraces) / Double(traces) : 0 }

    /// At least 95 % of the traces (and at least one) are robust.
    public var passes: Bool { traces > 0 && 20 * robustTraces >= 19 * traces }

    /// The stable JSON keys.
    public enum CodingKeys: String, CodingKey {
      /// `trace_class` (`null` for all traces)
      case traceClass = "trace_class"
      /// `traces`
      case traces
      /// `robust_traces`
      case robustTraces = "robust_traces"
      /// `oracle_over_bytes_allowance`
      case oracleOverBytesAllowance = "oracle_over_bytes_allowance"
      /// `share`
      case share
      /// `passes`
      case passes
    }

    /// Encodes every key, writing `null` for all traces' class.
    ///
    /// - Throws: whatever the encoder throws.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(traceClass, forKey: .traceClass)
      try container.encode(traces, forKey: .traces)
      try container.encode(robustTraces, forKey: .robustTraces)
      try container.encode(oracleOverBytesAllowance, forKey: .oracleOverBytesAllowance)
      try container.encode(share, forKey: .share)
      try container.encode(passes, forKey: .passes)
    }
  }

  /// One outcome per trace, in the order the traces first appear.
  public var outcomes: [TraceOutcome]

  /// The tally over all traces.
  public var overall: Tally

  /// One tally per trace class, in the order the classes first appear.
  public var classes: [Tally]

  /// Tallies `outcomes`.
  ///
  /// - Complexity: O(n) in the number of outcomes.
  public init(outcomes: [TraceOutcome]) {
    self.outcomes = outcomes
    var overall = Tally(traceClass: nil, traces: 0, robustTraces: 0)
    var order: [String] = []
    var tallies: [String: Tally] = [:]
    for outcome in outcomes {
      overall.count(outcome)
      if tallies[outcome.traceClass] == nil {
        order.append(outcome.traceClass)
        tallies[outcome.traceClass] = Tally(
          traceClass: outcome.traceClass, traces: 0, robustTraces: 0)
      }
      tallies[outcome.traceClass]?.count(outcome)
    }
    self.overall = overall
    classes = order.compactMap { tallies[$0] }
  }

  /// The criterion over `records`, or `nil` when no trace has runs of all of `adaptive`,
  /// `texture` and `oracle` (traces lacking one of them are left out).
  ///
  /// - Complexity: O(n) in the number of records.
  public init?(records: [RunRecord]) {
    var order: [Comparison.TraceKey] = []
    var runs: [Comparison.TraceKey: [String: RunRecord]] = [:]
    for record in records {
      let key = Comparison.TraceKey(record)
      if runs[key] == nil { order.append(key) }
      runs[key, default: [:]][record.strategy] = record
    }
    let outcomes = order.compactMap { key -> TraceOutcome? in
      guard let strategies = runs[key], let adaptive = strategies[Comparison.adaptiveStrategy],
        let texture = strategies[Comparison.textureStrategy],
        let oracle = strategies[Comparison.oracleStrategy]
      else { return nil }
      let oracleBlank = oracle.metrics.blankItemFrames
      return TraceOutcome(
        trace: key.trace, traceClass: adaptive.traceClass, network: key.network,
        layout: key.layout, seed: key.seed,
        adaptiveAvoidableBlank: max(0, adaptive.metrics.blankItemFrames - oracleBlank),
        textureAvoidableBlank: max(0, texture.metrics.blankItemFrames - oracleBlank),
        adaptiveBytes: adaptive.metrics.bytes, textureBytes: texture.metrics.bytes,
        oracleBytes: oracle.metrics.bytes)
    }
    guard !outcomes.isEmpty else { return nil }
    self.init(outcomes: outcomes)
  }

  /// The traces on which adaptive is not robust, in trace order.
  ///
  /// - Complexity: O(n) in the number of outcomes.
  public var failures: [TraceOutcome] { outcomes.filter { !$0.isRobust } }

  /// Whether the criterion passes over all traces.
  public var passes: Bool { overall.passes }

  /// The stable JSON keys.
  public enum CodingKeys: String, CodingKey {
    /// `avoidable_blank_allowance`
    case avoidableBlankAllowance = "avoidable_blank_allowance"
    /// `bytes_allowance`
    case bytesAllowance = "bytes_allowance"
    /// `required_share`
    case requiredShare = "required_share"
    /// `overall`
    case overall
    /// `classes`
    case classes
    /// `traces`
    case outcomes = "traces"
  }

  /// Encodes the thresholds, the tallies and every trace's outcome.
  ///
  /// - Throws: whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(Self.avoidableBlankAllowance, forKey: .avoidableBlankAllowance)
    try container.encode(Self.bytesAllowance, forKey: .bytesAllowance)
    try container.encode(Self.requiredShare, forKey: .requiredShare)
    try container.encode(overall, forKey: .overall)
    try container.encode(classes, forKey: .classes)
    try container.encode(outcomes, forKey: .outcomes)
  }
}
