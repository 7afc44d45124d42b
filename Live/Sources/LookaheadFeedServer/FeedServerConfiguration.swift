import Foundation
import LookaheadSimulation

/// What a ``FeedServer`` serves and how: the world, how much faster than the world's time
/// it runs, the jitter seed, the faults and where it listens.
///
/// A value type; thread-safe.
public struct FeedServerConfiguration: Sendable {
  /// The world served: its pages, image sizes and network profile.
  public var world: World
  /// How many times faster than the world's time the server runs: round trips and
  /// server times are divided by it and the bandwidth multiplied, so a client on a clock
  /// `speed` times faster sees the world's times. 1 for real time.
  public var speed: Double
  /// The seed of the round trips' jitter; the simulator's `--seed`.
  public var seed: UInt64
  /// The faults to inject.
  public var faults: FaultPlan
  /// The address to listen on; `127.0.0.1` unless given.
  public var host: String
  /// The port to listen on; 0 picks a free one.
  public var port: Int
  /// Where clients reach the server, as the image URLs in its pages spell it (for example
  /// `http://192.168.1.20:8080` when it listens on `0.0.0.0` for a phone); `nil` uses the
  /// address it listens on. The server never builds URLs from a request's `Host` header.
  public var publicURL: URL?
  /// How long stopping may wait for responses still being written before they are cut.
  public var maximumGracefulShutdownDuration: Duration

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - world: The world served; the standard one unless given.
  ///   - speed: How many times faster than the world's time; positive.
  ///   - seed: The jitter seed.
  ///   - faults: The faults to inject; none unless given.
  ///   - host: The address to listen on.
  ///   - port: The port; 0 for any free one.
  ///   - publicURL: Where clients reach the server; the listening address unless given.
  ///     An `http` or `https` URL with a host.
  ///   - maximumGracefulShutdownDuration: The longest a stop waits for responses.
  public init(
    world: World = .standard, speed: Double = 1, seed: UInt64 = 1, faults: FaultPlan = .none,
    host: String = "127.0.0.1", port: Int = 0, publicURL: URL? = nil,
    maximumGracefulShutdownDuration: Duration = .seconds(1)
  ) {
    precondition(speed.isFinite && speed > 0, "speed must be finite and positive (got \(speed))")
    precondition((0...65_535).contains(port), "port must be in 0...65535 (got \(port))")
    if let publicURL {
      precondition(
        ["http", "https"].contains(publicURL.scheme) && publicURL.host() != nil,
        "publicURL must be an http or https URL with a host (got \(publicURL))")
    }
    self.world = world
    self.speed = speed
    self.seed = seed
    self.faults = faults
    self.host = host
    self.port = port
    self.publicURL = publicURL
    self.maximumGracefulShutdownDuration = maximumGracefulShutdownDuration
  }

  /// The world's network with its times divided by ``speed`` and its bandwidth
  /// multiplied: what the server enforces on real time.
  public var shapedNetwork: NetworkProfile {
    var network = world.network
    network.roundTrip /= speed
    network.pageServerTime /= speed
    network.imageServerTime /= speed
    network.bytesPerSecond *= speed
    return network
  }
}
