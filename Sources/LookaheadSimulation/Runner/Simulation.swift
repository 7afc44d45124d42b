import Lookahead

/// Runs simulations: the standard world of SPEC §8, or any ``World``.
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
  /// - Returns: The metrics of SPEC §8.4, the same as ``run(_:)``'s.
  public static func run(
    _ setup: SimulationSetup, onFrame: ((FrameRecord) -> Void)?,
    onDecision: ((SimulationDecision) -> Void)? = nil
  ) -> RunMetrics {
    var driver: SimulationDriver
    if setup.strategy == .oracle {
      let geometry = setup.world.geometry
      let images = SimulatedImages(capacity: setup.world.memoryCacheBytes)
      let oracle = OraclePolicy(
        trace: setup.trace, world: setup.world, geometry: geometry, images: images)
      driver = SimulationDriver(
        setup: setup,
        strategy: PreloadStrategy(id: "oracle", paging: .manual, policy: oracle),
        pageSchedule: oracle.pageNeedTimes, geometry: geometry, images: images)
    } else {
      driver = SimulationDriver(setup: setup, strategy: setup.preloadStrategy)
    }
    driver.onFrame = onFrame
    driver.onDecision = onDecision
    return driver.run()
  }
}
