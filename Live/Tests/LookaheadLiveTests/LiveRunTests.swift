import Foundation
import Lookahead
import LookaheadFeedServer
import LookaheadLive
import LookaheadSimulation
import Testing

/// The live tests run one at a time: they measure real time, and a storm next to a replay
/// would slow it down.
@Suite(.serialized) struct LiveTests {}

extension LiveTests {
  @Suite("Live replays against a real server on 127.0.0.1")
  struct LiveRunTests {}
}

extension LiveTests.LiveRunTests {
  @Test("a short trace at 4× goes through the real stack and meets simulate's prediction")
  func shortTraceAtFourTimesSpeed() async throws {
    let trace = TraceGenerator(scenario: .skimmer, seed: 2, duration: 8_000).generate()
    let (server, url) = try await startServer(speed: 4, seed: 2)
    let setup = LiveRunSetup(
      trace: trace, strategy: .adaptive, world: .standard, seed: 2, speed: 4, server: url)
    let result = try await LiveRun.run(setup, server: server) { server.statistics }
    // Bodies the client cancelled at the end close on the server's side a moment later.
    #expect(await eventually { server.statistics.activeTransfers == 0 })
    await server.stop()

    let live = result.metrics
    let predicted = Simulation.run(setup.simulation)
    // The same trace and world: the same frames, about the same items on screen.
    #expect(result.frames.count == trace.samples.count)
    #expect(
      abs(live.visibleItemFrames - predicted.visibleItemFrames) <= predicted.visibleItemFrames / 10)
    #expect(live.pages >= 1 && abs(live.pages - predicted.pages) <= 1)
    #expect(live.requests > live.pages)
    #expect(result.loader.delivered > 0 && result.loader.failed == 0)
    #expect(result.elapsed < .seconds(8), "8 s of trace at 4× take 2 s")
    // What the app stored is exactly what the server served.
    #expect(result.diskCache.entries > 0 && result.diskCache.invalid.isEmpty)
    #expect(result.missedAppearances().isEmpty)
    #expect(result.peakMemoryBytes > 0)
    // The field metrics count what the run itself saw: the same item-frames but for a
    // page that lands between a frame and the run's reading of it (only on frames where
    // the list grew), the same blank ones but for a load that lands in between, and
    // every byte the loaders received (partial transfers of cancelled loads included).
    let truth = result.groundTruth
    var itemCount = 0
    var landings = 0
    for frame in result.frames {
      if frame.loadedItemCount != itemCount { landings += frame.visible.count }
      itemCount = frame.loadedItemCount
    }
    #expect(
      abs(live.visibleItemFrames - truth.visibleItemFrames) <= landings,
      "\(live.visibleItemFrames) / \(truth.visibleItemFrames)")
    // A load that lands between the preloader's measuring of a frame and the run's
    // reading of it makes that item-frame blank for one and shown for the other: the
    // first frame in which the item shows its image. Such onsets bound the difference.
    var onsets = 0
    var previous: LiveFrame?
    for frame in result.frames {
      let blank = Set(frame.blank)
      for item in frame.visible where !blank.contains(item) {
        let showedBefore = previous.map { $0.visible.contains(item) && !$0.blank.contains(item) }
        if showedBefore != true { onsets += 1 }
      }
      previous = frame
    }
    #expect(
      abs(live.blankItemFrames - truth.blankItemFrames) <= onsets,
      "\(live.blankItemFrames) / \(truth.blankItemFrames), \(onsets) onsets")
    let drained = result.drainedMetrics.bytes
    #expect(abs(drained - truth.bytes) <= truth.bytes / 50, "\(drained) / \(truth.bytes)")
  }

  @Test("faults cost retries, not images: no crash, every stored image valid")
  func faults() async throws {
    let trace = TraceGenerator(scenario: .reader, seed: 4, duration: 8_000).generate()
    let plan = try FaultPlan(parsing: "5xx=20%,truncate=10%,stall=5%,reset=10%", seed: 4)
    let (server, url) = try await startServer(speed: 4, faults: plan, seed: 4)
    let setup = LiveRunSetup(
      trace: trace, strategy: .texture, world: .standard, seed: 4, speed: 4, server: url)
    let result = try await LiveRun.run(setup, server: server) { server.statistics }
    await server.stop()

    let served = try #require(result.server)
    #expect(served.serverErrors + served.truncatedBodies + served.resets + served.stalls > 0)
    #expect(result.diskCache.entries > 0)
    #expect(result.diskCache.invalid.isEmpty, "\(result.diskCache.invalid)")
    #expect(result.loader.failed > 0)
    #expect(result.metrics.pages >= 1)
  }
}
