import ArgumentParser
import LookaheadCommandSupport
import LookaheadSimulation

/// `lookahead traces describe`: how traces scroll, in the figures used to describe
/// recorded sessions (``TraceProfile``).
struct DescribeTracesCommand: ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "describe",
    abstract: "Describe how traces scroll: moving share, lift-off speeds, reversals, pauses.",
    discussion: """
      Reads trace files, or generates the traces of --scenarios and --seeds as compare \
      does, and prints one row per trace: its length, the share of frames in which the \
      content moves, lift-offs per minute and the quantiles of their speeds (where each \
      stroke ends: the speed before UIScrollView's glide, or 0 when the content stops \
      with the finger), reversals (turns of more \
      than 100 pt) and idle periods (pauses of at least 1 s) per minute, the longest \
      pause, and the distance travelled. With several traces, a last row `all` reads \
      them as one session, to hold against a description of a class of sessions.
      """)

  @Argument(help: "Trace files (CSV `t_ms,offset_pt`).")
  var files: [String] = []

  @Option(
    help: """
      Comma-separated scenarios to generate instead of reading files: reader, skimmer, \
      flinger, reverser, random (default with --seeds: the four built-in ones).
      """,
    transform: ArgumentValues.scenarios)
  var scenarios: [ScenarioChoice]?

  @Option(
    help: "The seeds of the generated traces, A-B inclusive (default 1-5).",
    transform: ArgumentValues.seeds)
  var seeds: ClosedRange<UInt64>?

  @Flag(help: "Print the rows as JSON instead of the table.")
  var json = false

  func run(console: Console) throws(CommandFailure) {
    var rows: [TraceProfileReport.Row] = []
    for input in try traceInputs() {
      rows.append(
        TraceProfileReport.Row(name: input.name, profile: TraceProfile(trace: input.trace)))
    }
    if json {
      console.writeOutput(String(decoding: TraceProfileReport.jsonData(rows), as: UTF8.self))
    } else {
      console.writeOutput(TraceProfileReport.render(rows))
    }
  }

  /// The files named, or the generated traces; never both, never neither.
  func traceInputs() throws(CommandFailure) -> [TraceInput] {
    if files.isEmpty {
      guard scenarios != nil || seeds != nil else {
        throw .badInput("nothing to describe: give trace files, or --scenarios and --seeds")
      }
      return TraceInput.generated(
        scenarios: scenarios ?? ScenarioChoice.builtInScenarios,
        seeds: seeds ?? CompareCommand.builtInSeeds)
    }
    guard scenarios == nil, seeds == nil else {
      throw .badInput("give trace files or --scenarios and --seeds, not both")
    }
    var inputs: [TraceInput] = []
    for file in files { inputs.append(try TraceInput.file(at: file, seed: 1)) }
    return inputs
  }
}
