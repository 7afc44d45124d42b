import ArgumentParser
import LookaheadCommandSupport
import LookaheadSimulation

/// `lookahead strategies`: the strategy ids with one line each.
struct StrategiesCommand: ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "strategies", abstract: "List the strategy ids with one line each.")

  func run(console: Console) throws(CommandFailure) {
    let width = StrategyID.allCases.map(\.rawValue.count).max() ?? 0
    var text = ""
    for strategy in StrategyID.allCases {
      let padding = String(repeating: " ", count: width - strategy.rawValue.count)
      text += "\(strategy.rawValue)\(padding)  \(strategy.summary)\n"
    }
    console.writeOutput(text)
  }
}
