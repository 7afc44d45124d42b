import Foundation
import Lookahead
import LookaheadSimulation

/// Everything that determines one live run: the trace, the strategy, the world, the
/// server and how fast to replay.
///
/// A value type; thread-safe.
public struct LiveRunSetup: Sendable {
  /// The scroll trace to replay.
  public var trace: Trace
  /// The strategy under test; any but the simulator-only oracle.
  public var strategy: StrategyID
  /// The world the server serves (in the world's own time).
  public var world: World
  /// The seed of the server's jitter, for the simulator's prediction.
  public var seed: UInt64
  /// How many times faster than the trace to replay; the server must run at this speed.
  public var speed: Double
  /// The feed server's base URL.
  public var server: URL
  /// How long a request may wait for data before it fails as a transient timeout, in real
  /// time (whole seconds on Linux).
  public var timeout: Duration
  /// Whether to keep every frame's data (``LiveFrame``).
  public var recordsFrames: Bool

  /// Creates a setup.
  ///
  /// - Parameters:
  ///   - trace: The scroll trace.
  ///   - strategy: The strategy; not `oracle`.
  ///   - world: The world the server serves.
  ///   - seed: The server's jitter seed.
  ///   - speed: How many times faster than the trace; the server's speed.
  ///   - server: The server's base URL.
  ///   - timeout: The requests' idle timeout in real time; 1 second unless given.
  ///   - recordsFrames: Whether to keep every frame's data.
  public init(
    trace: Trace, strategy: StrategyID, world: World, seed: UInt64, speed: Double, server: URL,
    timeout: Duration = .seconds(1), recordsFrames: Bool = true
  ) {
    precondition(!strategy.isClairvoyant, "\(strategy) is simulation only")
    precondition(speed.isFinite && speed > 0, "speed must be finite and positive (got \(speed))")
    precondition(timeout > .zero, "timeout must be positive")
    self.trace = trace
    self.strategy = strategy
    self.world = world
    self.seed = seed
    self.speed = speed
    self.server = server
    self.timeout = timeout
    self.recordsFrames = recordsFrames
  }

  /// The simulator's setup of the same trace, strategy, world and seed: its prediction.
  public var simulation: SimulationSetup {
    SimulationSetup(trace: trace, strategy: strategy, world: world, seed: seed)
  }
}
