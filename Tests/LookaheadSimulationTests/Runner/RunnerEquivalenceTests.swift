import Foundation
@_spi(Machines) @_spi(Inspection) @_spi(Simulation) import Lookahead
import LookaheadTestSupport
import Testing

@testable import LookaheadSimulation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// One start, cancellation or page request, at a time in milliseconds (to the
/// microsecond: the two drivers express the same instant in different units).
private struct Decision: Hashable, Comparable, CustomStringConvertible {
  var time: Milliseconds
  var what: String

  init(time: Milliseconds, what: String) {
    self.time = (time * 1000).rounded() / 1000
    self.what = what
  }

  static func < (lhs: Decision, rhs: Decision) -> Bool {
    (lhs.time, lhs.what) < (rhs.time, rhs.what)
  }
  var description: String { "\(time) ms: \(what)" }
}

/// What a simulated run decided, and when each of its loads completed.
private struct SimulatedRun {
  var decisions: [Decision] = []
  /// For each item, the completion time of each of its loads in start order (`nil`
  /// for one that was cancelled).
  var imageCompletions: [Int: [Milliseconds?]] = [:]
  /// The completion time of each page.
  var pageCompletions: [Int: Milliseconds] = [:]
  var diskReads = 0

  init(_ setup: SimulationSetup) {
    let (_, records) = Simulation.runRecordingDecisions(setup)
    for record in records {
      switch record {
      case .started(let item, let time):
        decisions.append(Decision(time: time, what: "start \(item)"))
        imageCompletions[item, default: []].append(nil)
      case .cancelled(let item, let time, _):
        decisions.append(Decision(time: time, what: "cancel \(item)"))
      case .pageRequested(let page, let time):
        decisions.append(Decision(time: time, what: "page \(page)"))
      case .completed(let completion):
        if completion.source == .disk { diskReads += 1 }
        switch completion.key.kind {
        case .page: pageCompletions[completion.key.index] = completion.time
        case .image:
          let item = completion.key.index
          imageCompletions[item]![imageCompletions[item]!.count - 1] = completion.time
        }
      }
    }
  }
}

/// Loads and pages that complete at the simulated times, on a manual clock, recording
/// what the runner asked for.
private final class ScriptedWorld: Loader, PageSource, Sendable {
  private struct State {
    var attempts: [Int: Int] = [:]
    var pages = 0
    var decisions: [Decision] = []
    var deadlines: [Int: Duration] = [:]
    var nextSleep = 0
  }

  let clock: ManualClock
  let run: SimulatedRun
  private let state = Locked(State())

  init(clock: ManualClock, run: SimulatedRun) {
    self.clock = clock
    self.run = run
  }

  var decisions: [Decision] { state.withLock { $0.decisions } }

  /// The earliest time a sleeping load or page wakes up.
  var nextDeadline: Duration? { state.withLock { $0.deadlines.values.min() } }

  private var now: Milliseconds { clock.now.offset.inMillisecondsForTests }

  func load(_ item: Int) async throws -> Int {
    let completions = run.imageCompletions[item] ?? []
    let id = state.withLock { state in
      let attempt = state.attempts[item, default: 0]
      state.attempts[item] = attempt + 1
      state.decisions.append(Decision(time: now, what: "start \(item)"))
      return register(attempt < completions.count ? completions[attempt] : nil, in: &state)
    }
    try await sleep(id, cancelled: "cancel \(item)")
    return StandardWorld.imageBytes(item)
  }

  func page(for request: PageRequest) async throws -> Page<SimulatedPost> {
    let (page, id) = state.withLock { state in
      defer { state.pages += 1 }
      state.decisions.append(Decision(time: now, what: "page \(state.pages)"))
      return (state.pages, register(run.pageCompletions[state.pages], in: &state))
    }
    try await sleep(id, cancelled: "cancel page \(page)")
    let hasMore = page + 1 < StandardWorld.pageLimit
    return Page(
      items: World.standard.items(ofPage: page).map(SimulatedPost.init(id:)),
      nextCursor: PageCursor(String(page + 1)), hasMore: hasMore)
  }

  /// Registers a sleep until the simulated completion time (for ever when the load never
  /// completed in the simulation), in the same critical section that recorded its start,
  /// so that a test never sees a started load that is not yet asleep as settled.
  private func register(_ completion: Milliseconds?, in state: inout State) -> Int {
    state.nextSleep += 1
    state.deadlines[state.nextSleep] = completion.map { .milliseconds($0) } ?? .seconds(1_000_000)
    return state.nextSleep
  }

  /// The number of loads and pages that have not finished handling their wake-up.
  var sleeping: Int { state.withLock { $0.deadlines.count } }

  /// Sleeps until the registered deadline; a cancellation is recorded before the sleep
  /// counts as over.
  private func sleep(_ id: Int, cancelled: String) async throws {
    defer { _ = state.withLock { $0.deadlines.removeValue(forKey: id) } }
    let deadline = state.withLock { $0.deadlines[id]! }
    do {
      try await clock.sleep(until: ManualClock.Instant(offset: deadline))
    } catch {
      state.withLock { $0.decisions.append(Decision(time: now, what: cancelled)) }
      throw error
    }
  }
}

extension Duration {
  fileprivate var inMillisecondsForTests: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1000 + Double(attoseconds) * 1e-15
  }
}

/// The app's runner, on a manual clock, with loads that take the simulated times and
/// cells bound as views bind them, takes the same decisions as `simulate`: one engine for
/// apps and the simulator.
@Suite("Runner equivalence") struct RunnerEquivalenceTests {
  @Test(
    "the runner takes the simulator's decisions",
    arguments: [StrategyID.texture, .adaptive],
    [(TraceScenario.skimmer, NetworkProfile.lte), (.flinger, .threeG), (.reverser, .threeG)])
  func theRunnerTakesTheSimulatorsDecisions(
    strategy: StrategyID, scenario: (TraceScenario, NetworkProfile)
  ) async throws {
    let trace = TraceGenerator(scenario: scenario.0, seed: 2, duration: 60_000).generate()
    var roomy = SimulationSetup(trace: trace, strategy: strategy, network: scenario.1)
    // A memory tier large enough that nothing is evicted: the runner here has no disk
    // tier to reload from.
    roomy.world.memoryCacheBytes = 4_000_000_000
    let setup = roomy
    // Seconds of computation: off the cooperative pool, which the other tests need.
    let run = await onDedicatedThread { SimulatedRun(setup) }
    #expect(run.diskReads == 0)  // the runner's cache has no disk tier

    let clock = ManualClock()
    let world = ScriptedWorld(clock: clock, run: run)
    // Loads bring an image's encoded bytes; the processing step decodes it to the size
    // the simulator's memory tier charges.
    let decoded = setup.world
    let preloader = ListPreloader<SimulatedPost, Int, Int>(
      strategy: setup.preloadStrategy,
      configuration: ListPreloaderConfiguration(
        viewportSize: CGSize(
          width: StandardWorld.viewportWidth, height: StandardWorld.viewportHeight),
        pageSize: StandardWorld.pageSize, interfaceStateTuning: nil),
      pages: world, loader: world, process: { _, item in decoded.decodedImageBytes(item) },
      transferredBytes: { $0 }, cost: { $0 },
      cache: MemoryCache<Int, Int>(costLimit: setup.world.memoryCacheBytes),
      resourceKey: { $0.id }, itemLength: { CGFloat(StandardWorld.feedItemHeight($0.id)) },
      clock: clock)

    /// Every load and page in flight sleeps on the clock, every one that woke up has
    /// been handled, and so has the preloader's wake-up if it came (a frame at rest the
    /// trace's own frames always answer first).
    func settle() async {
      let settled = await eventually {
        let machine = preloader.stateMachine
        let running = machine.runningLoadCount
        let wakeUps = machine.pendingWakeUp.map { $0 > clock.now.offset ? 1 : 0 } ?? 0
        return clock.sleeperCount == running + wakeUps && world.sleeping == running
      }
      #expect(settled)
    }

    // Cells, bound as a view configures them and as the simulator binds them: after the
    // frame is decided, the cells of the items that left are reused, then the items that
    // appeared get cells, which observe their resources.
    var cells: [Int: ResourceObservation<Int>] = [:]
    var bound: Range<Int> = 0..<0
    func bindCells() {
      let visible = preloader.visibleItems
      guard visible != bound else { return }
      let items = preloader.items
      for position in bound where !visible.contains(position) {
        cells.removeValue(forKey: items[position].id)?.cancel()
      }
      for position in visible where !bound.contains(position) {
        cells[items[position].id] = preloader.observeResource(for: items[position]) { _ in }
      }
      bound = visible
    }

    preloader.start()
    await settle()
    for sample in trace.samples {
      let frame = Duration.milliseconds(sample.time)
      while let deadline = world.nextDeadline, deadline <= frame {
        clock.advance(to: ManualClock.Instant(offset: deadline))
        await settle()
      }
      clock.advance(to: ManualClock.Instant(offset: frame))
      preloader.scrolled(toOffset: CGFloat(sample.offset))
      bindCells()
      await settle()
    }
    #expect(!cells.isEmpty, "the replay bound no cell")

    let simulated = run.decisions.sorted()
    let field = world.decisions.sorted()
    let firstDifference = zip(simulated, field).first { $0 != $1 }
    #expect(firstDifference == nil, "first difference: \(String(describing: firstDifference))")
    #expect(simulated.count == field.count)
    #expect(simulated.count > 50)
  }
}

/// Polls `condition` between yields until it holds or ten seconds of real time passed.
private func eventually(_ condition: () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + .seconds(10)
  // Held over consecutive yields, not once: on a loaded CI machine the two runs once
  // diverged at one frame (a cancellation present in one and not the other), which did
  // not reproduce; a count that matches for an instant while some task is between two
  // steps is the suspect, and a condition that must keep holding rules it out.
  let stableYields = 10
  var held = 0
  while ContinuousClock.now < deadline {
    held = condition() ? held + 1 : 0
    if held >= stableYields { return true }
    await Task.yield()
  }
  return condition()
}
