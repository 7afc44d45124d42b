import Testing

@testable import Lookahead

@Suite("LinkCongestion") struct LinkCongestionTests {
  /// The items expected to wait, with loads of 100 kB at 60 frames a second.
  private func waiting(
    _ congestion: LinkCongestion, screenItems: Int, bandwidth: Double
  ) -> Double {
    congestion.waiting(
      screenItems: screenItems, bytesPerLoad: 100_000, bandwidth: bandwidth,
      frameInterval: 1.0 / 60)
  }

  @Test("before the user moves, the prior: the share of a reader's items the link cannot serve")
  func beforeTheUserMovesThePriorStands() {
    let congestion = LinkCongestion()
    // Twenty items a screen at half a screen a second bring 1 MB/s of 100 kB items: a
    // link of 250 kB/s serves a quarter of them, the other fifteen wait.
    let slow = waiting(congestion, screenItems: 20, bandwidth: 250_000)
    #expect(abs(slow - 15) < 1e-9)
    // Three items a screen bring 150 kB/s: the same link keeps up.
    let fast = waiting(congestion, screenItems: 3, bandwidth: 250_000)
    #expect(fast == 0)
  }

  @Test("frames at rest teach nothing")
  func framesAtRestTeachNothing() {
    var congestion = LinkCongestion()
    for _ in 0..<600 { congestion.observe(isMoving: false, waiting: 12, linkIsFull: true) }
    // The prior alone: fifteen of twenty items wait (see the first test).
    let expected = waiting(congestion, screenItems: 20, bandwidth: 250_000)
    #expect(abs(expected - 15) < 1e-9)
  }

  @Test("items wait for the link only while it is full")
  func itemsWaitForTheLinkOnlyWhileItIsFull() {
    var congestion = LinkCongestion()
    // Four seconds of moving frames, the prior's weight: half with six items waiting on
    // a full link, half with six waiting on a link with room to spare.
    for index in 0..<240 {
      congestion.observe(isMoving: true, waiting: 6, linkIsFull: index.isMultiple(of: 2))
    }
    // A fast link: the prior says none wait; the frames say three on average, and the
    // two weigh alike.
    let expected = waiting(congestion, screenItems: 3, bandwidth: 1_000_000)
    #expect(abs(expected - 1.5) < 1e-9)
  }

  @Test("the learned mean outweighs the prior as frames accumulate")
  func theLearnedMeanOutweighsThePrior() {
    var congestion = LinkCongestion()
    for _ in 0..<(60 * 400) { congestion.observe(isMoving: true, waiting: 2, linkIsFull: true) }
    // The prior says fifteen; 400 s of frames say two.
    let expected = waiting(congestion, screenItems: 20, bandwidth: 250_000)
    #expect(expected > 2 && expected < 2.2)
  }
}
