import ArgumentParser
import LookaheadCommandSupport
import LookaheadSimulation

/// `lookahead traces generate`: a synthetic trace as CSV on standard output
/// (docs/DESIGN.md, "Traces").
struct GenerateTraceCommand: ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "generate",
    abstract: "Write a synthetic scroll trace (CSV `t_ms,offset_pt`) to standard output.")

  @Option(
    help: """
      The behaviour: reader, skimmer, flinger, reverser, or random (the randomised family: \
      the seed also draws the behaviour).
      """,
    transform: ArgumentValues.scenario)
  var scenario: ScenarioChoice

  @Option(help: "The seed; the same seed gives the same trace.")
  var seed: UInt64

  @Option(
    help: "The length of the trace in seconds (default 120; for random, drawn in 60-180).",
    transform: ArgumentValues.seconds)
  var duration: Double?

  func run(console: Console) throws(CommandFailure) {
    let trace = scenario.trace(seed: seed, duration: duration.map { $0 * 1000 })
    console.writeOutput(trace.csv)
  }
}
