@_spi(Simulation) import Lookahead
import Testing

@testable import LookaheadSimulation

/// 1,000 bytes per millisecond, no round trip (so no jitter): a request is connected after
/// its server time (5 ms for images, 60 ms for pages) and then moves 1,000 bytes per ms
/// divided among the transfers.
private let plain = NetworkProfile(name: "plain", roundTrip: 0, bytesPerSecond: 1_000_000)

private func expectTime(_ actual: Milliseconds?, _ expected: Milliseconds) {
  #expect(
    actual != nil && abs(actual! - expected) < 1e-9, "\(String(describing: actual)) ≠ \(expected)")
}

@Suite("Network model")
struct NetworkModelTests {
  @Test("a request alone completes after its server time plus bytes over the bandwidth")
  func aloneExact() {
    var network = NetworkModel(profile: plain, seed: 0)
    network.request(.image(1), bytes: 10_000)
    #expect(network.phase(of: .image(1)) == .connecting(until: 5))
    let completions = network.advance(to: 100)
    #expect(completions.count == 1)
    expectTime(completions.first?.time, 15)
    #expect(completions.first?.key == .image(1))
    #expect(completions.first?.source == .network)
    #expect(network.now == 100)
    #expect(network.statistics.startedRequests == 1)
    #expect(network.statistics.transferredBytes == 10_000)
  }

  @Test("the round trip is multiplied by the seeded jitter of the first attempt")
  func jitteredRoundTrip() {
    var network = NetworkModel(profile: .lte, seed: 1)
    network.request(.image(42), bytes: 3_000)
    let jitter = NetworkJitter.factor(seed: 1, kind: .image, index: 42, attempt: 0)
    let completion = network.nextCompletion(notAfter: 1_000)
    // 70 ms · 1.3496… + 5 ms server + 3,000 bytes at 1,500 bytes/ms.
    expectTime(completion?.time, 70 * 1.349607304884608 + 5 + 2)
    expectTime(completion?.time, 70 * jitter + 5 + 2)
  }

  @Test("a page takes the page server time")
  func pageServerTime() {
    var network = NetworkModel(profile: plain, seed: 0)
    network.request(.page(0), bytes: 8_000)
    expectTime(network.nextCompletion(notAfter: 1_000)?.time, 68)
    #expect(network.statistics.completedPages == 1)
  }

  @Test("two transfers share the bandwidth equally, then the survivor gets all of it")
  func twoShare() {
    var network = NetworkModel(profile: plain, seed: 0)
    network.request(.image(1), bytes: 10_000)
    network.request(.image(2), bytes: 20_000)
    let completions = network.advance(to: 100)
    #expect(completions.map(\.key) == [.image(1), .image(2)])
    // Both connect at 5; 500 bytes/ms each: the first ends at 5 + 20; the second has
    // 10,000 left and finishes alone at 25 + 10.
    expectTime(completions[0].time, 25)
    expectTime(completions[1].time, 35)
  }

  @Test("a request joining mid-transfer slows the running one only once it transfers")
  func joinMidTransfer() {
    var network = NetworkModel(profile: plain, seed: 0)
    network.request(.image(1), bytes: 20_000)
    #expect(network.advance(to: 10).isEmpty)
    #expect(network.phase(of: .image(1)) == .transferring(remainingBytes: 15_000))
    network.request(.image(2), bytes: 15_000)
    let completions = network.advance(to: 100)
    // Image 1 runs alone until 15 (10,000 left), then both share: image 1 ends at 35,
    // image 2 has 5,000 left and ends alone at 40.
    #expect(completions.map(\.key) == [.image(1), .image(2)])
    expectTime(completions[0].time, 35)
    expectTime(completions[1].time, 40)
  }

  @Test("cancelling while transferring counts the partial bytes and frees the connection")
  func cancelWhileRunning() {
    var network = NetworkModel(profile: plain, seed: 0)
    network.request(.image(1), bytes: 10_000)
    _ = network.advance(to: 9)
    let cancellation = network.cancel(.image(1))
    #expect(
      cancellation == NetworkCancellation(key: .image(1), wasStarted: true, transferredBytes: 4_000)
    )
    #expect(network.statistics.cancelledRequests == 1)
    #expect(network.statistics.cancelledBytes == 4_000)
    #expect(network.statistics.transferredBytes == 4_000)
    #expect(network.busyConnections == 0)
    #expect(network.advance(to: 100).isEmpty)
  }

  @Test("cancelling during the round trip counts a cancelled request with no bytes")
  func cancelWhileConnecting() {
    var network = NetworkModel(profile: plain, seed: 0)
    network.request(.image(1), bytes: 10_000)
    _ = network.advance(to: 3)
    #expect(network.cancel(.image(1))?.transferredBytes == 0)
    #expect(network.statistics.startedRequests == 1)
    #expect(network.statistics.cancelledRequests == 1)
  }

  @Test("cancel twice, cancel after finish and cancel while waiting are harmless")
  func cancelEdges() {
    var network = NetworkModel(profile: plain, seed: 0)
    network.request(.image(1), bytes: 1_000)
    _ = network.advance(to: 100)
    #expect(network.cancel(.image(1)) == nil)
    network.request(.image(2), bytes: 1_000)
    #expect(network.cancel(.image(2)) != nil)
    #expect(network.cancel(.image(2)) == nil)
    #expect(network.statistics.cancelledRequests == 1)
    #expect(!network.contains(.image(2)))
  }

  @Test("seven requests on six connections: the seventh starts when the first finishes")
  func sevenOnSix() {
    var network = NetworkModel(profile: plain, seed: 0)
    for item in 0..<7 { network.request(.image(item), bytes: 6_000) }
    #expect(network.busyConnections == 6)
    #expect(network.waitingCount == 1)
    #expect(network.phase(of: .image(6)) == .waiting)
    #expect(network.statistics.startedRequests == 6)
    let completions = network.advance(to: 1_000)
    // Six share 1,000 bytes/ms from 5: each ends at 5 + 36 = 41 (in start order). The
    // seventh takes a connection at 41, connects at 46 and ends alone at 52.
    #expect(completions.map(\.key) == (0..<7).map { NetworkKey.image($0) })
    for completion in completions.prefix(6) { expectTime(completion.time, 41) }
    expectTime(completions[6].time, 52)
    #expect(network.statistics.startedRequests == 7)
  }

  @Test("a cancelled waiting request never starts and is not counted")
  func cancelWhileWaiting() {
    var network = NetworkModel(profile: plain, seed: 0)
    for item in 0..<7 { network.request(.image(item), bytes: 6_000) }
    #expect(
      network.cancel(.image(6))
        == NetworkCancellation(key: .image(6), wasStarted: false, transferredBytes: 0))
    #expect(network.advance(to: 1_000).count == 6)
    #expect(network.statistics.startedRequests == 6)
    #expect(network.statistics.cancelledRequests == 0)
  }

  @Test("a freed connection goes to the highest priority, ties to the first submitted")
  func waitingOrder() {
    var network = NetworkModel(profile: plain, seed: 0)
    for item in 0..<6 { network.request(.image(item), bytes: 1_000) }
    network.request(.image(10), bytes: 1_000, priority: 1)
    network.request(.image(11), bytes: 1_000, priority: 5)
    network.request(.image(12), bytes: 1_000, priority: 5)
    network.request(.image(13), bytes: 1_000, priority: 0)
    network.setPriority(9, for: .image(13))
    _ = network.cancel(.image(0))  // frees one connection now
    #expect(network.phase(of: .image(13)).map { $0 != .waiting } == true)
    let order = network.advance(to: 1_000).map(\.key.index).filter { $0 >= 10 }
    #expect(order == [13, 11, 12, 10])
  }

  @Test("a driver can start a request at the exact time of a completion")
  func reactAtCompletion() {
    var network = NetworkModel(profile: plain, seed: 0)
    network.request(.image(1), bytes: 10_000)
    var times: [Milliseconds] = []
    while let completion = network.nextCompletion(notAfter: 100) {
      times.append(completion.time)
      if completion.key == .image(1) { network.request(.image(2), bytes: 1_000) }
    }
    #expect(times.count == 2)
    expectTime(times[0], 15)
    expectTime(times[1], 21)
    #expect(network.now == 100)
  }

  @Test("a re-request after a cancellation uses the jitter of the next attempt")
  func attemptCounter() {
    var network = NetworkModel(profile: .lte, seed: 1)
    network.request(.image(42), bytes: 3_000)
    _ = network.advance(to: 10)
    network.cancel(.image(42))
    network.request(.image(42), bytes: 3_000)
    let jitter = NetworkJitter.factor(seed: 1, kind: .image, index: 42, attempt: 1)
    #expect(network.phase(of: .image(42)) == .connecting(until: 10 + 70 * jitter + 5))
    #expect(network.statistics.startedRequests == 2)
  }

  @Test("a disk read completes after the disk time without a connection or a request")
  func diskRead() {
    var network = NetworkModel(profile: plain, seed: 0)
    _ = network.advance(to: 10)
    network.readFromDisk(.image(3), bytes: 50_000)
    #expect(network.busyConnections == 0)
    #expect(network.phase(of: .image(3)) == .readingDisk(until: 13))
    let completion = network.nextCompletion(notAfter: 100)
    #expect(completion == NetworkCompletion(key: .image(3), bytes: 50_000, time: 13, source: .disk))
    #expect(network.statistics == NetworkStatistics())
  }

  @Test("nothing happens before the limit: time moves to the limit and nil comes back")
  func idleAdvance() {
    var network = NetworkModel(profile: plain, seed: 0)
    network.request(.image(1), bytes: 10_000)
    #expect(network.nextCompletion(notAfter: 14) == nil)
    #expect(network.now == 14)
    expectTime(network.nextCompletion(notAfter: 15)?.time, 15)
  }

  @Test("completion times do not depend on how often the model is advanced")
  func pollingIndependence() {
    func completions(step: Milliseconds) -> [NetworkCompletion] {
      var network = NetworkModel(profile: .lte, seed: 11)
      var random = SplitMix64(seed: 4)
      var result: [NetworkCompletion] = []
      var time: Milliseconds = 0
      for item in 0..<40 {
        // A new request every 0–150 ms, sizes of the standard images.
        let next = time + random.nextDouble(in: 0, 150)
        while time < next {
          time = min(next, time + step)
          result += network.advance(to: time)
        }
        network.request(.image(item), bytes: StandardWorld.imageBytes(item))
      }
      result += network.advance(to: 100_000)
      return result
    }
    let coarse = completions(step: 10_000)
    #expect(coarse.count == 40)
    #expect(completions(step: 16.667) == coarse)
    #expect(completions(step: 1) == coarse)
  }
}
