import ArgumentParser
import LookaheadSimulation

/// `lookahead traces generate`: a synthetic trace as CSV on standard output (SPEC §8.1).
struct GenerateTraceCommand: ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "generate",
    abstract: "Write a synthetic scroll trace (CSV `t_ms,offset_pt`) to standard output.")

  @Option(
    help: "The behaviour: reader, skimmer, flinger or reverser.",
    transform: ArgumentValues.scenario)
  var scenario: TraceScenario

  @Option(help: "The seed; the same seed gives the same trace.")
  var seed: UInt64

  @Option(
    help: "The length of the trace in seconds (default 120).", transform: ArgumentValues.seconds)
  var duration: Double = TraceGenerator.defaultDuration / 1000

  func run(console: Console) throws(CommandFailure) {
    let generator = TraceGenerator(scenario: scenario, seed: seed, duration: duration * 1000)
    console.writeOutput(generator.generate().csv)
  }
}
