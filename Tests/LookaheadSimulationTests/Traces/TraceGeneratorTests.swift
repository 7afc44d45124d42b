import Testing

@testable import LookaheadSimulation

/// Per-frame speeds (pt/s) of a trace.
private func speeds(_ trace: Trace) -> [Double] {
  zip(trace.samples, trace.samples.dropFirst()).map { previous, next in
    (next.offset - previous.offset) / (next.time - previous.time) * 1000
  }
}

@Suite("Trace generator")
struct TraceGeneratorTests {
  @Test("the same scenario and seed give the same trace; another seed gives another")
  func deterministic() {
    for scenario in TraceScenario.allCases {
      let first = TraceGenerator(scenario: scenario, seed: 7, duration: 30_000).generate()
      let second = TraceGenerator(scenario: scenario, seed: 7, duration: 30_000).generate()
      let other = TraceGenerator(scenario: scenario, seed: 8, duration: 30_000).generate()
      #expect(first == second)
      #expect(first != other)
    }
  }

  @Test("traces are sampled at 60 Hz from 0 to the duration and round-trip through CSV")
  func sampling() throws {
    let trace = TraceGenerator(scenario: .skimmer, seed: 1, duration: 10_000).generate()
    #expect(trace.samples.count == 601)
    #expect(trace.samples[1].time == 16.667)
    #expect(trace.samples[3].time == 50)
    #expect(trace.duration == 10_000)
    let csv = trace.csv
    #expect(try Trace(csv: csv).csv == csv)
    #expect(TraceGenerator(scenario: .reader, seed: 1, duration: 0).generate().samples.count == 1)
    #expect(TraceGenerator(scenario: .reader, seed: 1, duration: 50).generate().duration == 50)
  }

  @Test("a reader moves slowly and spends most of the time still", arguments: [UInt64(1), 2, 3])
  func reader(seed: UInt64) {
    let trace = TraceGenerator(scenario: .reader, seed: seed).generate()
    let frameSpeeds = speeds(trace)
    #expect(frameSpeeds.allSatisfy { abs($0) < 1_500 })
    let still = frameSpeeds.filter { $0 == 0 }.count
    #expect(Double(still) / Double(frameSpeeds.count) > 0.7)
    #expect(trace.samples.last!.offset > 2_000)
  }

  @Test("a flinger goes far fast and sometimes jumps back", arguments: [UInt64(1), 2, 3])
  func flinger(seed: UInt64) {
    let trace = TraceGenerator(scenario: .flinger, seed: seed, duration: 300_000).generate()
    #expect(speeds(trace).max()! > 3_000)
    #expect(trace.samples.map(\.offset).max()! > 50_000)
    let jumpedBack = zip(trace.samples, trace.samples.dropFirst(30)).contains { earlier, later in
      later.offset < earlier.offset * 0.5
    }
    #expect(jumpedBack)
  }

  @Test("a reverser travels a lot in both directions", arguments: [UInt64(1), 2, 3])
  func reverser(seed: UInt64) {
    let trace = TraceGenerator(scenario: .reverser, seed: seed).generate()
    let steps = zip(trace.samples, trace.samples.dropFirst()).map { $1.offset - $0.offset }
    let down = steps.filter { $0 > 0 }.reduce(0, +)
    let up = -steps.filter { $0 < 0 }.reduce(0, +)
    #expect(up > 0.4 * down)
    #expect(down > 20_000)
  }

  @Test("a skimmer flings at medium speed, mostly down", arguments: [UInt64(1), 2, 3])
  func skimmer(seed: UInt64) {
    let trace = TraceGenerator(scenario: .skimmer, seed: seed).generate()
    let frameSpeeds = speeds(trace)
    #expect(frameSpeeds.max()! > 900 && frameSpeeds.max()! < 3_000)
    #expect(trace.samples.last!.offset > 20_000)
  }

  @Test("offsets stay within 0...maxOffset")
  func clamped() {
    let trace = TraceGenerator(scenario: .flinger, seed: 4, duration: 60_000, maxOffset: 5_000)
      .generate()
    #expect(trace.samples.allSatisfy { $0.offset >= 0 && $0.offset <= 5_000 })
    #expect(trace.samples.contains { $0.offset == 5_000 })
  }
}

@Suite("Scroll surface physics")
struct ScrollSurfaceTests {
  @Test("the content ignores the touch slop, then follows the finger 1:1")
  func slopAndDrag() {
    var surface = ScrollSurface(maxOffset: 10_000)
    surface.begin(.stroke(direction: 1, milliseconds: 100, distance: 8, isFling: false))
    for _ in 0..<100 { surface.stepOneMillisecond() }
    #expect(surface.offset == 0)
    #expect(surface.velocity == 0)
    surface.begin(.stroke(direction: 1, milliseconds: 100, distance: 110, isFling: false))
    for _ in 0..<100 { surface.stepOneMillisecond() }
    #expect(surface.offset == 100)
    #expect(surface.velocity == 0)
  }

  @Test("a fling releases at 2·distance/duration and decelerates by 0.998 per ms")
  func deceleration() {
    var surface = ScrollSurface(maxOffset: 1_000_000)
    surface.begin(.stroke(direction: 1, milliseconds: 100, distance: 100, isFling: true))
    for _ in 0..<100 { surface.stepOneMillisecond() }
    #expect(surface.offset == 90)
    #expect(surface.velocity == 2)
    surface.begin(.pause(milliseconds: 2))
    surface.stepOneMillisecond()
    #expect(abs(surface.offset - (90 + 2 * 0.998)) < 1e-12)
    surface.stepOneMillisecond()
    #expect(abs(surface.offset - (90 + 2 * 0.998 + 2 * 0.998 * 0.998)) < 1e-12)
    surface.begin(.pause(milliseconds: 10_000))
    for _ in 0..<10_000 { surface.stepOneMillisecond() }
    #expect(surface.velocity == 0)
    // The projection v·r/(1 − r) = 998 points, less the tail below the stop speed.
    #expect(surface.offset > 90 + 998 - 3 && surface.offset < 90 + 998)
  }

  @Test("touching the screen catches a deceleration; hitting the top stops it")
  func catchAndClamp() {
    var surface = ScrollSurface(maxOffset: 1_000_000)
    surface.begin(.stroke(direction: 1, milliseconds: 50, distance: 100, isFling: true))
    for _ in 0..<50 { surface.stepOneMillisecond() }
    surface.begin(.stroke(direction: -1, milliseconds: 50, distance: 200, isFling: true))
    #expect(surface.velocity == 0)
    for _ in 0..<50 { surface.stepOneMillisecond() }
    #expect(surface.offset == 0)
    #expect(surface.velocity == 0)
  }
}
