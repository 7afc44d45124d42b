import Foundation

/// Renders ``TraceProfile``s: the output of `lookahead traces describe`.
///
/// One row per trace, then, for more than one trace, a row `all` that reads them as one
/// session (``TraceProfile/init(combining:)``): its lift-off quantiles pool every
/// lift-off, and its rates divide by the total duration. That row is the figure to hold
/// against a description of a class of sessions, such as "lift-off speeds have a median
/// of 43 pt/s".
///
/// A namespace of pure functions; thread-safe.
public enum TraceProfileReport {
  /// The lift-off percentiles in the table and the JSON: p50, p90, p99.
  public static let liftOffPercentiles: [Double] = [50, 90, 99]

  /// The column headers of the table, in order.
  public static let headers = [
    "trace", "s", "moving %", "lift-offs/min", "lift-off p50", "p90", "p99",
    "reversals/min", "idle ≥1 s/min", "longest idle s", "travel pt", "net pt",
  ]

  /// One described trace: its name and its figures.
  public struct Row: Sendable, Equatable, Encodable {
    /// The trace's name, or `all` for the combined row.
    public var name: String
    /// Its figures.
    public var profile: TraceProfile

    /// Creates a row.
    public init(name: String, profile: TraceProfile) {
      self.name = name
      self.profile = profile
    }

    private enum CodingKeys: String, CodingKey {
      case name
      case durationSeconds = "duration_s"
      case movingShare = "moving_share"
      case liftOffs = "lift_offs"
      case liftOffsPerMinute = "lift_offs_per_minute"
      case liftOffP50 = "lift_off_p50_pt_s"
      case liftOffP90 = "lift_off_p90_pt_s"
      case liftOffP99 = "lift_off_p99_pt_s"
      case reversals
      case reversalsPerMinute = "reversals_per_minute"
      case idlePeriods = "idle_periods"
      case idlePeriodsPerMinute = "idle_periods_per_minute"
      case longestIdleSeconds = "longest_idle_s"
      case travel = "travel_pt"
      case netTravel = "net_travel_pt"
    }

    /// The row as a JSON object with snake_case keys; a quantile of a trace without
    /// lift-offs is `null`.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(name, forKey: .name)
      try container.encode(profile.duration / 1000, forKey: .durationSeconds)
      try container.encode(profile.movingShare, forKey: .movingShare)
      try container.encode(profile.liftOffSpeeds.count, forKey: .liftOffs)
      try container.encode(profile.liftOffsPerMinute, forKey: .liftOffsPerMinute)
      let speeds = profile.liftOffSpeeds(atPercentiles: TraceProfileReport.liftOffPercentiles)
      try container.encode(speeds?[0], forKey: .liftOffP50)
      try container.encode(speeds?[1], forKey: .liftOffP90)
      try container.encode(speeds?[2], forKey: .liftOffP99)
      try container.encode(profile.reversals, forKey: .reversals)
      try container.encode(profile.reversalsPerMinute, forKey: .reversalsPerMinute)
      try container.encode(profile.idlePeriods, forKey: .idlePeriods)
      try container.encode(profile.idlePeriodsPerMinute, forKey: .idlePeriodsPerMinute)
      try container.encode(profile.longestIdle / 1000, forKey: .longestIdleSeconds)
      try container.encode(profile.travel, forKey: .travel)
      try container.encode(profile.netTravel, forKey: .netTravel)
    }
  }

  /// The rows of `traces`, plus the combined row `all` when there are several.
  ///
  /// - Complexity: O(*n* + *s*) for *n* traces and *s* lift-offs.
  public static func rows(_ traces: [Row]) -> [Row] {
    guard traces.count > 1 else { return traces }
    return traces + [Row(name: "all", profile: TraceProfile(combining: traces.map(\.profile)))]
  }

  /// The aligned table of ``rows(_:)`` and a line defining its terms.
  ///
  /// - Complexity: O(*n* + *s* log *s*).
  public static func render(_ traces: [Row]) -> String {
    var text = ComparisonTable.align([headers] + rows(traces).map(cells(of:)))
    text += """
      moving %: frames whose offset changed; lift-off: where a stroke ends (pt/s); \
      reversal: a turn of more than 100 pt; idle: a pause of at least 1 s.

      """
    return text
  }

  /// `{"traces": [...]}` with one object per row of ``rows(_:)``, pretty-printed with
  /// sorted keys.
  ///
  /// - Complexity: O(*n* + *s* log *s*).
  public static func jsonData(_ traces: [Row]) -> Data {
    // Every value is a string, an integer, a finite double or null: encoding cannot fail.
    var data = try! ReportJSON.encoder(pretty: true).encode(["traces": rows(traces)])
    data.append(UInt8(ascii: "\n"))
    return data
  }

  static func cells(of row: Row) -> [String] {
    let profile = row.profile
    let speeds =
      profile.liftOffSpeeds(atPercentiles: liftOffPercentiles)?.map {
        ComparisonTable.fixed($0, digits: 0)
      } ?? liftOffPercentiles.map { _ in "-" }
    return [
      row.name,
      ComparisonTable.fixed(profile.duration / 1000, digits: 1),
      ComparisonTable.fixed(profile.movingShare * 100, digits: 1),
      ComparisonTable.fixed(profile.liftOffsPerMinute, digits: 1),
      speeds[0], speeds[1], speeds[2],
      ComparisonTable.fixed(profile.reversalsPerMinute, digits: 1),
      ComparisonTable.fixed(profile.idlePeriodsPerMinute, digits: 1),
      ComparisonTable.fixed(profile.longestIdle / 1000, digits: 1),
      ComparisonTable.fixed(profile.travel, digits: 0),
      ComparisonTable.fixed(profile.netTravel, digits: 0),
    ]
  }
}
