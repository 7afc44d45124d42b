import Benchmark
import Foundation
import LookaheadSimulation

/// Whole simulations over a 60-minute trace (216,001 frames) through the engine's own
/// parts, plus trace generation and CSV reading. The baseline, measured in the same run,
/// is the least any simulation does: walking the frames and finding the visible items. The
/// performance targets ask for a whole simulation ≥ 100× faster than real time (60 minutes →
/// under 36 s; docs/DESIGN.md, "Performance targets"), and the runner for well under 1 s
/// (docs/DESIGN.md, "Runner").
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal],
    scalingFactor: .one,
    maxDuration: .seconds(5),
    maxIterations: 30
  )

  let hour: Milliseconds = 3_600_000
  let trace = TraceGenerator(scenario: .skimmer, seed: 1, duration: hour).generate()
  let csv = trace.csv
  let layout = WorldLayout.standard(.feed)

  Benchmark("Generate a 60-minute skimmer trace") { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(TraceGenerator(scenario: .skimmer, seed: 1, duration: hour).generate())
    }
  }

  Benchmark("Read a 60-minute trace from CSV") { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try? Trace(csv: csv))
    }
  }

  for strategy in [StrategyID.texture, .adaptive, .infiniteScroll, .oracle] {
    Benchmark("Simulate \(strategy) over a 60-minute skimmer trace (lte, feed)") { benchmark in
      for _ in benchmark.scaledIterations {
        blackHole(Simulation.run(SimulationSetup(trace: trace, strategy: strategy)))
      }
    }
  }

  // The grid's heaviest cases in BENCHMARKS.md: a 60-minute flinger over `lte`, where the
  // policies weigh the most candidates a frame and the oracle's horizon outgrows the
  // memory tier, and `adaptive` over `3g`, the most instructions of any strategy and
  // network (its lead time is longest there). `infinite-scroll`, which asks only for what
  // is on screen, is the floor: what the simulator costs (network, cache, metrics, the
  // list preloader's frame) before a strategy weighs anything ahead.
  let flinger = TraceGenerator(scenario: .flinger, seed: 1, duration: hour).generate()
  for strategy in [StrategyID.texture, .adaptive, .oracle, .infiniteScroll] {
    Benchmark("Simulate \(strategy) over a 60-minute flinger trace (lte, grid)") { benchmark in
      for _ in benchmark.scaledIterations {
        blackHole(
          Simulation.run(SimulationSetup(trace: flinger, strategy: strategy, layout: .grid)))
      }
    }
  }
  Benchmark("Simulate adaptive over a 60-minute flinger trace (3g, grid)") { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(
        Simulation.run(
          SimulationSetup(trace: flinger, strategy: .adaptive, network: .threeG, layout: .grid)))
    }
  }

  Benchmark("Baseline: visible items of every frame of a 60-minute trace") { benchmark in
    for _ in benchmark.scaledIterations {
      var count = 0
      let loaded = layout.itemCount
      for sample in trace.samples {
        count += layout.visibleItems(offset: sample.offset, loadedItemCount: loaded).count
      }
      blackHole(count)
    }
  }
}
