import Lookahead

/// Everything that determines one simulation run: the same setup always gives the
/// same metrics.
public struct SimulationSetup: Sendable {
  /// The scroll trace to replay.
  public var trace: Trace
  /// The strategy under test.
  public var strategy: StrategyID
  /// The world the run happens in: viewport, layout, sizes, pages and network.
  public var world: World
  /// The seed of the network's jitter.
  public var seed: UInt64
  /// The tuning of the `adaptive` strategy (its defaults unless changed), for
  /// exploring it in the simulator.
  package var adaptive = AdaptivePolicy.Configuration()

  /// Creates a setup in the standard world with a standard layout and a network profile;
  /// the defaults are the standard world's (`lte`, `feed`).
  public init(
    trace: Trace, strategy: StrategyID, network: NetworkProfile = .lte,
    layout: WorldLayout.Kind = .feed, seed: UInt64 = 1
  ) {
    self.init(
      trace: trace, strategy: strategy, world: .standard(layout: layout, network: network),
      seed: seed)
  }

  /// Creates a setup in `world`.
  ///
  /// - Parameters:
  ///   - trace: The scroll trace.
  ///   - strategy: The strategy under test.
  ///   - world: The world; ``World/standard`` for the standard one.
  ///   - seed: The seed of the network's jitter.
  public init(trace: Trace, strategy: StrategyID, world: World, seed: UInt64 = 1) {
    self.trace = trace
    self.strategy = strategy
    self.world = world
    self.seed = seed
  }

  /// The network profile: the world's.
  public var network: NetworkProfile {
    get { world.network }
    set { world.network = newValue }
  }

  /// The layout's kind; setting it gives the world the standard layout of that kind.
  public var layout: WorldLayout.Kind {
    get { world.layout.kind }
    set { world.layout = .standard(newValue) }
  }

  /// The list preloader's strategy for ``strategy``, with ``adaptive`` as the tuning of
  /// `adaptive`.
  ///
  /// - Precondition: ``strategy`` is not clairvoyant (``StrategyID/isClairvoyant``): only
  ///   the simulator can run those.
  public var preloadStrategy: PreloadStrategy {
    switch strategy {
    case .adaptive: .adaptive(adaptive)
    case .model:
      PreloadStrategy(id: "model", paging: .adaptive(AdaptivePageTrigger()), policy: ModelPolicy())
    case .oracle, .frontier:
      preconditionFailure("\(strategy) is simulation only; it has no PreloadStrategy")
    default:
      // Every other id is a built-in strategy of the list preloader.
      PreloadStrategy(id: strategy.rawValue)!
    }
  }
}
