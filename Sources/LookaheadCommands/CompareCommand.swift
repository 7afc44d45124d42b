import ArgumentParser
import Foundation
import LookaheadCommandSupport
import LookaheadSimulation

/// `lookahead compare`: every strategy on every trace, one table row per strategy
/// (docs/DESIGN.md, "Command-line tools").
struct CompareCommand: ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "compare",
    abstract: "Run every strategy on every trace and compare them.",
    discussion: """
      Without --traces, replays the built-in scenarios with seeds 1 to 5 (120 s each, \
      generated on the fly); --scenarios and --seeds choose others. The scenario 'random' \
      is the randomised family: one trace per seed (random-<seed>), each with behaviour \
      and length (60-180 s) drawn from its seed, so a strategy tuned on one seed range can \
      be validated on another. Every generated trace is run with its seed as the network \
      jitter seed. With --traces, replays every *.csv file in the folder; a file's trace \
      class is the part of its name before the first '-' or '_' when that names a \
      scenario, else the whole name. With --world, generated traces stop at the end of \
      the world's content. Progress goes to standard error, the table (or --json) to \
      standard output.
      """)

  /// The seeds of the generated traces when --seeds is not given.
  static let builtInSeeds: ClosedRange<UInt64> = 1...5

  @Option(help: "A folder of trace files (*.csv) to replay instead of the built-in scenarios.")
  var traces: String?

  @Option(
    help: """
      Comma-separated scenarios: reader, skimmer, flinger, reverser, random (default: the \
      four built-in ones; with --traces, keeps those classes).
      """,
    transform: ArgumentValues.scenarios)
  var scenarios: [ScenarioChoice]?

  @Option(
    help: "The seeds of the generated traces, A-B inclusive (default 1-5); not with --traces.",
    transform: ArgumentValues.seeds)
  var seeds: ClosedRange<UInt64>?

  @Option(
    help: "Comma-separated strategy ids (default: all but model, which is under development).",
    transform: ArgumentValues.strategies)
  var strategies: [StrategyID] = StrategyID.compared

  @OptionGroup
  var worldOptions: WorldOptions

  @Option(help: "A folder to write report.svg and results.json into.")
  var out: String?

  @Flag(help: "Print the aggregates and every run as JSON instead of the table.")
  var json = false

  func run(console: Console) throws(CommandFailure) {
    let world = try worldOptions.resolved()
    let inputs = try traceInputs(in: world)
    let run = CompareRun(inputs: inputs, strategies: strategies, world: world)
    let records = run.records { count, total, job in
      console.writeError("[\(count)/\(total)] \(job.strategy.rawValue) on \(job.input.name)\n")
    }
    let comparison = Comparison(records: records)
    if let out { try write(comparison, in: world, to: out) }
    if json {
      console.writeOutput(String(decoding: comparison.jsonData(), as: UTF8.self))
    } else {
      console.writeOutput("network \(world.network.name), layout \(world.layout.kind.rawValue)\n\n")
      console.writeOutput(ComparisonTable.render(comparison))
    }
    if let out { console.writeError("wrote \(out)/report.svg and \(out)/results.json\n") }
  }

  /// The traces to replay in the world of the options.
  func traceInputs() throws(CommandFailure) -> [TraceInput] {
    try traceInputs(in: worldOptions.resolved())
  }

  /// The traces to replay in `world`: generated ones stop at its end when it comes from
  /// a file.
  func traceInputs(in world: World) throws(CommandFailure) -> [TraceInput] {
    if let traces {
      guard seeds == nil else {
        throw .badInput("--seeds cannot be combined with --traces (it picks generated traces)")
      }
      return try TraceInput.folder(traces, classes: scenarios.map { Set($0.map(\.name)) })
    }
    // A world of its own may be shorter than the standard feed the generator assumes.
    let maxOffset =
      worldOptions.world == nil
      ? TraceGenerator.defaultMaxOffset
      : Swift.max(1, Swift.min(TraceGenerator.defaultMaxOffset, world.maximumOffset))
    return TraceInput.generated(
      scenarios: scenarios ?? ScenarioChoice.builtInScenarios, seeds: seeds ?? Self.builtInSeeds,
      maxOffset: maxOffset)
  }

  func write(_ comparison: Comparison, in world: World, to folder: String) throws(CommandFailure) {
    let base = URL(fileURLWithPath: folder, isDirectory: true)
    let network = world.network.name
    let layout = world.layout.kind.rawValue
    let svg = ComparisonChart.svg(
      comparison, title: "Blank rate vs bytes: network \(network), layout \(layout)")
    do {
      try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    } catch {
      throw .runFailed("cannot write the report into \(folder): \(OutputFile.reason(of: error))")
    }
    try OutputFile.write(Data(svg.utf8), to: base.appendingPathComponent("report.svg").path)
    try OutputFile.write(
      comparison.jsonData(), to: base.appendingPathComponent("results.json").path)
  }
}
