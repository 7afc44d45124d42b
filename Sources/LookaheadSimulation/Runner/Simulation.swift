import Lookahead

/// Runs the standard world of SPEC §8.
///
/// ```swift
/// let trace = TraceGenerator(scenario: .skimmer, seed: 1).generate()
/// let metrics = Simulation.run(SimulationSetup(trace: trace, strategy: .adaptive, network: .threeG))
/// print(metrics.blankRate)
/// ```
public enum Simulation {
  /// Replays `setup.trace` with `setup.strategy` and returns the metrics of SPEC §8.4.
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

  private static func run(_ setup: SimulationSetup, onFrame: ((FrameRecord) -> Void)?) -> RunMetrics
  {
    switch setup.strategy {
    case .infiniteScroll:
      run(setup, policy: OnVisiblePolicy(), pages: .trigger(.infiniteScroll), onFrame: onFrame)
    case .threshold:
      run(setup, policy: OnVisiblePolicy(), pages: .trigger(.threshold(0.7)), onFrame: onFrame)
    case .dynamicThreshold:
      run(
        setup, policy: OnVisiblePolicy(), pages: .trigger(.dynamicThreshold(0.7)), onFrame: onFrame)
    case .lazyTarget:
      run(
        setup, policy: LazyTargetPolicy(), pages: .trigger(.dynamicThreshold(0.7)), onFrame: onFrame
      )
    case .pauseWhileScrolling:
      run(
        setup, policy: PauseWhileScrollingPolicy(), pages: .trigger(.threshold(0.9)),
        onFrame: onFrame)
    case .texture:
      run(setup, policy: TexturePolicy(), pages: .trigger(.leadingScreens(2.0)), onFrame: onFrame)
    case .adaptive:
      run(
        setup, policy: AdaptivePolicy(configuration: setup.adaptive),
        pages: .adaptive(AdaptivePaging()), onFrame: onFrame)
    case .oracle:
      runOracle(setup, onFrame: onFrame)
    }
  }

  private static func run<Policy: ItemPolicy>(
    _ setup: SimulationSetup, policy: Policy, pages: SimulationDriver<Policy>.PagePlan,
    onFrame: ((FrameRecord) -> Void)?
  ) -> RunMetrics {
    var driver = SimulationDriver(setup: setup, policy: policy, pagePlan: pages)
    driver.onFrame = onFrame
    return driver.run()
  }

  private static func runOracle(_ setup: SimulationSetup, onFrame: ((FrameRecord) -> Void)?)
    -> RunMetrics
  {
    let oracle = OraclePolicy(trace: setup.trace, world: .standard(setup.layout))
    return run(setup, policy: oracle, pages: .schedule(oracle.pageNeedTimes), onFrame: onFrame)
  }
}
