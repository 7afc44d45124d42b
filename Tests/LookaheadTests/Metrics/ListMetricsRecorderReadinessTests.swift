import Testing

@_spi(Simulation) @testable import Lookahead

@Suite("List metrics recorder readiness")
struct ListMetricsRecorderReadinessTests {
  @Test("Frames measured with a readiness table count as with a closure")
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
}
