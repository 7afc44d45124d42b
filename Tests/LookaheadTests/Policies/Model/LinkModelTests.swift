import Testing

@testable import Lookahead

@Suite("LinkModel") struct LinkModelTests {
  @Test("the prior stands until a load finishes")
  func thePriorStandsUntilALoadFinishes() {
    var link = LinkModel(latency: 0.4, bandwidth: 500_000)
    #expect(!link.hasObservations)
    #expect(link.bandwidth == 500_000)
    // A mean load of half the prior latency's transfer: 100 kB, 0.2 s on the link.
    #expect(link.bytesPerLoad == 100_000)
    #expect(abs(link.roundTrip - 0.2) < 1e-9)
    // A page that took 0.3 s says the round trip is shorter than the prior.
    link.pageLatency = 0.3
    #expect(abs(link.roundTrip - 0.1) < 1e-9)
    #expect(link.bandwidth == 500_000)
  }

  @Test("a page quicker than the prior's transfer is read as all transfer")
  func aPageQuickerThanThePriorsTransferIsReadAsAllTransfer() {
    var link = LinkModel(latency: 0.4, bandwidth: 500_000)
    // 100 kB would take 0.2 s at the prior's bandwidth; the page took 0.1 s.
    link.pageLatency = 0.1
    #expect(abs(link.bandwidth - 1_000_000) < 1e-6)
    #expect(abs(link.roundTrip) < 1e-12)
    // A lone load of the mean size takes as long as the page did.
    #expect(abs(link.loadTime(inFlight: 0) - 0.1) < 1e-9)
    // A page exactly as long as the transfer leaves both readings at the prior.
    link.pageLatency = 0.2
    #expect(abs(link.bandwidth - 500_000) < 1e-6)
    #expect(abs(link.roundTrip) < 1e-12)
  }

  @Test("a line through the loads gives the round trip and the bandwidth")
  func aLineThroughTheLoadsGivesTheRoundTripAndTheBandwidth() {
    var link = LinkModel(latency: 0.4, bandwidth: 500_000)
    // 70 ms round trip, 1.5 MB/s shared fairly: loads of 20–200 kB, alone or in pairs.
    for (bytes, sharing) in [(20_000, 1), (200_000, 1), (80_000, 2), (150_000, 2), (40_000, 1)] {
      let seconds = 0.07 + Double(bytes * sharing) / 1_500_000
      link.observe(latency: .seconds(seconds), bytes: bytes, sharing: Double(sharing))
    }
    #expect(abs(link.bandwidth - 1_500_000) < 1)
    #expect(abs(link.roundTrip - 0.07) < 1e-6)
    // A load of the mean size alongside two others takes its round trip and a third of
    // the link for three times its transfer.
    let expected = 0.07 + 3 * link.bytesPerLoad / 1_500_000
    #expect(abs(link.loadTime(inFlight: 2) - expected) < 1e-6)
    // The link is busy with a round trip's worth of transfers plus the one in flight,
    // and with a frame's worth more when loads start only once a frame.
    #expect(
      link.loadsInFlight(decisionInterval: 0) == Int((0.07 / link.transferTime).rounded(.up)) + 1)
    let frame = 1.0 / 60
    #expect(
      link.loadsInFlight(decisionInterval: frame)
        == Int(((0.07 + frame) / link.transferTime).rounded(.up)) + 1)
  }

  @Test("loads that shared the link give its bandwidth before a line")
  func loadsThatSharedTheLinkGiveItsBandwidthBeforeALine() {
    var link = LinkModel(latency: 0.4, bandwidth: 500_000)
    // The first screen: loads of one size started together, four on the link on average.
    for _ in 0..<5 { link.observe(latency: .milliseconds(300), bytes: 100_000, sharing: 4) }
    // 400 kB moved for each in 0.3 s, read as all transfer.
    #expect(abs(link.bandwidth - 400_000 / 0.3) < 1e-6)
    #expect(link.roundTrip == 0)
  }

  @Test("loads of one size give no line: the mean latency stands in")
  func loadsOfOneSizeGiveNoLine() {
    var link = LinkModel(latency: 0.4, bandwidth: 500_000)
    for _ in 0..<5 { link.observe(latency: .milliseconds(200), bytes: 100_000, sharing: 1) }
    // As if each load were alone: 100 kB in 0.2 s.
    #expect(abs(link.bandwidth - 500_000) < 1e-6)
    #expect(link.roundTrip == 0)
    #expect(link.loadsInFlight(decisionInterval: 0) == 1)
  }

  @Test("round trips that vary more than the transfers are not read as all transfer")
  func roundTripsThatVaryMoreThanTheTransfersAreNotReadAsAllTransfer() {
    // A 10 s round trip that varies by a fifth either way, a link of 1.5 MB/s: a load's
    // size changes its time by less than its round trip's jitter does.
    let jitter = [0.8, 1.2, 1.0, 0.9, 1.1, 0.85, 1.15]
    let sizes = [20_000, 200_000, 110_000, 60_000, 160_000]
    var link = LinkModel(latency: 0.4, bandwidth: 500_000)
    func observe(_ count: Int, from start: Int) {
      for index in start..<(start + count) {
        let bytes = sizes[index % sizes.count]
        let seconds = 10 * jitter[index % jitter.count] + Double(bytes) / 1_500_000
        link.observe(latency: .seconds(seconds), bytes: bytes, sharing: 1)
      }
    }
    observe(10, from: 0)
    // Read as all transfer, the loads would say 11 kB/s and no round trip.
    let allTransfer = 110_000 / 10.0
    #expect(link.roundTrip > 5)
    #expect(link.bandwidth > 2 * allTransfer && link.bandwidth < 1_500_000)
    #expect(link.loadsInFlight(decisionInterval: 0) > 2)
    // More points narrow what the scatter hides: the link is allowed to be faster.
    let early = link.bandwidth
    observe(60, from: 10)
    #expect(link.bandwidth > early)
  }
}
