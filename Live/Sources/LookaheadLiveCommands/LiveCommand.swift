import ArgumentParser
import Foundation
import LookaheadCommandSupport
import LookaheadFeedServer
import LookaheadLive
import LookaheadSimulation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `lookahead-live live`: replays a trace on real time through the list preloader,
/// URLSession and a disk cache against a feed server, next to `simulate`'s prediction.
struct LiveCommand: LiveConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "live",
    abstract: "Replay a trace on real time through the real stack and compare with simulate.",
    discussion: """
      Starts a feed server on 127.0.0.1 (or uses --server), then replays the trace through \
      ListPreloader with URLSessionLoader and a TieredCache whose disk tier is a DiskCache \
      in a temporary folder, on real time; --speed X replays X times faster with the \
      world's times scaled to match (reported times are the world's). Prints every metric \
      next to simulate's prediction for the same trace, world, strategy and seed, with \
      ratios, then checks the disk cache and the images.
      """)

  @Option(help: "The trace file (CSV `t_ms,offset_pt`).")
  var trace: String

  @Option(
    help: "The strategy id (any of `lookahead strategies` but oracle).",
    transform: LiveArguments.strategy)
  var strategy: StrategyID

  @OptionGroup
  var worldOptions: WorldOptions

  @OptionGroup
  var shaping: ShapingOptions

  @Option(
    help: """
      A running `lookahead-live serve` to replay against instead of starting one; its world, \
      speed, seed and faults apply.
      """,
    transform: LiveArguments.server)
  var server: URL?

  @Option(
    help: "How long a request may wait for data, in real whole seconds.",
    transform: LiveArguments.timeout)
  var timeout = 1

  @Option(help: "Write every frame of both runs as CSV to this file, for finding differences.")
  var frames: String?

  @Flag(help: "Print one JSON object instead of the table.")
  var json = false

  func run(console: Console) async throws(CommandFailure) {
    let input = try readTrace()
    if server != nil, worldOptions.isGiven || shaping.isGiven {
      throw .badInput(
        "--world, --network, --layout, --speed, --seed, --faults and --fault-seed describe the "
          + "server `live` starts; with --server, that server's apply")
    }
    let served: FeedServer?
    let description: FeedServerDescription
    let base: URL
    if let server {
      description = try await Self.describe(server)
      served = nil
      base = server
    } else {
      let configuration = shaping.configuration(
        world: try worldOptions.resolved(), host: "127.0.0.1", port: 0)
      do {
        try configuration.checkServable()
      } catch {
        throw .badInput("--world \(worldOptions.world ?? ""): \(error)")
      }
      let feedServer = FeedServer(configuration: configuration)
      do {
        base = try await feedServer.start()
      } catch {
        throw .runFailed("cannot start the feed server on 127.0.0.1: \(error)")
      }
      served = feedServer
      description = FeedServerDescription(configuration)
    }
    let setup = LiveRunSetup(
      trace: input.trace, strategy: strategy, world: description.world, seed: description.seed,
      speed: description.speed, server: base, timeout: .seconds(timeout),
      recordsFrames: frames != nil)
    console.writeError(
      "replaying \(input.name) (\(Self.seconds(input.trace)) s) with \(strategy.rawValue) "
        + "against \(base.absoluteString) at \(LiveReport.number(description.speed))×\n")
    let result: LiveResult
    do {
      result = try await LiveRun.run(setup, server: served) {
        if let served { return served.statistics }
        return try? await Self.statistics(of: base)
      }
    } catch {
      await served?.stop()
      throw .runFailed("the live run failed: \(error)")
    }
    await served?.stop()
    // A server of another process that stopped answering leaves a run of failed loads,
    // whose report would look valid: the run failed instead.
    if served == nil, result.server == nil {
      throw .runFailed(
        "the feed server at \(base.absoluteString) stopped answering during the run "
          + "(GET /stats failed after the trace); no report")
    }
    let (prediction, simulatedFrames) = Simulation.runRecordingFrames(setup.simulation)
    let report = LiveReport(
      traceName: input.name, setup: setup, faults: description.faults, result: result,
      prediction: prediction)
    if let frames {
      try OutputFile.write(
        Data(FrameComparison.csv(live: result.frames, simulated: simulatedFrames).utf8),
        to: frames)
    }
    console.writeOutput(
      json ? String(decoding: report.jsonData(), as: UTF8.self) + "\n" : report.text)
  }

  private func readTrace() throws(CommandFailure) -> (name: String, trace: Trace) {
    let url = URL(fileURLWithPath: trace)
    let file = url.lastPathComponent
    let name = file.lowercased().hasSuffix(".csv") ? String(file.dropLast(4)) : file
    do {
      return (name, try Trace(contentsOf: url))
    } catch {
      throw .badInput(error.line == nil ? error.description : "\(url.path): \(error)")
    }
  }

  /// `GET /world` of a running server.
  static func describe(_ server: URL) async throws(CommandFailure) -> FeedServerDescription {
    let data: Data
    do {
      data = try await fetch(server.appending(path: "world"))
    } catch {
      throw .runFailed("cannot reach the feed server at \(server.absoluteString): \(error)")
    }
    do {
      return try JSONDecoder().decode(FeedServerDescription.self, from: data)
    } catch {
      throw .runFailed(
        "\(server.absoluteString) is not a lookahead-live server (GET /world: \(error))")
    }
  }

  /// `GET /stats` of a running server.
  static func statistics(of server: URL) async throws -> FeedServerStatistics {
    try JSONDecoder().decode(
      FeedServerStatistics.self, from: try await fetch(server.appending(path: "stats")))
  }

  /// The body of a 200 response, from a short-lived session.
  private static func fetch(_ url: URL) async throws -> Data {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 5
    let session = URLSession(configuration: configuration)
    defer { session.invalidateAndCancel() }
    let (data, status): (Data, Int) = try await withCheckedThrowingContinuation {
      continuation in
      session.dataTask(with: url) { data, response, error in
        if let error {
          continuation.resume(throwing: error)
        } else {
          let status = (response as? HTTPURLResponse)?.statusCode ?? 0
          continuation.resume(returning: (data ?? Data(), status))
        }
      }.resume()
    }
    guard status == 200 else { throw URLError(.badServerResponse) }
    return data
  }

  private static func seconds(_ trace: Trace) -> String {
    String(format: "%.0f", (trace.samples.last?.time ?? 0) / 1000)
  }
}
