import Dispatch
import Lookahead
import LookaheadSimulation

/// Runs every strategy on every trace, in parallel, reporting progress as runs finish.
///
/// Runs are independent pure functions of their setup, so scheduling changes only the order
/// of the progress lines: results are stored by job index and come back in trace-major order
/// (every strategy on the first trace, then the second, …) whatever finished first.
///
/// A value type; thread-safe.
struct CompareRun: Sendable {
  struct Job: Sendable {
    var input: TraceInput
    var strategy: StrategyID
  }

  var inputs: [TraceInput]
  var strategies: [StrategyID]
  var world: World

  var jobs: [Job] {
    inputs.flatMap { input in strategies.map { Job(input: input, strategy: $0) } }
  }

  /// The records of every run, in trace-major order.
  ///
  /// - Parameter progress: called once per finished run with its 1-based count, the total,
  ///   and the job, from whichever thread ran it, one call at a time and in count order.
  func records(progress: @Sendable (Int, Int, Job) -> Void) -> [RunRecord] {
    let jobs = jobs
    let results = Locked([RunRecord?](repeating: nil, count: jobs.count))
    let finished = Locked(0)
    DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
      let job = jobs[index]
      let metrics = Simulation.run(
        SimulationSetup(
          trace: job.input.trace, strategy: job.strategy, world: world, seed: job.input.seed))
      let record = RunRecord(
        strategy: job.strategy.rawValue, trace: job.input.name, scenario: job.input.traceClass,
        network: world.network.name, layout: world.layout.kind.rawValue, seed: job.input.seed,
        metrics: metrics)
      results.withLock { $0[index] = record }
      // Reporting inside the lock keeps the counts on standard error in order; the
      // callback only writes one short line.
      finished.withLock { count in
        count += 1
        progress(count, jobs.count, job)
      }
    }
    return results.withLock { $0.map { $0! } }
  }
}
