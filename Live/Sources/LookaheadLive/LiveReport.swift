import Foundation
import Lookahead
import LookaheadFeedServer
import LookaheadSimulation

/// A live run next to the simulator's prediction for the same trace, strategy, world and
/// seed: every metric (docs/DESIGN.md, "Metrics") from both sides, their ratios, the
/// agreement verdict and the checks, as text or JSON.
///
/// A value type; thread-safe.
public struct LiveReport: Sendable {
  /// The trace's name, such as `reader-1`.
  public var traceName: String
  /// The run's setup.
  public var setup: LiveRunSetup
  /// The faults the server injected, as `--faults` spells them.
  public var faults: String
  /// What the live run measured.
  public var result: LiveResult
  /// What `simulate` predicts for the same trace, strategy, world and seed.
  public var prediction: ListMetrics

  /// Creates a report.
  public init(
    traceName: String, setup: LiveRunSetup, faults: String, result: LiveResult,
    prediction: ListMetrics
  ) {
    self.traceName = traceName
    self.setup = setup
    self.faults = faults
    self.result = result
    self.prediction = prediction
  }

  /// The agreement of the live metrics with the prediction.
  public var agreement: LiveAgreement {
    LiveAgreement(live: result.metrics, simulated: prediction)
  }

  /// The report as aligned text: a header, one line per metric (live, simulate,
  /// live/simulate), the agreement and the checks.
  public var text: String {
    let live = result.metrics
    let world = setup.world
    var text =
      "live: \(setup.strategy.rawValue) on \(traceName) — \(world.network.name), "
      + "\(world.layout.kind.rawValue), seed \(setup.seed), speed \(Self.number(setup.speed))×, "
      + "faults \(faults)\n"
    let rows = Self.rows(live: live, simulated: prediction)
    let widths = (
      rows.map(\.name.count).max() ?? 0, rows.map(\.live.count).max() ?? 0,
      rows.map(\.simulated.count).max() ?? 0
    )
    func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
      let space = String(repeating: " ", count: Swift.max(0, width - text.count))
      return left ? text + space : space + text
    }
    text +=
      pad("metric", widths.0, left: true) + "  " + pad("live", Swift.max(4, widths.1))
      + "  " + pad("simulate", Swift.max(8, widths.2)) + "  live/sim\n"
    for row in rows {
      text +=
        pad(row.name, widths.0, left: true) + "  " + pad(row.live, Swift.max(4, widths.1))
        + "  " + pad(row.simulated, Swift.max(8, widths.2)) + "  " + pad(row.ratio, 8) + "\n"
    }
    text += "\n" + agreement.text + "\n"
    text += checksText
    return text
  }

  private var checksText: String {
    let loads = result.loader
    var text =
      "image loader: \(loads.delivered) bodies delivered (\(loads.deliveredBytes) bytes), "
      + "\(loads.cancelled) cancelled, \(loads.failed) failed; the preloader reported "
      + "\(result.reportedLoads) loaded\n"
    let ratio =
      prediction.bytes == 0
      ? "-" : String(format: "%.3f", Double(result.receivedBytes) / Double(prediction.bytes))
    text +=
      "bytes received by the app's loaders: \(result.receivedBytes) (×sim \(ratio)), of which "
      + "\(result.pageLoader.deliveredBytes) in \(result.pageLoader.delivered) pages\n"
    let truth = result.groundTruth
    let live = result.metrics
    text +=
      "field metrics against the run's own count: visible item-frames \(live.visibleItemFrames)"
      + "/\(truth.visibleItemFrames), blank \(live.blankItemFrames)/\(truth.blankItemFrames), "
      + "bytes \(result.drainedMetrics.bytes)/\(truth.bytes) (after the loads cancelled at the "
      + "end)\n"
    if let server = result.server {
      let faults = server.faultCounts.map { "\($0.name) \($0.count)" }.joined(separator: ", ")
      text +=
        "server: \(server.completedResponses) responses completed, "
        + "\(server.abandonedResponses) abandoned by the client, "
        + "\(server.partialBodyBytes) partial body bytes; faults: \(faults)\n"
    }
    let check = result.diskCache
    let megabytes = Self.megabytes(check.bytes)
    if check.invalid.isEmpty {
      text += "disk cache: \(check.entries) entries (\(megabytes) MB), every one reads back with "
      text += "a valid checksum\n"
    } else {
      let names = check.invalid.prefix(5).joined(separator: ", ")
      text += "disk cache: \(check.entries) entries (\(megabytes) MB), "
      text += "\(check.invalid.count) INVALID: \(names)\n"
    }
    let missed = result.missedAppearances()
    let long = result.longAppearances()
    text += "images: \(long) appearances of at least 2 s, "
    if missed.isEmpty {
      text += "every one showed its image\n"
    } else {
      let items = missed.prefix(5).map { String($0.item) }.joined(separator: ", ")
      text += "\(missed.count) NEVER showed their image (items \(items))\n"
    }
    let seconds =
      Double(result.elapsed.components.seconds)
      + Double(result.elapsed.components.attoseconds) * 1e-18
    let roundTrip = result.loopbackRoundTrip.components.attoseconds / 1_000_000_000_000
    text +=
      "loopback round trip: \(roundTrip) µs (not shaped; taken off the server's latencies "
      + "in proportion to the speed when it runs in this process)\n"
    text +=
      "peak memory: \(Self.megabytes(result.peakMemoryBytes)) MB resident; "
      + "the replay took \(String(format: "%.1f", seconds)) s\n"
    return text
  }

  /// The report as one JSON object with sorted keys: `live` and `simulate` hold the
  /// metrics under their stable JSON keys (docs/DESIGN.md, "Metrics"), `ratio` their
  /// quotients (`null` where the prediction is 0).
  public func jsonData() -> Data {
    let live = result.metrics
    let object: [String: Any] = [
      "strategy": setup.strategy.rawValue,
      "trace": traceName,
      "network": setup.world.network.name,
      "layout": setup.world.layout.kind.rawValue,
      "seed": setup.seed,
      "speed": setup.speed,
      "faults": faults,
      "live": Self.dictionary(live),
      "simulate": Self.dictionary(prediction),
      "ratio": Dictionary(
        uniqueKeysWithValues: Self.pairs(live: live, simulated: prediction).map {
          ($0.key, $0.simulated == 0 ? NSNull() : ($0.live / $0.simulated) as Any)
        }),
      "agreement": agreement.dictionary,
      "server": result.server.map(Self.dictionary) ?? NSNull(),
      "image_loader": [
        "delivered": result.loader.delivered, "delivered_bytes": result.loader.deliveredBytes,
        "cancelled": result.loader.cancelled, "failed": result.loader.failed,
        "reported_loaded": result.reportedLoads,
      ],
      "page_loader": [
        "delivered": result.pageLoader.delivered,
        "delivered_bytes": result.pageLoader.deliveredBytes,
        "cancelled": result.pageLoader.cancelled, "failed": result.pageLoader.failed,
      ],
      "received_bytes": result.receivedBytes,
      "ground_truth": [
        "visible_item_frames": result.groundTruth.visibleItemFrames,
        "blank_item_frames": result.groundTruth.blankItemFrames,
        "bytes": result.groundTruth.bytes,
      ],
      "disk_cache": [
        "entries": result.diskCache.entries, "invalid": result.diskCache.invalid,
        "bytes": result.diskCache.bytes,
      ],
      "appearances": [
        "at_least_2s": result.longAppearances(),
        "missed": result.missedAppearances().map(\.item),
      ],
      "peak_memory_bytes": result.peakMemoryBytes,
      "loopback_round_trip_ms": Double(result.loopbackRoundTrip.components.attoseconds) * 1e-15
        + Double(result.loopbackRoundTrip.components.seconds) * 1000,
      "elapsed_ms": Double(result.elapsed.components.seconds) * 1000
        + Double(result.elapsed.components.attoseconds) * 1e-15,
    ]
    // Numbers, strings, arrays and dictionaries always serialize.
    return try! JSONSerialization.data(
      withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
  }

  /// Every metric of both sides, by its JSON key, in the order docs/DESIGN.md, "Metrics",
  /// lists them.
  static func pairs(live: ListMetrics, simulated: ListMetrics) -> [(
    key: String, live: Double, simulated: Double
  )] {
    let a = dictionary(live)
    let b = dictionary(simulated)
    return ListMetrics.CodingKeys.allCases.map { key in
      (key.rawValue, (a[key.rawValue] as? Double) ?? 0, (b[key.rawValue] as? Double) ?? 0)
    }
  }

  private static func rows(live: ListMetrics, simulated: ListMetrics) -> [(
    name: String, live: String, simulated: String, ratio: String
  )] {
    pairs(live: live, simulated: simulated).map { pair in
      let digits = pair.key == "blank_rate" ? 4 : (pair.key.hasSuffix("_ms") ? 1 : 0)
      let ratio = pair.simulated == 0 ? "-" : String(format: "%.3f", pair.live / pair.simulated)
      return (
        pair.key, String(format: "%.\(digits)f", pair.live),
        String(format: "%.\(digits)f", pair.simulated), ratio
      )
    }
  }

  static func dictionary(_ value: some Encodable) -> [String: Any] {
    // Metrics and statistics are numbers only.
    let data = try! JSONEncoder().encode(value)
    let object = try! JSONSerialization.jsonObject(with: data) as! [String: Any]
    return object.mapValues { ($0 as? NSNumber).map { $0.doubleValue as Any } ?? $0 }
  }

  /// `4` or `2.5`.
  public static func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }

  static func megabytes(_ bytes: Int) -> String {
    String(format: "%.1f", Double(bytes) / 1_000_000)
  }
}

/// Whether a live run agrees with the simulator within the tolerances of the sim-to-real
/// check: bytes and requests within 5 %, stall within 10 %, blank item-frames within 20 %
/// or 30 item-frames.
///
/// A value type; thread-safe.
public struct LiveAgreement: Sendable, Hashable {
  /// One compared metric.
  public struct Item: Sendable, Hashable {
    /// The metric's JSON key.
    public var key: String
    /// The live value.
    public var live: Double
    /// The predicted value.
    public var simulated: Double
    /// The relative tolerance.
    public var tolerance: Double
    /// The absolute slack, in the metric's unit.
    public var slack: Double

    /// Whether the values agree: within the tolerance of the prediction, or the slack.
    public var agrees: Bool {
      abs(live - simulated) <= Swift.max(tolerance * abs(simulated), slack)
    }
  }

  /// The compared metrics: bytes, requests, stall and blank item-frames.
  public var items: [Item]

  /// Compares `live` with `simulated`.
  public init(live: ListMetrics, simulated: ListMetrics) {
    items = [
      Item(
        key: "bytes", live: Double(live.bytes), simulated: Double(simulated.bytes),
        tolerance: 0.05, slack: 0),
      Item(
        key: "requests", live: Double(live.requests), simulated: Double(simulated.requests),
        tolerance: 0.05, slack: 0),
      Item(
        key: "stall_ms", live: live.stallMilliseconds, simulated: simulated.stallMilliseconds,
        tolerance: 0.10, slack: 0),
      Item(
        key: "blank_item_frames", live: Double(live.blankItemFrames),
        simulated: Double(simulated.blankItemFrames), tolerance: 0.20, slack: 30),
    ]
  }

  /// Whether every metric agrees.
  public var agrees: Bool { items.allSatisfy(\.agrees) }

  /// One line: `agreement: bytes ok, requests ok, stall_ms ok, blank_item_frames ok`.
  public var text: String {
    "agreement with simulate (bytes, requests ±5 %, stall ±10 %, blank ±20 % or 30): "
      + items.map { "\($0.key) \($0.agrees ? "ok" : "OFF")" }.joined(separator: ", ")
  }

  var dictionary: [String: Any] {
    var result: [String: Any] = ["all": agrees]
    for item in items { result[item.key] = item.agrees }
    return result
  }
}
