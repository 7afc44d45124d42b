/// The sums of one strategy's runs over a set of traces: a row of a comparison table.
///
/// Counts, stall time and bytes are sums over the runs; ``blankRate`` is the sum of blank
/// item-frames over the sum of visible item-frames (not a mean of per-run rates, so long
/// traces weigh more). ``meanTimeToContentP95`` is the **mean** of the runs' `ttc_p95_ms`:
/// the per-run p95 already discards the worst 5 % of appearances, and a mean keeps one
/// unlucky trace from dominating the row the way a max would.
///
/// ``avoidableBlankItemFrames`` follows docs/DESIGN.md, "Performance targets": per trace,
/// the run's blank item-frames minus the `oracle`'s on the same trace (same trace, network,
/// layout and seed), clamped at 0, summed. It is `nil` when some trace has no oracle run to
/// compare with.
///
/// A value type; thread-safe.
public struct StrategyAggregate: Sendable, Equatable, Encodable {
  /// The strategy id.
  public var strategy: String

  /// The trace class the sums cover, or `nil` for all traces.
  public var traceClass: String?

  /// The number of runs summed.
  public var runs: Int

  /// The sum of `visible_item_frames`.
  public var visibleItemFrames: Int

  /// The sum of `blank_item_frames`.
  public var blankItemFrames: Int

  /// `blankItemFrames / visibleItemFrames`, or 0 when nothing was visible.
  public var blankRate: Double

  /// Blank item-frames beyond the oracle's, clamped at 0 per trace and summed; `nil` when
  /// a trace has no oracle run.
  public var avoidableBlankItemFrames: Int?

  /// The sum of `stall_ms`.
  public var stallMilliseconds: Double

  /// The sum of `bytes`.
  public var bytes: Int

  /// The sum of `wasted_bytes`.
  public var wastedBytes: Int

  /// The sum of `requests`.
  public var requests: Int

  /// The sum of `cancelled`.
  public var cancelled: Int

  /// The sum of `pages`.
  public var pages: Int

  /// The mean of the runs' `ttc_p95_ms` (0 without runs).
  public var meanTimeToContentP95: Milliseconds

  /// This row as multiples of `texture`'s row, or `nil` when texture did not run.
  public var ratioToTexture: ReferenceRatios?

  /// This row as multiples of `oracle`'s row, or `nil` when the oracle did not run.
  public var ratioToOracle: ReferenceRatios?

  /// This row as multiples of `frontier`'s row (the clairvoyant limit), or `nil` when the
  /// frontier did not run.
  public var ratioToFrontier: ReferenceRatios?

  /// The stable JSON keys.
  public enum CodingKeys: String, CodingKey {
    /// `strategy`
    case strategy
    /// `trace_class` (`null` for all traces)
    case traceClass = "trace_class"
    /// `runs`
    case runs
    /// `visible_item_frames`
    case visibleItemFrames = "visible_item_frames"
    /// `blank_item_frames`
    case blankItemFrames = "blank_item_frames"
    /// `blank_rate`
    case blankRate = "blank_rate"
    /// `avoidable_blank_item_frames` (`null` without oracle runs)
    case avoidableBlankItemFrames = "avoidable_blank_item_frames"
    /// `stall_ms`
    case stallMilliseconds = "stall_ms"
    /// `bytes`
    case bytes
    /// `wasted_bytes`
    case wastedBytes = "wasted_bytes"
    /// `requests`
    case requests
    /// `cancelled`
    case cancelled
    /// `pages`
    case pages
    /// `ttc_p95_ms_mean`
    case meanTimeToContentP95 = "ttc_p95_ms_mean"
    /// `ratio_to_texture` (`null` without texture runs)
    case ratioToTexture = "ratio_to_texture"
    /// `ratio_to_oracle` (`null` without oracle runs)
    case ratioToOracle = "ratio_to_oracle"
    /// `ratio_to_frontier` (`null` without frontier runs)
    case ratioToFrontier = "ratio_to_frontier"
  }

  /// Encodes every key, writing `null` for missing values so scripts always see the same
  /// keys.
  ///
  /// - Throws: whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(strategy, forKey: .strategy)
    try container.encode(traceClass, forKey: .traceClass)
    try container.encode(runs, forKey: .runs)
    try container.encode(visibleItemFrames, forKey: .visibleItemFrames)
    try container.encode(blankItemFrames, forKey: .blankItemFrames)
    try container.encode(blankRate, forKey: .blankRate)
    try container.encode(avoidableBlankItemFrames, forKey: .avoidableBlankItemFrames)
    try container.encode(stallMilliseconds, forKey: .stallMilliseconds)
    try container.encode(bytes, forKey: .bytes)
    try container.encode(wastedBytes, forKey: .wastedBytes)
    try container.encode(requests, forKey: .requests)
    try container.encode(cancelled, forKey: .cancelled)
    try container.encode(pages, forKey: .pages)
    try container.encode(meanTimeToContentP95, forKey: .meanTimeToContentP95)
    try container.encode(ratioToTexture, forKey: .ratioToTexture)
    try container.encode(ratioToOracle, forKey: .ratioToOracle)
    try container.encode(ratioToFrontier, forKey: .ratioToFrontier)
  }
}

/// A row of a comparison as multiples of a reference strategy's row (`texture`, `oracle`
/// or `frontier`).
///
/// Each ratio is this row's value over the reference's; it is `nil` when the reference's
/// value is 0 (or unknown), where no multiple exists.
///
/// A value type; thread-safe.
public struct ReferenceRatios: Sendable, Equatable, Encodable {
  /// Blank item-frames over the reference's.
  public var blankItemFrames: Double?

  /// Avoidable blank item-frames over the reference's (docs/DESIGN.md, "Performance
  /// targets").
  public var avoidableBlankItemFrames: Double?

  /// Bytes over the reference's.
  public var bytes: Double?

  /// Stall milliseconds over the reference's.
  public var stallMilliseconds: Double?

  /// Creates ratios.
  public init(
    blankItemFrames: Double?, avoidableBlankItemFrames: Double?, bytes: Double?,
    stallMilliseconds: Double?
  ) {
    self.blankItemFrames = blankItemFrames
    self.avoidableBlankItemFrames = avoidableBlankItemFrames
    self.bytes = bytes
    self.stallMilliseconds = stallMilliseconds
  }

  /// The ratios of `row` to `reference`.
  ///
  /// - Complexity: O(1).
  public init(of row: StrategyAggregate, to reference: StrategyAggregate) {
    self.init(
      blankItemFrames: Self.ratio(Double(row.blankItemFrames), Double(reference.blankItemFrames)),
      avoidableBlankItemFrames: Self.ratio(
        row.avoidableBlankItemFrames.map(Double.init),
        reference.avoidableBlankItemFrames.map(Double.init)),
      bytes: Self.ratio(Double(row.bytes), Double(reference.bytes)),
      stallMilliseconds: Self.ratio(row.stallMilliseconds, reference.stallMilliseconds))
  }

  /// The stable JSON keys.
  public enum CodingKeys: String, CodingKey {
    /// `blank_item_frames`
    case blankItemFrames = "blank_item_frames"
    /// `avoidable_blank_item_frames`
    case avoidableBlankItemFrames = "avoidable_blank_item_frames"
    /// `bytes`
    case bytes
    /// `stall_ms`
    case stallMilliseconds = "stall_ms"
  }

  /// Encodes every key, writing `null` where no ratio exists.
  ///
  /// - Throws: whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(blankItemFrames, forKey: .blankItemFrames)
    try container.encode(avoidableBlankItemFrames, forKey: .avoidableBlankItemFrames)
    try container.encode(bytes, forKey: .bytes)
    try container.encode(stallMilliseconds, forKey: .stallMilliseconds)
  }

  private static func ratio(_ value: Double?, _ reference: Double?) -> Double? {
    guard let value, let reference, reference > 0 else { return nil }
    return value / reference
  }
}
