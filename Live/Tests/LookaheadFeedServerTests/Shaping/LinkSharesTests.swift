import Testing

@testable import LookaheadFeedServer

/// A link of 1,000 bytes per unit of time on integer time.
private func link() -> LinkShares<Int> {
  LinkShares<Int> { from, to in Double(to - from) * 1_000 }
}

@Suite("Sharing one link fairly")
struct LinkSharesTests {
  @Test("a transfer alone gets the whole bandwidth and ends when its bytes are due")
  func alone() {
    var shares = link()
    let id = shares.add(2_500, at: 0)
    shares.settle(at: 2)
    #expect(shares.take(id, minimum: 1) == 2_000)
    shares.settle(at: 3)
    #expect(shares.take(id, minimum: 1_000) == 500)
    #expect(shares.isIdle)
  }

  @Test("transfers in progress share equally, and a newcomer gets its share from its start")
  func equalShares() {
    var shares = link()
    let first = shares.add(10_000, at: 0)
    shares.settle(at: 1)
    let second = shares.add(10_000, at: 1)
    shares.settle(at: 3)
    // 1,000 alone, then 1,000 of the 2,000 shared.
    #expect(shares.take(first, minimum: 1) == 2_000)
    #expect(shares.take(second, minimum: 1) == 1_000)
  }

  @Test("what a nearly finished transfer cannot use goes to the others (water-filling)")
  func waterFilling() {
    var shares = link()
    let small = shares.add(200, at: 0)
    let large = shares.add(10_000, at: 0)
    shares.settle(at: 1)
    #expect(shares.take(small, minimum: 1) == 200)
    #expect(shares.take(large, minimum: 1) == 800)
  }

  @Test("bytes are handed out in grains, except the last ones")
  func grains() {
    var shares = link()
    let id = shares.add(1_500, at: 0)
    shares.settle(at: 0)
    #expect(shares.take(id, minimum: 1_000) == nil)
    shares.settle(at: 1)
    #expect(shares.take(id, minimum: 1_000) == 1_000)
    #expect(shares.take(id, minimum: 1_000) == nil)
    shares.settle(at: 2)
    #expect(shares.take(id, minimum: 1_000) == 500)
  }

  @Test("a transfer that ends early frees its share at that instant; ending twice is harmless")
  func endEarly() {
    var shares = link()
    let gone = shares.add(10_000, at: 0)
    let stays = shares.add(10_000, at: 0)
    shares.settle(at: 2)
    shares.remove(gone, at: 2)
    shares.remove(gone, at: 2)
    shares.settle(at: 4)
    #expect(shares.take(stays, minimum: 1) == 1_000 + 2_000)
    #expect(shares.take(gone, minimum: 1) == nil)
  }

  @Test("shares of thirds still add up to every byte")
  func rounding() {
    var shares = link()
    let ids = (0..<3).map { _ in shares.add(1_000, at: 0) }
    var received = [0, 0, 0]
    for time in 1...4 {
      shares.settle(at: time)
      for (index, id) in ids.enumerated() { received[index] += shares.take(id, minimum: 1) ?? 0 }
    }
    #expect(received == [1_000, 1_000, 1_000])
    #expect(shares.isIdle)
  }
}
