import Testing

@_spi(Simulation) @testable import Lookahead

@Suite("CandidateOrder") struct CandidateOrderTests {
  /// One part of a frame's candidates: in order, in reverse order (with runs of equal
  /// requests, as the items of one grid row), or shuffled.
  private static func part(
    count: Int, shape: Int, firstItem: Int, random: inout SplitMix64
  ) -> [PreloadRequest] {
    var orders: [Double] = []
    var order = Double(random.nextInt(in: 0...5))
    while orders.count < count {
      let run = random.nextInt(in: 1...3)
      orders += Array(repeating: order, count: run)
      order += Double(random.nextInt(in: 0...2)) * 0.25
    }
    orders = Array(orders.prefix(count))
    if shape == 1 { orders.reverse() }
    if shape == 2 { orders.shuffle(using: &random) }
    return orders.enumerated().map { offset, order in
      PreloadRequest(
        item: firstItem + offset, priority: order < 3 ? .display : .preload, order: order)
    }
  }

  @Test("the candidates come out as a stable sort puts them, whatever the shape of each part")
  func matchesAStableSort() {
    var random = SplitMix64(seed: 11)
    var buffer: [PreloadRequest] = []
    for _ in 0..<2_000 {
      let ahead = Self.part(
        count: random.nextInt(in: 0...30), shape: random.nextInt(in: 0...2), firstItem: 0,
        random: &random)
      let behind = Self.part(
        count: random.nextInt(in: 0...30), shape: random.nextInt(in: 0...2), firstItem: 1_000,
        random: &random)
      let candidates = ahead + behind
      // The standard library's sort is stable: the reference.
      let expected = candidates.sorted(by: CandidateOrder.precedes)
      var actual = candidates
      CandidateOrder.sort(&actual, split: ahead.count, buffer: &buffer)
      #expect(actual == expected)
      guard actual == expected else { return }
    }
  }
}
