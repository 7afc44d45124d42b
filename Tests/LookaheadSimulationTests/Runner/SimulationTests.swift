import Foundation
import Testing

@testable import LookaheadSimulation

/// 60 Hz frame times from `start` (ms) for `seconds`.
func frameTimes(from start: Milliseconds = 0, seconds: Double) -> [Milliseconds] {
  (0..<Int((seconds * 60).rounded())).map { start + Double($0) * 1000 / 60 }
}

/// A trace at rest at `offset` for `seconds`.
func restingTrace(at offset: Double, seconds: Double) -> Trace {
  Trace(frameTimes(seconds: seconds).map { (time: $0, offset: offset) })
}

/// A trace at rest at 0 for `rest` seconds, then a 150 ms drag at `speed` points per
/// second, UIScrollView's deceleration (0.998/ms) and rest until `total` seconds.
func flingTrace(rest: Double, speed: Double, total: Double) -> Trace {
  let start = rest * 1000
  let drag = 150.0
  return Trace(
    frameTimes(seconds: total).map { time in
      guard time > start else { return (time: time, offset: 0) }
      let t = time - start
      if t <= drag { return (time: time, offset: speed / 1000 * t) }
      let v0 = speed / 1000
      let coast = v0 * 0.998 / 0.002 * (1 - pow(0.998, t - drag))
      return (time: time, offset: speed / 1000 * drag + coast)
    })
}

@Suite("Simulation") struct SimulationTests {
  /// A static viewport on 3G with `infinite-scroll`: the first page, then the four
  /// visible images, with times taken from an independent replay of the network model.
  @Test("static viewport on a slow network matches an independent replay")
  func staticViewportOnASlowNetworkMatchesAnIndependentReplay() {
    let trace = restingTrace(at: 0, seconds: 3)
    let times = trace.samples.map(\.time)
    let metrics = Simulation.run(
      SimulationSetup(trace: trace, strategy: .infiniteScroll, network: .threeG, seed: 7))

    var replay = NetworkModel(profile: .threeG, seed: 7)
    replay.request(.page(0), bytes: StandardWorld.pageBytes, priority: .infinity)
    let pageReady = replay.nextCompletion(notAfter: 10_000)!.time
    let firstFrame = times.first { $0 >= pageReady }!
    _ = replay.nextCompletion(notAfter: firstFrame)
    let visible = 0..<4  // heights 341, 216, 266, 289: item 3 starts at 823 < 844
    for item in visible {
      replay.request(.image(item), bytes: StandardWorld.imageBytes(item), priority: 3)
    }
    var ready: [Int: Milliseconds] = [:]
    while let completion = replay.nextCompletion(notAfter: 100_000) {
      ready[completion.key.index] = completion.time
    }
    let framesShown = times.filter { $0 >= firstFrame }
    let blank = visible.map { item in framesShown.filter { $0 < ready[item]! }.count }.reduce(0, +)
    let ttc = visible.map { min(ready[$0]!, times.last!) - firstFrame }.sorted()

    #expect(metrics.stallMilliseconds == firstFrame)
    #expect(metrics.visibleItemFrames == 4 * framesShown.count)
    #expect(metrics.blankItemFrames == blank)
    #expect(blank > 0)
    #expect(
      metrics.bytes == StandardWorld.pageBytes + visible.map(StandardWorld.imageBytes).reduce(0, +))
    #expect(metrics.wastedBytes == 0)
    #expect(metrics.requests == 5)
    #expect(metrics.cancelled == 0)
    #expect(metrics.pages == 1)
    #expect(metrics.timeToContentP50 == ttc[1])
    #expect(metrics.timeToContentP95 == ttc[3])
  }

  @Test("a trace past the end of content stalls until pages arrive")
  func aTracePastTheEndOfContentStallsUntilPagesArrive() {
    // Jump 20,000 points down at once: page after page loads while the viewport waits.
    var samples = [(time: Milliseconds(0), offset: 0.0)]
    samples += frameTimes(from: 1000 / 60, seconds: 6).map { (time: $0, offset: 20_000.0) }
    let setup = SimulationSetup(
      trace: Trace(samples), strategy: .infiniteScroll, network: .lte, seed: 1)
    let (metrics, frames) = Simulation.runRecordingFrames(setup)
    let lastStalled = frames.last { $0.isStalled }!
    let next = frames.first { $0.time > lastStalled.time }!
    #expect(metrics.stallMilliseconds == next.time)
    #expect(next.loadedItemCount * 320 > 20_000)  // items average 320 points
    #expect(metrics.pages >= 3)
  }

  @Test("infinite scroll stalls at every page end")
  func infiniteScrollStallsAtEveryPageEnd() {
    let steady = Trace(frameTimes(seconds: 30).map { (time: $0, offset: 0.8 * $0) })  // 800 pt/s
    let (metrics, frames) = Simulation.runRecordingFrames(
      SimulationSetup(trace: steady, strategy: .infiniteScroll, network: .lte, seed: 2))
    var episodes = 0
    var wasStalled = false
    for frame in frames {
      if frame.isStalled && !wasStalled { episodes += 1 }
      wasStalled = frame.isStalled
    }
    #expect(metrics.pages >= 4)
    #expect(episodes >= metrics.pages - 1, "every page after the first is waited for")
    let ahead = Simulation.run(
      SimulationSetup(trace: steady, strategy: .dynamicThreshold, network: .lte, seed: 2))
    #expect(ahead.stallMilliseconds < metrics.stallMilliseconds)
  }

  @Test("lazy target requests nothing it flies over")
  func lazyTargetRequestsNothingItFliesOver() {
    let trace = flingTrace(rest: 1, speed: 9000, total: 8)
    let (_, frames) = Simulation.runRecordingFrames(
      SimulationSetup(trace: trace, strategy: .lazyTarget, network: .wifi, seed: 1))
    let requested = Set(frames.flatMap(\.wanted))
    let landing = frames.last!.visible
    #expect(!landing.isEmpty)
    #expect(Set(landing).isSubset(of: requested))
    let flownOver = Set(5..<(landing.lowerBound - 3))
    #expect(flownOver.count >= 8)
    #expect(requested.isDisjoint(with: flownOver), "requested \(requested.sorted())")
  }

  @Test("pause while scrolling requests nothing while moving")
  func pauseWhileScrollingRequestsNothingWhileMoving() {
    let trace = flingTrace(rest: 1, speed: 3000, total: 6)
    let (_, frames) = Simulation.runRecordingFrames(
      SimulationSetup(trace: trace, strategy: .pauseWhileScrolling, network: .lte, seed: 1))
    var previous: Set<Int> = []
    var movingFrames = 0
    for frame in frames {
      let wanted = Set(frame.wanted)
      if frame.phase != .idle {
        movingFrames += 1
        #expect(wanted.isSubset(of: previous), "new request at \(frame.time) while moving")
      }
      previous = wanted
    }
    #expect(movingFrames > 60)
  }

  @Test("a cancelled load's logged bytes are its partial transfer, counted in the run's bytes")
  func cancelledLoadsCarryTheirPartialBytes() {
    let trace = TraceGenerator(scenario: .reverser, seed: 1, duration: 30_000).generate()
    let (metrics, decisions) = Simulation.runRecordingDecisions(
      SimulationSetup(trace: trace, strategy: .texture, network: .threeG, seed: 1))
    var arrived = 0
    var partial = 0
    var partialLoads = 0
    for decision in decisions {
      switch decision {
      case .completed(let completion) where completion.source == .network:
        arrived += completion.bytes
      case .cancelled(_, _, let bytes):
        partial += bytes
        if bytes > 0 { partialLoads += 1 }
      default: break
      }
    }
    #expect(partialLoads > 5)
    // Every byte of the run arrived whole or as part of a cancelled transfer.
    #expect(metrics.bytes == arrived + partial)
  }

  @Test("pause-while-scrolling never cancels a started load, even on a crowded 3G grid")
  func pauseWhileScrollingNeverCancels() {
    let trace = TraceGenerator(scenario: .skimmer, seed: 1, duration: 30_000).generate()
    let (metrics, decisions) = Simulation.runRecordingDecisions(
      SimulationSetup(
        trace: trace, strategy: .pauseWhileScrolling, network: .threeG, layout: .grid,
        seed: 1))
    #expect(metrics.requests > 50)
    #expect(metrics.cancelled == 0)
    #expect(!decisions.contains { if case .cancelled = $0 { true } else { false } })
  }

  @Test("texture stays in minimum mode until the first drag")
  func textureStaysInMinimumModeUntilTheFirstDrag() {
    let trace = flingTrace(rest: 2, speed: 1500, total: 4)
    let (_, frames) = Simulation.runRecordingFrames(
      SimulationSetup(trace: trace, strategy: .texture, network: .threeG, seed: 1))
    // Minimum mode preloads half a screen ahead: [0, 844 + 422) holds items 0...4.
    let atRest = frames.filter { $0.time < 1000 }.flatMap(\.wanted)
    #expect(!atRest.isEmpty)
    #expect(atRest.allSatisfy { $0 <= 4 })
    let afterDrag = frames.filter { $0.time > 2000 }.flatMap(\.wanted)
    #expect(afterDrag.contains { $0 > 8 }, "full mode preloads 2.5 screens ahead")
  }

  @Test("the oracle requests only what becomes visible")
  func theOracleRequestsOnlyWhatBecomesVisible() {
    let trace = TraceGenerator(scenario: .reverser, seed: 4, duration: 30_000).generate()
    let (metrics, frames) = Simulation.runRecordingFrames(
      SimulationSetup(trace: trace, strategy: .oracle, network: .lte, seed: 4))
    let seen = Set(frames.flatMap { Array($0.visible) })
    let requested = Set(frames.flatMap(\.wanted))
    #expect(requested.isSubset(of: seen))
    #expect(metrics.wastedBytes <= metrics.bytes / 50)
  }

  /// Down the feed and back up, with a memory cache of about a dozen images: on the way
  /// back every image comes from the disk tier, and the oracle reads each only once it is
  /// due within ``OraclePolicy/diskHorizon``, not ten seconds ahead.
  @Test("the oracle reads the disk tier only when an image is nearly due")
  func theOracleReadsTheDiskTierOnlyWhenAnImageIsNearlyDue() throws {
    let down = frameTimes(seconds: 20).map { (time: $0, offset: $0 * 0.4) }
    let back = frameTimes(from: 20_000, seconds: 20).map { time in
      (time: time, offset: Swift.max(0, 8_000 - (time - 20_000) * 0.4))
    }
    var world = World.standard(layout: .feed, network: .wifi)
    // Images encoded in memory, about a dozen of them.
    world.images.decodedBytesPerSquarePoint = 0
    world.memoryCacheBytes = 1_000_000
    let setup = SimulationSetup(trace: Trace(down + back), strategy: .oracle, world: world)
    var appearances: [Int: [Milliseconds]] = [:]
    var starts: [Int: Milliseconds] = [:]
    var diskReads: [(item: Int, start: Milliseconds)] = []
    var previous = 0..<0
    _ = Simulation.run(
      setup,
      onFrame: { frame in
        for item in frame.visible where !previous.contains(item) {
          appearances[item, default: []].append(frame.time)
        }
        previous = frame.visible
      },
      onDecision: { decision in
        switch decision {
        case .started(let item, let time): starts[item] = time
        case .completed(let completion) where completion.source == .disk:
          diskReads.append((completion.key.index, starts[completion.key.index]!))
        default: break
        }
      })
    #expect(diskReads.count > 10)
    for read in diskReads {
      let next = try #require(appearances[read.item]?.first { $0 >= read.start })
      #expect(next - read.start <= OraclePolicy.diskHorizon + 1_000 / 60, "item \(read.item)")
    }
  }
}
