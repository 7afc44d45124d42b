import Lookahead

/// Everything that determines one simulation run: the same setup always gives the
/// same metrics.
public struct SimulationSetup: Sendable {
  /// The scroll trace to replay.
  public var trace: Trace
  /// The strategy under test.
  public var strategy: StrategyID
  /// The network profile.
  public var network: NetworkProfile
  /// The list's layout.
  public var layout: WorldLayout.Kind
  /// The seed of the network's jitter.
  public var seed: UInt64
  /// The tuning of the `adaptive` strategy (its defaults unless changed), for
  /// exploring it in the simulator.
  public var adaptive = AdaptivePolicy.Configuration()

  /// Creates a setup; the defaults are the standard world's (`lte`, `feed`).
  public init(
    trace: Trace, strategy: StrategyID, network: NetworkProfile = .lte,
    layout: WorldLayout.Kind = .feed, seed: UInt64 = 1
  ) {
    self.trace = trace
    self.strategy = strategy
    self.network = network
    self.layout = layout
    self.seed = seed
  }

  /// The list preloader's strategy for ``strategy``, with ``adaptive`` as the tuning of
  /// `adaptive`.
  ///
  /// - Precondition: ``strategy`` is not ``StrategyID/oracle``, which only the simulator
  ///   can run.
  public var preloadStrategy: PreloadStrategy {
    switch strategy {
    case .adaptive: .adaptive(adaptive)
    case .oracle: preconditionFailure("the oracle is simulation only; it has no PreloadStrategy")
    default:
      // Every other id is a built-in strategy of the list preloader.
      PreloadStrategy(id: strategy.rawValue)!
    }
  }
}
