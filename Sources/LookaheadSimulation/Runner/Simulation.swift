import Lookahead

/// Runs simulations (docs/DESIGN.md, "Simulation"): the standard world, or any ``World``.
///
/// ```swift
/// let trace = TraceGenerator(scenario: .skimmer, seed: 1).generate()
/// let metrics = Simulation.run(SimulationSetup(trace: trace, strategy: .adaptive, network: .threeG))
/// print(metrics.blankRate)
/// ```
public enum Simulation {
  /// Replays `setup.trace` with `setup.strategy` and returns the run's metrics
  /// (docs/DESIGN.md, "Metrics").
  ///
  /// Deterministic: the same setup always gives the same metrics.
  public static func run(_ setup: SimulationSetup) -> RunMetrics {
    run(setup, onFrame: nil)
  }

  /// Replays a setup and also returns every frame's data (``FrameRecord``), for
  /// finding out where and why a strategy shows blank cells.
  public static func runRecordingFrames(_ setup: SimulationSetup) -> (RunMetrics, [FrameRecord]) {
    var frames: [FrameRecord] = []
    frames.reserveCapacity(setup.trace.samples.count)
    let metrics = run(setup) { frames.append($0) }
    return (metrics, frames)
  }

  /// Replays a setup and also returns every image load's start and cancellation, every
  /// page request and every arrival, in order: what the engine asked the network for,
  /// and when. For finding out where a strategy's bytes went (``RunLog/loadsCSV(_:)``
  /// writes them as CSV), and for checking another driver against the simulator.
  public static func runRecordingDecisions(
    _ setup: SimulationSetup
  ) -> (RunMetrics, [SimulationDecision]) {
    var decisions: [SimulationDecision] = []
    let metrics = run(setup, onFrame: nil) { decisions.append($0) }
    return (metrics, decisions)
  }

  /// Replays a setup and hands each frame's data and each load decision, as they
  /// happen, to the callbacks given; one run for any mix of records.
  ///
  /// - Parameters:
  ///   - setup: The run.
  ///   - onFrame: Called once per frame, in order, with its ``FrameRecord``.
  ///   - onDecision: Called with each ``SimulationDecision``, in order.
  /// - Returns: The run's metrics, the same as ``run(_:)``'s.
  public static func run(
    _ setup: SimulationSetup, onFrame: ((FrameRecord) -> Void)?,
    onDecision: ((SimulationDecision) -> Void)? = nil
  ) -> RunMetrics {
    var driver: SimulationDriver
    switch setup.strategy {
    case .oracle:
      let geometry = setup.world.geometry
      let images = SimulatedImages(capacity: setup.world.memoryCacheBytes)
      let oracle = OraclePolicy(
        trace: setup.trace, world: setup.world, geometry: geometry, images: images)
      driver = SimulationDriver(
        setup: setup,
        strategy: PreloadStrategy(id: "oracle", paging: .manual, policy: oracle),
        pageSchedule: oracle.pageNeedTimes, geometry: geometry, images: images)
    case .frontier:
      let concurrency = frontierConcurrency(setup)
      if onFrame == nil && onDecision == nil { return concurrency.metrics }
      driver = frontierDriver(
        setup, concurrentLoads: concurrency.loads, preempts: concurrency.preempts)
    default:
      driver = SimulationDriver(setup: setup, strategy: setup.preloadStrategy)
    }
    driver.onFrame = onFrame
    driver.onDecision = onDecision
    return driver.run()
  }

  /// The number of concurrent loads (1 to 6, at most the world's connections), and whether
  /// a load for an item on screen may take the connection of one due later, with which
  /// `frontier` shows the fewest blank item-frames on `setup`'s trace (ties: fewer bytes,
  /// then fewer loads, then preempting), and that run's metrics.
  ///
  /// - Precondition: `setup.strategy` is ``StrategyID/frontier``.
  public static func frontierConcurrency(_ setup: SimulationSetup) -> (
    loads: Int, preempts: Bool, metrics: RunMetrics
  ) {
    precondition(setup.strategy == .frontier, "frontierConcurrency runs the frontier only")
    var best: (loads: Int, preempts: Bool, metrics: RunMetrics)?
    for loads in 1...Swift.min(6, setup.world.network.connections) {
      for preempts in [true, false] {
        var driver = frontierDriver(setup, concurrentLoads: loads, preempts: preempts)
        let metrics = driver.run()
        if let current = best?.metrics,
          (current.blankItemFrames, current.bytes) <= (metrics.blankItemFrames, metrics.bytes)
        {
          continue
        }
        best = (loads, preempts, metrics)
      }
    }
    // The range is never empty: a world has at least one connection.
    return best!
  }

  static func frontierDriver(
    _ setup: SimulationSetup, concurrentLoads: Int, preempts: Bool
  ) -> SimulationDriver {
    let geometry = setup.world.geometry
    let images = SimulatedImages(capacity: setup.world.memoryCacheBytes)
    let frontier = FrontierPolicy(
      trace: setup.trace, world: setup.world, geometry: geometry, images: images,
      seed: setup.seed, concurrentLoads: concurrentLoads)
    return SimulationDriver(
      setup: setup,
      strategy: PreloadStrategy(id: "frontier", paging: .manual, policy: frontier),
      pageSchedule: frontier.pageNeedTimes, geometry: geometry, images: images,
      concurrentLoads: concurrentLoads, preemptsForVisible: preempts)
  }
}
