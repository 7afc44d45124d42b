import Foundation
import Hummingbird
import Logging
import LookaheadSimulation
import NIOCore
import ServiceLifecycle

/// A feed backend over HTTP that serves a ``World`` the way the simulator models it: the
/// cursor API (docs/DESIGN.md, "Paging"), the world's images, the network profile's latency
/// and shared bandwidth enforced in the server, and seeded faults.
///
/// | request | answer |
/// |---|---|
/// | `GET /feed`, `GET /feed?cursor=p3` | a page as JSON (``FeedPages``): ids, sort keys, heights, image URLs |
/// | `GET /images/42` | the world's byte count for item 42 (``ImageContent``), with an `X-Checksum` header |
/// | `GET /world` | the served world, speed, seed and faults as JSON |
/// | `GET /stats` | ``FeedServerStatistics`` as JSON |
///
/// **Shaping** (docs/DESIGN.md, "Precise definitions"), per response: first
/// `roundTrip · jitter + serverTime` with no bytes (the jitter is ``NetworkJitter``'s for
/// the seed, the resource and how many times the server answered it before, as in the
/// simulator), then the body at an equal share of one bandwidth among all bodies in
/// progress. Every time is divided by the configuration's `speed` and the bandwidth
/// multiplied by it. The number of connections is the client's to limit, as in the
/// simulator, whose load queue never asks for more.
///
/// **Faults** follow the configuration's ``FaultPlan``.
///
/// ```swift
/// let server = FeedServer(configuration: FeedServerConfiguration(world: .standard, speed: 4))
/// let url = try await server.start()        // http://127.0.0.1:<free port>
/// // … GET \(url)/feed …
/// await server.stop()
/// ```
///
/// All methods are thread-safe.
public final class FeedServer: Sendable {
  /// What the server serves and how.
  public let configuration: FeedServerConfiguration

  struct State {
    var attempts: [NetworkKey: Int] = [:]
    var statistics = FeedServerStatistics()
    var group: ServiceGroup?
    var run: Task<Void, any Error>?
    var baseURL: URL?
    var isStopping = false
    var latencyAllowance = Duration.zero
  }

  let state = Protected(State())
  let link: Link
  let halfClosures = HalfClosures()
  let logger: Logger

  /// Creates a server; ``start()`` or ``run(stopsOnSignals:onRunning:)`` makes it
  /// listen.
  ///
  /// - Parameters:
  ///   - configuration: What to serve and how.
  ///   - logLevel: The least severe message the server logs (to standard error);
  ///     `.warning` unless given.
  public init(configuration: FeedServerConfiguration, logLevel: Logger.Level = .warning) {
    self.configuration = configuration
    link = Link(bytesPerSecond: configuration.shapedNetwork.bytesPerSecond)
    var logger = Logger(label: "lookahead.feed-server")
    logger.logLevel = logLevel
    self.logger = logger
  }

  deinit {
    link.close()
  }

  /// Where clients reach the server (`http://127.0.0.1:<port>`), once it is running.
  public var baseURL: URL? { state.withLock { $0.baseURL } }

  /// Real time taken off every response's latency, because the client's own stack already
  /// spends it; zero unless set. A live run sets the part of the loopback round trip that
  /// its `speed` would otherwise multiply (see ``setLatencyAllowance(_:)``).
  public var latencyAllowance: Duration { state.withLock { $0.latencyAllowance } }

  /// Takes `allowance` of real time off every later response's latency (never below zero).
  ///
  /// On loopback, an HTTP round trip through URLSession and this server costs about a
  /// millisecond of software that a real network's round trip already contains. At
  /// `speed` 4 that millisecond becomes four of the world's; a client that measured its
  /// round trip `r` sets `r · (1 − 1/speed)`, so the world sees what a real app would.
  ///
  /// - Parameter allowance: Non-negative real time.
  public func setLatencyAllowance(_ allowance: Duration) {
    precondition(allowance >= .zero, "the allowance must not be negative")
    state.withLock { $0.latencyAllowance = allowance }
  }

  /// What the server has served so far.
  public var statistics: FeedServerStatistics {
    var statistics = state.withLock { $0.statistics }
    statistics.activeTransfers = link.activeTransfers
    return statistics
  }

  /// Starts listening in the background.
  ///
  /// - Returns: Where clients reach the server, with the port it bound (useful with port 0).
  /// - Throws: The bind error when the address is in use or cannot be bound.
  public func start() async throws -> URL {
    let (stream, continuation) = AsyncStream.makeStream(of: Result<URL, any Error>.self)
    let task = Task {
      do {
        try await run(stopsOnSignals: false) { continuation.yield(.success($0)) }
        continuation.yield(.failure(FeedServerError.stoppedBeforeListening))
      } catch {
        continuation.yield(.failure(error))
        throw error
      }
    }
    state.withLock { $0.run = task }
    for await outcome in stream {
      return try outcome.get()
    }
    throw FeedServerError.stoppedBeforeListening
  }

  /// Stops listening: responses still being written get up to the configuration's
  /// `maximumGracefulShutdownDuration`, then are cut. Stopping twice does nothing.
  public func stop() async {
    let (group, run) = state.withLock { state in
      state.isStopping = true
      return (state.group, state.run)
    }
    await group?.triggerGracefulShutdown()
    _ = await run?.result
    link.close()
  }

  /// Listens until ``stop()`` is called, or SIGINT or SIGTERM arrives when
  /// `stopsOnSignals`.
  ///
  /// - Parameters:
  ///   - stopsOnSignals: Whether SIGINT and SIGTERM stop the server gracefully (`serve`).
  ///   - onRunning: Called once with the base URL when the server listens.
  /// - Throws: The bind error when the address is in use or cannot be bound.
  public func run(
    stopsOnSignals: Bool, onRunning: @escaping @Sendable (URL) -> Void
  ) async throws {
    let host = configuration.host
    let halfClosures = halfClosures
    let application = Application(
      router: makeRouter(),
      server: .http1(
        configuration: .init(
          additionalChannelHandlers: [halfClosures.makeHandler()])),
      configuration: ApplicationConfiguration(
        address: .hostname(host, port: configuration.port), serverName: nil),
      onServerRunning: { [state] channel in
        let port = channel.localAddress?.port ?? 0
        let url = URL(string: "http://\(host):\(port)")!
        state.withLock { $0.baseURL = url }
        onRunning(url)
      },
      logger: logger)
    var groupConfiguration = ServiceGroupConfiguration(
      services: [application], gracefulShutdownSignals: stopsOnSignals ? [.sigint, .sigterm] : [],
      logger: logger)
    groupConfiguration.maximumGracefulShutdownDuration =
      configuration.maximumGracefulShutdownDuration
    let group = ServiceGroup(configuration: groupConfiguration)
    let isStopping = state.withLock { state in
      state.group = group
      return state.isStopping
    }
    guard !isStopping else { return }
    try await group.run()
  }

  /// How many times the server answered `key` before, counting this request.
  func nextAttempt(of key: NetworkKey) -> Int {
    state.withLock { state in
      defer { state.attempts[key, default: 0] += 1 }
      return state.attempts[key, default: 0]
    }
  }

  /// Changes the statistics under the lock.
  func count(_ change: (inout FeedServerStatistics) -> Void) {
    state.withLock { change(&$0.statistics) }
  }
}

/// Why a ``FeedServer`` could not start.
///
/// A closed set of values; thread-safe.
public enum FeedServerError: Error, CustomStringConvertible {
  /// The server stopped before it listened (it was stopped while starting).
  case stoppedBeforeListening

  /// A sentence saying what happened.
  public var description: String {
    switch self {
    case .stoppedBeforeListening: "the server stopped before it listened"
    }
  }
}
