import ArgumentParser
import Foundation
import LookaheadCommandSupport
import LookaheadFeedServer
import LookaheadLive
import LookaheadSimulation

/// `lookahead-live serve`: the feed server of a world, until SIGINT or SIGTERM.
struct ServeCommand: LiveConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve a world's feed and images over HTTP, shaped like its network.",
    discussion: """
      Answers GET /feed and /feed?cursor=<cursor> (pages as JSON), GET /images/<id> (the \
      world's bytes for that image, with an X-Checksum header), GET /world (what is served) \
      and GET /stats (what was served). Each response waits round trip × jitter + server \
      time, then shares one bandwidth with every body in progress. Prints the server's URL \
      on standard output once it listens; stop it with Ctrl-C.
      """)

  @OptionGroup
  var worldOptions: WorldOptions

  @OptionGroup
  var shaping: ShapingOptions

  @Option(help: "The address to listen on.")
  var host = "127.0.0.1"

  @Option(help: "The port to listen on; 0 picks a free one.", transform: LiveArguments.port)
  var port = 8080

  @Option(
    help: """
      Where clients reach the server, for the image URLs in its pages (for example \
      http://192.168.1.20:8080 when listening on 0.0.0.0); the listening address by default.
      """,
    transform: LiveArguments.server)
  var publicURL: URL?

  func run(console: Console) async throws(CommandFailure) {
    let world = try worldOptions.resolved()
    let configuration = shaping.configuration(
      world: world, host: host, port: port, publicURL: publicURL)
    do {
      try configuration.checkServable()
    } catch {
      throw .badInput("--world \(worldOptions.world ?? ""): \(error)")
    }
    let server = FeedServer(configuration: configuration)
    do {
      try await server.run(stopsOnSignals: true) { url in
        console.writeOutput("\(url.absoluteString)\n")
        console.writeError(
          "serving \(Self.summary(of: configuration)) at \(url.absoluteString); stop with Ctrl-C\n")
      }
    } catch {
      throw .runFailed("cannot listen on \(host):\(port): \(Self.reason(error))")
    }
  }

  /// `lte feed world (500 pages of 20), speed 4×, faults 5xx=5%`.
  static func summary(of configuration: FeedServerConfiguration) -> String {
    let world = configuration.world
    return "\(world.network.name) \(world.layout.kind.rawValue) world (\(world.pages) pages of "
      + "\(world.pageSize)), speed \(LiveReport.number(configuration.speed))×, faults "
      + "\(configuration.faults)"
  }

  /// A bind error in words: `address already in use` rather than NIO's call and errno.
  static func reason(_ error: any Error) -> String {
    let text = "\(error)"
    if text.contains("Address already in use") || text.contains("errno: 98") {
      return "address already in use"
    }
    return text
  }
}
