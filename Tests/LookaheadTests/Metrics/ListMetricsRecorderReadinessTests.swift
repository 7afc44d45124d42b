import Testing

@_spi(Simulation) @testable import Lookahead

@Suite("List metrics recorder frames")
struct ListMetricsRecorderReadinessTests {
  @Test("frames measured with a readiness table count as with a closure")
  func readinessTableCountsAsTheClosure() {
    var random = SplitMix64(seed: 21)
    var withClosure = ListMetricsRecorder<Int, Int>()
    var withTable = ListMetricsRecorder<Int, Int>()
    var bytesInMemory = [Int](repeating: 0, count: 80)
    var start = 0
    for frame in 0..<600 {
      let time = Double(frame) * 16
      // Drift forward and back, with a jump now and then, over items without keys too.
      start = max(0, min(60, start + Int(random.next() % 5) - 2))
      if random.next() % 50 == 0 { start = Int(random.next() % 60) }
      let visible = start..<(start + Int(random.next() % 12))
      let isStalled = random.next() % 10 == 0
      let key: (Int) -> Int? = { $0 % 9 == 0 ? nil : $0 }
      let table = SimulatedReadiness(bytesInMemory: bytesInMemory)
      withClosure.recordFrame(
        time: time, visible: visible, positionsAreStable: true, isStalled: isStalled,
        id: { $0 }, key: key, isReady: { table.isReady($0) })
      withTable.recordFrame(
        time: time, visible: visible, positionsAreStable: true, isStalled: isStalled,
        id: { $0 }, key: key, readiness: table)
      // Images arrive and leave between frames.
      for _ in 0..<3 {
        let item = Int(random.next() % 80)
        let arrives = random.next() % 3 != 0
        bytesInMemory[item] = arrives ? 1 : 0
        if arrives {
          withClosure.recordResourceReady(item, at: time + 8)
          withTable.recordResourceReady(item, at: time + 8)
        }
      }
    }
    let counts = ListMetricsRecorder<Int, Int>.NetworkCounts(requests: 3, bytes: 10)
    let expected = withClosure.finish(network: counts, peakCacheBytes: 5)
    #expect(withTable.finish(network: counts, peakCacheBytes: 5) == expected)
    #expect(expected.blankItemFrames > 0 && expected.visibleItemFrames > expected.blankItemFrames)
  }

  @Test("frames with stable positions count as frames compared by id")
  func stablePositionsCountAsIDs() {
    var random = SplitMix64(seed: 34)
    var byPosition = ListMetricsRecorder<Int, Int>()
    var byID = ListMetricsRecorder<Int, Int>()
    var ready = Set<Int>()
    var start = 30
    for frame in 0..<2_000 {
      let time = Double(frame) * 16
      // Small steps either way, jumps past the last range, and empty ranges now and then.
      switch random.next() % 40 {
      case 0: start = Int(random.next() % 200)
      default: start = max(0, start + Int(random.next() % 7) - 3)
      }
      let visible = start..<(start + Int(random.next() % 10))
      let table = SimulatedReadiness(
        bytesInMemory: (0..<220).map { ready.contains($0) ? 1 : 0 })
      byPosition.recordFrame(
        time: time, visible: visible, positionsAreStable: true, isStalled: false,
        id: { $0 }, key: { $0 }, readiness: table)
      byID.recordFrame(
        time: time, visible: visible, positionsAreStable: false, isStalled: false,
        id: { $0 }, key: { $0 }, readiness: table)
      let item = Int(random.next() % 220)
      if ready.insert(item).inserted {
        byPosition.recordResourceReady(item, at: time + 4)
        byID.recordResourceReady(item, at: time + 4)
      }
      if random.next() % 4 == 0 { ready.remove(Int(random.next() % 220)) }
    }
    let counts = ListMetricsRecorder<Int, Int>.NetworkCounts()
    let expected = byID.finish(network: counts, peakCacheBytes: 0)
    #expect(byPosition.finish(network: counts, peakCacheBytes: 0) == expected)
    #expect(expected.timeToContentP95 > 0)
  }
}
