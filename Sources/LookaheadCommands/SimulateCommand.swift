import ArgumentParser
import Foundation
import LookaheadCommandSupport
import LookaheadSimulation

/// `lookahead simulate`: one run of one strategy on one trace file.
struct SimulateCommand: ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "simulate", abstract: "Run one strategy on one trace and print its metrics.")

  @Option(help: "The trace file (CSV `t_ms,offset_pt`).")
  var trace: String

  @Option(help: "The strategy id (see `lookahead strategies`).", transform: ArgumentValues.strategy)
  var strategy: StrategyID

  @OptionGroup
  var worldOptions: WorldOptions

  @Option(
    help: """
      The seed of the network jitter. compare runs each generated trace with its own \
      seed (random-N with N): pass --seed N to reproduce a compare row.
      """)
  var seed: UInt64 = 1

  @Flag(help: "Print one JSON object with stable snake_case keys.")
  var json = false

  @Option(
    help: ArgumentHelp(
      "Also write every frame's data to this CSV file.",
      discussion: "Time, offset, velocity, phase, visible range, loaded items, stall, "
        + "loads in flight, blank and wanted items.",
      valueName: "file"))
  var frames: String?

  @Option(
    help: ArgumentHelp(
      "Also write every image load's start, cancellation (with the bytes it had "
        + "transferred) and arrival, and every page request, to this CSV file.",
      valueName: "file"))
  var loads: String?

  func run(console: Console) throws(CommandFailure) {
    let world = try worldOptions.resolved()
    let input = try TraceInput.file(at: trace, seed: seed)
    let setup = SimulationSetup(trace: input.trace, strategy: strategy, world: world, seed: seed)
    // One run records whichever logs were asked for.
    var records: [FrameRecord] = []
    var decisions: [SimulationDecision] = []
    let metrics = Simulation.run(
      setup, onFrame: frames == nil ? nil : { records.append($0) },
      onDecision: loads == nil ? nil : { decisions.append($0) })
    if let frames { try OutputFile.write(Data(RunLog.framesCSV(records).utf8), to: frames) }
    if let loads { try OutputFile.write(Data(RunLog.loadsCSV(decisions).utf8), to: loads) }
    let record = RunRecord(
      strategy: strategy.rawValue, trace: input.name, network: world.network.name,
      layout: world.layout.kind.rawValue, seed: seed, metrics: metrics)
    if json {
      console.writeOutput(String(decoding: record.jsonData(), as: UTF8.self) + "\n")
    } else {
      console.writeOutput(Self.text(of: record))
    }
  }

  /// The record as aligned `key  value` lines, with the JSON keys.
  static func text(of record: RunRecord) -> String {
    let metrics = record.metrics
    let lines: [(String, String)] = [
      ("strategy", record.strategy), ("trace", record.trace), ("network", record.network),
      ("layout", record.layout), ("seed", String(record.seed)),
      ("visible_item_frames", String(metrics.visibleItemFrames)),
      ("blank_item_frames", String(metrics.blankItemFrames)),
      ("blank_rate", fixed(metrics.blankRate, digits: 4)),
      ("stall_ms", fixed(metrics.stallMilliseconds, digits: 1)),
      ("bytes", String(metrics.bytes)), ("wasted_bytes", String(metrics.wastedBytes)),
      ("requests", String(metrics.requests)), ("cancelled", String(metrics.cancelled)),
      ("pages", String(metrics.pages)),
      ("ttc_p50_ms", fixed(metrics.timeToContentP50, digits: 1)),
      ("ttc_p95_ms", fixed(metrics.timeToContentP95, digits: 1)),
      ("peak_cache_bytes", String(metrics.peakCacheBytes)),
    ]
    let width = lines.map(\.0.count).max() ?? 0
    return lines.map { key, value in
      key + String(repeating: " ", count: width - key.count) + "  " + value + "\n"
    }.joined()
  }

  private static func fixed(_ value: Double, digits: Int) -> String {
    String(format: "%.\(digits)f", value)
  }
}
