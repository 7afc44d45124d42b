import Testing

@_spi(Simulation) @testable import Lookahead

@Suite("WantedSet slots")
struct WantedSetSlotTests {
  @Test("each wanted key keeps the slot it entered with, and leaves with it")
  func reportsTheSlotsOfKeysThatEnterAndLeave() {
    var random = SplitMix64(seed: 5)
    var wanted = WantedSet<Int>()
    var changes = WantedSetChanges<Int>(wanted: [], unwanted: [])
    var slotOfKey: [Int: Int] = [:]
    for _ in 0..<500 {
      let start = Int(random.next() % 40)
      let requests = (start..<(start + Int(random.next() % 25))).map { key in
        WantedSet<Int>.Request(key: key, priority: .preload, order: Double(random.next() % 5))
      }
      var deferred = 0
      var inserted: [(position: Int, slot: Int)] = []
      wanted.update(
        to: requests, defersOrders: true, deferredCount: &deferred, into: &changes
      ) { inserted.append(($0, $1)) }
      #expect(changes.unwanted.count == wanted.unwantedSlots.count)
      for (key, slot) in zip(changes.unwanted, wanted.unwantedSlots) {
        #expect(slotOfKey.removeValue(forKey: key) == slot)
      }
      for (position, slot) in inserted {
        #expect(slotOfKey.updateValue(slot, forKey: requests[position].key) == nil)
      }
      // No two wanted keys share a slot, and exactly the wanted keys have one.
      #expect(Set(slotOfKey.values).count == slotOfKey.count)
      #expect(Set(slotOfKey.keys) == Set(wanted.keys))
    }
  }
}
