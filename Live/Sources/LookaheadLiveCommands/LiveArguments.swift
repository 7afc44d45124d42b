import ArgumentParser
import Foundation
import LookaheadCommandSupport
import LookaheadFeedServer
import LookaheadSimulation

/// Parsing of the values only `lookahead-live` reads, with one-line reasons that list what
/// is accepted (the network profile and layout are ``ArgumentValues``').
///
/// A namespace of pure functions; thread-safe.
enum LiveArguments {
  static func strategy(_ text: String) throws -> StrategyID {
    let runnable = StrategyID.allCases.filter { !$0.isClairvoyant }
    guard let strategy = StrategyID(rawValue: text), !strategy.isClairvoyant else {
      let names = runnable.map(\.rawValue).joined(separator: ", ")
      let reason =
        StrategyID(rawValue: text)?.isClairvoyant == true
        ? "the \(text) strategy runs only in the simulator (expected one of \(names))"
        : "unknown strategy (expected one of \(names))"
      throw ArgumentProblem(description: reason)
    }
    return strategy
  }

  /// A replay speed: a number from 0.1 to 64.
  static func speed(_ text: String) throws -> Double {
    guard let speed = Double(text), speed.isFinite, (0.1...64).contains(speed) else {
      throw ArgumentProblem(description: "expected a speed from 0.1 to 64 (4 replays 4× faster)")
    }
    return speed
  }

  /// A timeout in whole seconds, from 1 to 600.
  static func timeout(_ text: String) throws -> Int {
    guard let seconds = Int(text), (1...600).contains(seconds) else {
      throw ArgumentProblem(description: "expected whole seconds from 1 to 600")
    }
    return seconds
  }

  /// A port from 0 (any free one) to 65535.
  static func port(_ text: String) throws -> Int {
    guard let port = Int(text), (0...65_535).contains(port) else {
      throw ArgumentProblem(description: "expected a port from 0 to 65535")
    }
    return port
  }

  /// A fault list such as `5xx=5%,truncate=2%`.
  static func faults(_ text: String) throws -> FaultPlan {
    do {
      return try FaultPlan(parsing: text)
    } catch {
      throw ArgumentProblem(description: error.description)
    }
  }

  /// An `http` URL with a host.
  static func server(_ text: String) throws -> URL {
    guard let url = URL(string: text), url.scheme == "http", url.host() != nil else {
      throw ArgumentProblem(description: "expected an http URL such as http://127.0.0.1:8080")
    }
    return url
  }
}

/// The options of the served world's time and faults, shared by `serve` and `live`.
struct ShapingOptions: ParsableArguments {
  @Option(
    help: """
      How many times faster than the world's time to run (round trips and server times \
      divided by it, bandwidth multiplied); 1 is real time.
      """,
    transform: LiveArguments.speed)
  var speed: Double?

  @Option(help: "The seed of the round trips' jitter (the simulator's --seed).")
  var seed: UInt64?

  @Option(
    help: """
      Faults to inject, such as 5xx=5%,truncate=2%,stall=1%,reset=1%,slow=1% (default none).
      """,
    transform: LiveArguments.faults)
  var faults: FaultPlan?

  @Option(help: "The seed of the faults.")
  var faultSeed: UInt64?

  /// Whether any of the options was given.
  var isGiven: Bool { speed != nil || seed != nil || faults != nil || faultSeed != nil }

  /// A server configuration for `world` with these options.
  func configuration(world: World, host: String, port: Int, publicURL: URL? = nil)
    -> FeedServerConfiguration
  {
    var plan = faults ?? .none
    if let faultSeed { plan.seed = faultSeed }
    return FeedServerConfiguration(
      world: world, speed: speed ?? 1, seed: seed ?? 1, faults: plan, host: host, port: port,
      publicURL: publicURL)
  }
}
