import Testing

@_spi(Simulation) @testable import Lookahead

/// What `WantedSet` promises, written the plain way: one dictionary, every key hashed.
private struct ReferenceWantedSet {
  var current: [Int: (request: WantedSet<Int>.Request, sequence: Int)] = [:]
  var nextSequence = 0

  mutating func update(to requests: [WantedSet<Int>.Request]) -> WantedSetChanges<Int> {
    var wanted: [WantedSet<Int>.Request] = []
    var seen: Set<Int> = []
    for request in requests {
      if seen.contains(request.key) {
        guard let previous = current[request.key]?.request, request.isMoreUrgent(than: previous)
        else { continue }
        current[request.key]?.request = request
        wanted.removeAll { $0.key == request.key }
        wanted.append(request)
        continue
      }
      seen.insert(request.key)
      if let previous = current[request.key] {
        guard previous.request != request else { continue }
        current[request.key]?.request = request
      } else {
        nextSequence += 1
        current[request.key] = (request, nextSequence)
      }
      wanted.append(request)
    }
    let unwanted = current.filter { !seen.contains($0.key) }.sorted {
      $0.value.sequence < $1.value.sequence
    }.map(\.key)
    for key in unwanted { current[key] = nil }
    return WantedSetChanges(wanted: wanted, unwanted: unwanted)
  }
}

@Suite("WantedSet") struct WantedSetTests {
  private static func request(_ key: Int, _ priority: LoadPriority, _ order: Double)
    -> WantedSet<Int>.Request
  {
    WantedSet.Request(key: key, priority: priority, order: order)
  }

  @Test("answers that slide, jump, reorder and repeat keys report what the plain model does")
  func matchesThePlainModel() {
    var random = SplitMix64(seed: 7)
    var wanted = WantedSet<Int>()
    var model = ReferenceWantedSet()
    var start = 0
    for step in 0..<4_000 {
      // Mostly a window sliding by a few keys, as a scrolling range does; sometimes a
      // jump, a reversed answer, a repeated key or a key forgotten after its load.
      let roll = random.nextUnit()
      if roll < 0.05 {
        start = random.nextInt(in: 0...400)
      } else {
        start = max(0, start + random.nextInt(in: -3...4))
      }
      let length = random.nextInt(in: 0...40)
      var keys = Array(start..<(start + length))
      if random.nextUnit() < 0.1 { keys.reverse() }
      if random.nextUnit() < 0.1, let key = keys.randomElement(using: &random) {
        keys.insert(key, at: random.nextInt(in: 0...keys.count))
      }
      let priorities: [LoadPriority] = [.visible, .display, .preload]
      let requests = keys.map { key in
        Self.request(
          key, priorities[(key + step / 50) % 3], Double((key * 7 + step / 3) % 11))
      }
      let changes = wanted.update(to: requests)
      let expected = model.update(to: requests)
      #expect(changes == expected, "step \(step)")
      guard changes == expected else { return }
      #expect(wanted.count == model.current.count)
      if random.nextUnit() < 0.05, let key = keys.first {
        wanted.forget(key)
        model.current[key] = nil
      }
    }
    #expect(
      wanted.keys == model.current.sorted { $0.value.sequence < $1.value.sequence }.map(\.key))
    for (key, entry) in model.current { #expect(wanted.request(for: key) == entry.request) }
  }

  @Test("a change of order alone waits, each key's latest in the order keys first changed")
  func defersChangesOfOrderAlone() {
    var wanted = WantedSet<Int>()
    var deferred = 0
    _ = wanted.update(
      to: [
        Self.request(1, .visible, 0), Self.request(2, .preload, 5), Self.request(3, .preload, 9),
      ],
      defersOrders: true, deferredCount: &deferred, onInsert: { _ in })
    #expect(deferred == 0 && !wanted.hasDeferredOrders)

    var changes = wanted.update(
      to: [
        Self.request(1, .visible, 0), Self.request(3, .preload, 8), Self.request(2, .preload, 4),
      ],
      defersOrders: true, deferredCount: &deferred, onInsert: { _ in })
    #expect(changes.isEmpty && deferred == 2)
    #expect(wanted.hasDeferredOrders(of: .preload) && !wanted.hasDeferredOrders(of: .visible))
    #expect(wanted.hasDeferredOrder(for: 2) && !wanted.hasDeferredOrder(for: 1))
    // The set answers with the latest request at once.
    #expect(wanted.request(for: 3) == Self.request(3, .preload, 8))

    // Key 3 changes class: reported now, and its deferred order is dropped. Key 2's
    // order changes again: one deferred request, the latest.
    deferred = 0
    changes = wanted.update(
      to: [
        Self.request(1, .visible, 0), Self.request(3, .display, 1), Self.request(2, .preload, 3),
      ],
      defersOrders: true, deferredCount: &deferred, onInsert: { _ in })
    #expect(changes.wanted == [Self.request(3, .display, 1)])
    #expect(deferred == 1)
    #expect(wanted.takeDeferredOrders() == [Self.request(2, .preload, 3)])
    #expect(!wanted.hasDeferredOrders && !wanted.hasDeferredOrders(of: .preload))
  }

  @Test("withdrawn, forgotten or unknown-to-the-queue keys leave no deferred order")
  func dropsDeferredOrdersOfKeysThatLeave() {
    var wanted = WantedSet<Int>()
    var deferred = 0
    let first = (1...4).map { Self.request($0, .preload, Double($0)) }
    _ = wanted.update(to: first, defersOrders: true, deferredCount: &deferred, onInsert: { _ in })
    let moved = (1...4).map { Self.request($0, .preload, Double($0) + 0.5) }
    _ = wanted.update(to: moved, defersOrders: true, deferredCount: &deferred, onInsert: { _ in })
    #expect(deferred == 4)
    // Key 4 is withdrawn, key 3 forgotten, key 2's queue forgot it.
    let changes = wanted.update(
      to: Array(moved.prefix(3)), defersOrders: true, deferredCount: &deferred, onInsert: { _ in })
    #expect(changes.unwanted == [4])
    wanted.forget(3)
    wanted.reportNextChange(of: 2)
    #expect(wanted.takeDeferredOrders() == [Self.request(1, .preload, 1.5)])

    // The next change of key 2 is reported, not deferred; later ones wait again.
    deferred = 0
    var next = wanted.update(
      to: [Self.request(1, .preload, 1.5), Self.request(2, .preload, 9)], defersOrders: true,
      deferredCount: &deferred, onInsert: { _ in })
    #expect(next.wanted == [Self.request(2, .preload, 9)] && deferred == 0)
    next = wanted.update(
      to: [Self.request(1, .preload, 1.5), Self.request(2, .preload, 8)], defersOrders: true,
      deferredCount: &deferred, onInsert: { _ in })
    #expect(next.isEmpty && deferred == 1)
  }
}

extension WantedSetTests {
  @Test("deferred orders that keep being replaced keep bounded storage between takes")
  func deferredStorageStaysBounded() {
    var wanted = WantedSet<Int>()
    var deferred = 0
    var order = 0.0
    for round in 0..<2_000 {
      // Ten keys whose order drifts; every other round one of them changes class and
      // back, which drops its deferred order and defers a new one.
      order += 1
      let requests = (0..<10).map { key in
        Self.request(
          key, round % 2 == 1 && key == round % 10 ? .display : .preload, order + Double(key))
      }
      _ = wanted.update(
        to: requests, defersOrders: true, deferredCount: &deferred, onInsert: { _ in })
    }
    #expect(wanted.deferredStorageCount <= 64 + 2 * 10)
    // Each key's latest order survives compaction, in the order keys first changed.
    let taken = wanted.takeDeferredOrders()
    #expect(Set(taken.map(\.key)).count == taken.count)
    for request in taken { #expect(wanted.request(for: request.key) == request) }
  }
}
