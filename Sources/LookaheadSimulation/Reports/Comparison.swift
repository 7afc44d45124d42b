/// Every strategy's runs over a set of traces, summed per strategy, overall and per trace
/// class, with `texture` and `oracle` as reference points (docs/DESIGN.md, "Command-line
/// tools" and "Performance targets").
///
/// Built from run records in one pass; strategies and trace classes keep the order in which
/// they first appear in the records, so the same records always give the same report.
/// Avoidable blank item-frames pair each run with the `oracle` run on the same trace (same
/// trace name, network, layout and seed).
///
/// A value type; thread-safe.
public struct Comparison: Sendable, Equatable, Encodable {
  /// The id of the strategy every row is compared with first.
  public static let textureStrategy = StrategyID.texture.rawValue

  /// The id of the clairvoyant reference strategy.
  public static let oracleStrategy = StrategyID.oracle.rawValue

  /// The id of the clairvoyant limit.
  public static let frontierStrategy = StrategyID.frontier.rawValue

  /// The id of the strategy that the performance targets test against `texture`.
  public static let adaptiveStrategy = StrategyID.adaptive.rawValue

  /// The runs, in the order given.
  public var records: [RunRecord]

  /// One row per strategy over all traces.
  public var overall: [StrategyAggregate]

  /// One comparison per trace class.
  public var classes: [TraceClassComparison]

  /// The per-trace robustness criterion of `adaptive` against `texture`, or `nil` when no
  /// trace has runs of all of `adaptive`, `texture` and `oracle`.
  public var perTraceRobustness: PerTraceRobustness?

  /// Aggregates `records`.
  ///
  /// - Complexity: O(n log n) in the number of records.
  public init(records: [RunRecord]) {
    self.records = records
    let oracleBlank = Self.oracleBlankItemFrames(in: records)
    overall = Self.rows(for: records, traceClass: nil, oracleBlank: oracleBlank)
    var classOrder: [String] = []
    var byClass: [String: [RunRecord]] = [:]
    for record in records {
      if byClass[record.traceClass] == nil { classOrder.append(record.traceClass) }
      byClass[record.traceClass, default: []].append(record)
    }
    classes = classOrder.map { name in
      let classRecords = byClass[name, default: []]
      let rows = Self.rows(for: classRecords, traceClass: name, oracleBlank: oracleBlank)
      return TraceClassComparison(
        traceClass: name, traces: Set(classRecords.map(TraceKey.init)).count, strategies: rows)
    }
    perTraceRobustness = PerTraceRobustness(records: records)
  }

  /// The stable JSON keys of `results.json`.
  public enum CodingKeys: String, CodingKey {
    /// `records`
    case records
    /// `overall`
    case overall
    /// `classes`
    case classes
    /// `per_trace_robustness` (absent when ``Comparison/perTraceRobustness`` is `nil`)
    case perTraceRobustness = "per_trace_robustness"
  }

  /// Sums `records` per strategy, in order of first appearance, with ratios to the
  /// reference rows.
  ///
  /// - Complexity: O(n) in the number of records.
  static func rows(
    for records: [RunRecord], traceClass: String?, oracleBlank: [TraceKey: Int]
  ) -> [StrategyAggregate] {
    var order: [String] = []
    var groups: [String: [RunRecord]] = [:]
    for record in records {
      if groups[record.strategy] == nil { order.append(record.strategy) }
      groups[record.strategy, default: []].append(record)
    }
    var rows = order.map { strategy in
      aggregate(
        groups[strategy, default: []], strategy: strategy, traceClass: traceClass,
        oracleBlank: oracleBlank)
    }
    let texture = rows.first { $0.strategy == textureStrategy }
    let oracle = rows.first { $0.strategy == oracleStrategy }
    let frontier = rows.first { $0.strategy == frontierStrategy }
    for index in rows.indices {
      rows[index].ratioToTexture = texture.map { ReferenceRatios(of: rows[index], to: $0) }
      rows[index].ratioToOracle = oracle.map { ReferenceRatios(of: rows[index], to: $0) }
      rows[index].ratioToFrontier = frontier.map { ReferenceRatios(of: rows[index], to: $0) }
    }
    return rows
  }

  /// The sums of one strategy's runs (ratios left empty).
  ///
  /// - Complexity: O(n) in the number of records.
  static func aggregate(
    _ records: [RunRecord], strategy: String, traceClass: String?, oracleBlank: [TraceKey: Int]
  ) -> StrategyAggregate {
    var row = StrategyAggregate(
      strategy: strategy, traceClass: traceClass, runs: records.count, visibleItemFrames: 0,
      blankItemFrames: 0, blankRate: 0, avoidableBlankItemFrames: 0, stallMilliseconds: 0,
      bytes: 0, wastedBytes: 0, requests: 0, cancelled: 0, pages: 0, meanTimeToContentP95: 0,
      ratioToTexture: nil, ratioToOracle: nil, ratioToFrontier: nil)
    var timeToContentSum: Milliseconds = 0
    for record in records {
      let metrics = record.metrics
      row.visibleItemFrames += metrics.visibleItemFrames
      row.blankItemFrames += metrics.blankItemFrames
      row.stallMilliseconds += metrics.stallMilliseconds
      row.bytes += metrics.bytes
      row.wastedBytes += metrics.wastedBytes
      row.requests += metrics.requests
      row.cancelled += metrics.cancelled
      row.pages += metrics.pages
      timeToContentSum += metrics.timeToContentP95
      if let avoidable = row.avoidableBlankItemFrames, let oracle = oracleBlank[TraceKey(record)] {
        row.avoidableBlankItemFrames = avoidable + max(0, metrics.blankItemFrames - oracle)
      } else {
        row.avoidableBlankItemFrames = nil
      }
    }
    if row.visibleItemFrames > 0 {
      row.blankRate = Double(row.blankItemFrames) / Double(row.visibleItemFrames)
    }
    if !records.isEmpty { row.meanTimeToContentP95 = timeToContentSum / Double(records.count) }
    return row
  }

  /// The oracle's blank item-frames per trace.
  static func oracleBlankItemFrames(in records: [RunRecord]) -> [TraceKey: Int] {
    var result: [TraceKey: Int] = [:]
    for record in records where record.strategy == oracleStrategy {
      result[TraceKey(record)] = record.metrics.blankItemFrames
    }
    return result
  }

  /// What makes two runs comparable: the same trace under the same world and seed.
  struct TraceKey: Hashable {
    var trace: String
    var network: String
    var layout: String
    var seed: UInt64

    init(_ record: RunRecord) {
      trace = record.trace
      network = record.network
      layout = record.layout
      seed = record.seed
    }
  }
}

/// The rows of one trace class and the performance-target verdict for `adaptive` on it.
///
/// A value type; thread-safe.
public struct TraceClassComparison: Sendable, Equatable, Encodable {
  /// The trace class: a scenario name, or a trace's name when it names no scenario.
  public var traceClass: String

  /// The number of distinct traces (trace, network, layout, seed) in the class.
  public var traces: Int

  /// One row per strategy, summed over the class's traces.
  public var strategies: [StrategyAggregate]

  /// The performance-target verdict for `adaptive` against `texture` and `oracle`, or `nil`
  /// when one of the three did not run on the class (or a trace lacks its oracle run).
  public var verdict: AdaptiveVerdict?

  /// Creates the comparison of a class and derives its verdict from `strategies`.
  public init(traceClass: String, traces: Int, strategies: [StrategyAggregate]) {
    self.traceClass = traceClass
    self.traces = traces
    self.strategies = strategies
    verdict = AdaptiveVerdict.evaluate(rows: strategies)
  }

  /// The stable JSON keys.
  public enum CodingKeys: String, CodingKey {
    /// `trace_class`
    case traceClass = "trace_class"
    /// `traces`
    case traces
    /// `strategies`
    case strategies
    /// `verdict` (`null` when it cannot be decided)
    case verdict
  }

  /// Encodes every key, writing `null` for a missing verdict.
  ///
  /// - Throws: whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(traceClass, forKey: .traceClass)
    try container.encode(traces, forKey: .traces)
    try container.encode(strategies, forKey: .strategies)
    try container.encode(verdict, forKey: .verdict)
  }
}
