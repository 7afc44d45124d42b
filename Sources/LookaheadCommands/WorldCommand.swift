import ArgumentParser
import LookaheadCommandSupport
import LookaheadSimulation

/// `lookahead world`: prints a world description as JSON, a starting point for a world
/// file of one's own (`--world FILE` on `compare` and `simulate`).
struct WorldCommand: ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "world",
    abstract: "Print a world description (JSON) to start a world file from.",
    discussion: """
      Prints the standard world, or the world that --world, --network and \
      --layout describe, with every field. Edit it and pass it with --world to compare, \
      simulate, serve and live; fields left out take the standard world's values.
      """)

  @OptionGroup
  var worldOptions: WorldOptions

  func run(console: Console) throws(CommandFailure) {
    let world = try worldOptions.resolved()
    console.writeOutput(String(decoding: world.jsonData(), as: UTF8.self) + "\n")
  }
}
