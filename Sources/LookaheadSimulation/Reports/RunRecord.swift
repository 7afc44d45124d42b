import Foundation

/// One simulation run as reports and scripts see it: what was run, and its metrics.
///
/// Encodes to one flat JSON object: the identification keys `strategy`, `trace`, `network`,
/// `layout` and `seed`, the optional `scenario` (the trace class; omitted when `nil`), and
/// every metric (docs/DESIGN.md, "Metrics") under its snake_case key (see
/// ``RunMetrics/CodingKeys``). This is the object `lookahead simulate --json` prints.
/// ``jsonData()`` sorts the keys, so equal records always give the same bytes.
///
/// A value type; thread-safe.
public struct RunRecord: Sendable, Equatable, Codable {
  /// The strategy id, for example `texture` (a `StrategyID` raw value).
  public var strategy: String

  /// The trace's name: the file name without `.csv`, or `<scenario>-<seed>` for a
  /// generated trace.
  public var trace: String

  /// The trace class the run is grouped under in comparisons (a scenario name such as
  /// `skimmer`, or the file name when it names no scenario), or `nil` for a lone run.
  public var scenario: String?

  /// The network profile's name (`wifi`, `lte`, `3g`).
  public var network: String

  /// The layout's id (`feed`, `grid`).
  public var layout: String

  /// The seed of the run's network jitter.
  public var seed: UInt64

  /// The metrics of the run.
  public var metrics: RunMetrics

  /// Creates a record.
  public init(
    strategy: String, trace: String, scenario: String? = nil, network: String, layout: String,
    seed: UInt64, metrics: RunMetrics
  ) {
    self.strategy = strategy
    self.trace = trace
    self.scenario = scenario
    self.network = network
    self.layout = layout
    self.seed = seed
    self.metrics = metrics
  }

  /// The trace class used to group this run: ``scenario``, or the trace's name without one.
  public var traceClass: String { scenario ?? trace }

  /// The identification keys; the metrics use ``RunMetrics/CodingKeys``.
  public enum CodingKeys: String, CodingKey, CaseIterable {
    /// `strategy`
    case strategy
    /// `trace`
    case trace
    /// `scenario` (only present when the record has one)
    case scenario
    /// `network`
    case network
    /// `layout`
    case layout
    /// `seed`
    case seed
  }

  /// Decodes a flat record object.
  ///
  /// - Throws: `DecodingError` when a key is missing or has the wrong type.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    strategy = try container.decode(String.self, forKey: .strategy)
    trace = try container.decode(String.self, forKey: .trace)
    scenario = try container.decodeIfPresent(String.self, forKey: .scenario)
    network = try container.decode(String.self, forKey: .network)
    layout = try container.decode(String.self, forKey: .layout)
    seed = try container.decode(UInt64.self, forKey: .seed)
    metrics = try RunMetrics(from: decoder)
  }

  /// Encodes the record as one flat object.
  ///
  /// - Throws: whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(strategy, forKey: .strategy)
    try container.encode(trace, forKey: .trace)
    try container.encodeIfPresent(scenario, forKey: .scenario)
    try container.encode(network, forKey: .network)
    try container.encode(layout, forKey: .layout)
    try container.encode(seed, forKey: .seed)
    // Same encoder, second keyed container: JSONEncoder merges both into one object.
    try metrics.encode(to: encoder)
  }

  /// The record as one JSON object with sorted keys (byte-stable for equal records).
  ///
  /// - Complexity: O(1).
  public func jsonData() -> Data {
    // Encoding strings and finite numbers cannot fail.
    try! ReportJSON.encoder().encode(self)
  }
}

/// The one JSON configuration of every report: sorted keys, no escaped slashes.
enum ReportJSON {
  static func encoder(pretty: Bool = false) -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting =
      pretty
      ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
      : [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }
}
