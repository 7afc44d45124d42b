import Testing

@testable import Lookahead

/// A stand-in for an expensive screen.
@MainActor
private final class Screen {
  let key: String
  let serial: Int
  var isWarm = false
  var reuseCount = 0

  init(key: String, serial: Int) {
    self.key = key
    self.serial = serial
  }
}

@MainActor
@Suite("WarmPool") struct WarmPoolTests {
  /// Builds screens with increasing serial numbers and counts builds and warm-ups.
  @MainActor
  private final class Factory {
    var built: [String] = []
    var warmed: [String] = []

    func pool(
      instancesPerKey: Int = 1, memoryBudget: Int = .max, costs: [String: Int] = [:]
    ) -> WarmPool<String, Screen> {
      WarmPool(
        instancesPerKey: instancesPerKey, memoryBudget: memoryBudget,
        cost: { costs[$0, default: 1] },
        make: { key in
          self.built.append(key)
          return Screen(key: key, serial: self.built.count)
        },
        warmUp: { screen, key in
          screen.isWarm = true
          self.warmed.append(key)
        },
        prepareForReuse: { $0.reuseCount += 1 })
    }
  }

  @Test("the first take builds and warms the next")
  func theFirstTakeBuildsAndWarmsTheNext() async {
    let factory = Factory()
    let pool = factory.pool()
    let first = pool.take("orders")
    #expect(first.serial == 1 && !first.isWarm)
    #expect(factory.built == ["orders"])
    await pool.waitUntilWarm()
    #expect(factory.built == ["orders", "orders"])
    #expect(factory.warmed == ["orders"])
    #expect(pool.readyCount(for: "orders") == 1)
  }

  @Test("later takes are warm")
  func laterTakesAreWarm() async {
    let factory = Factory()
    let pool = factory.pool()
    _ = pool.take("orders")
    await pool.waitUntilWarm()
    for expectedSerial in 2...4 {
      let screen = pool.take("orders")
      #expect(screen.serial == expectedSerial && screen.isWarm)
      #expect(factory.built.count == expectedSerial)  // nothing built during the take
      await pool.waitUntilWarm()
    }
    #expect(pool.readyCount(for: "orders") == 1)
  }

  @Test("purge empties the pool")
  func purgeEmptiesThePool() async {
    let factory = Factory()
    let pool = factory.pool(instancesPerKey: 2)
    _ = pool.take("orders")
    _ = pool.take("profile")
    await pool.waitUntilWarm()
    #expect(pool.totalReadyCount == 4)
    pool.purge()
    #expect(pool.totalReadyCount == 0)
    #expect(pool.totalCost == 0)
    await pool.waitUntilWarm()
    #expect(pool.totalReadyCount == 0)  // no rebuild right after a memory warning
    #expect(pool.take("orders").isWarm == false)
  }

  @Test("a build in progress during a purge is discarded")
  func aBuildInProgressDuringAPurgeIsDiscarded() async {
    let gate = AsyncStream<Void>.makeStream()
    let started = AsyncStream<Void>.makeStream()
    let pool = WarmPool<String, Screen>(
      make: { Screen(key: $0, serial: 0) },
      warmUp: { _, _ in
        started.continuation.yield()
        var iterator = gate.stream.makeAsyncIterator()
        await iterator.next()
      })
    _ = pool.take("orders")
    var startedIterator = started.stream.makeAsyncIterator()
    await startedIterator.next()
    pool.purge()
    gate.continuation.yield()
    await pool.waitUntilWarm()
    #expect(pool.readyCount(for: "orders") == 0)
    #expect(pool.totalCost == 0)
  }

  @Test("warming waits while scrolling fast")
  func warmingWaitsWhileScrollingFast() async {
    let factory = Factory()
    let pool = factory.pool()
    pool.scrolled(velocity: -4000)
    #expect(pool.isScrollingFast)
    _ = pool.take("orders")
    await pool.waitUntilWarm()
    #expect(factory.built == ["orders"])
    #expect(pool.readyCount(for: "orders") == 0)

    pool.scrolled(velocity: 300)
    await pool.waitUntilWarm()
    #expect(pool.readyCount(for: "orders") == 1)
  }

  @Test("predictive warming respects the budget")
  func predictiveWarmingRespectsTheBudget() async {
    let factory = Factory()
    let pool = factory.pool(memoryBudget: 100, costs: ["tracking": 60, "orders": 50, "help": 30])
    pool.setLikelyNext([
      (key: "help", probability: 0.1), (key: "tracking", probability: 0.9),
      (key: "orders", probability: 0.6),
    ])
    await pool.waitUntilWarm()
    // The most likely fits (60); the next (50) would exceed 100; the cheap one (30) fits.
    #expect(factory.warmed == ["tracking", "help"])
    #expect(pool.totalCost == 90)
    #expect(pool.totalCost <= pool.memoryBudget)

    // Taking the likeliest frees its cost, then its replacement fills it again.
    #expect(pool.take("tracking").isWarm)
    await pool.waitUntilWarm()
    #expect(pool.totalCost == 90)

    // Candidates that are no longer likely are released; the freed budget is reused.
    pool.setLikelyNext([(key: "orders", probability: 0.8)])
    await pool.waitUntilWarm()
    #expect(pool.readyCount(for: "help") == 0)
    #expect(pool.readyCount(for: "tracking") == 1)  // taken before: still replenished
    #expect(pool.readyCount(for: "orders") == 0)  // 60 + 50 > 100
    #expect(pool.totalCost == 60)
  }

  @Test("given back instances are prepared for reuse")
  func givenBackInstancesArePreparedForReuse() async {
    let factory = Factory()
    let pool = factory.pool()
    let screen = pool.take("orders")
    pool.giveBack(screen, for: "orders")
    #expect(screen.reuseCount == 1)
    #expect(pool.readyCount(for: "orders") == 1)
    let again = pool.take("orders")
    #expect(again === screen)
    // A full key declines: the instance is released, not reset.
    await pool.waitUntilWarm()
    #expect(pool.readyCount(for: "orders") == 1)
    let extra = Screen(key: "orders", serial: 99)
    pool.giveBack(extra, for: "orders")
    #expect(extra.reuseCount == 0)
    #expect(pool.readyCount(for: "orders") == 1)
  }
}

@Suite("WarmPoolStateMachine") struct WarmPoolStateMachineTests {
  @Test("replenishes the most recently taken key first")
  func replenishesTheMostRecentlyTakenKeyFirst() {
    var pool = WarmPoolStateMachine<String>()
    var outcomes = [pool.take("a", cost: 1), pool.take("b", cost: 1)]
    #expect(outcomes == [.build, .build])
    var next = [pool.nextToWarm(), pool.nextToWarm()]
    #expect(next == ["b", nil])  // one build at a time
    var kept = pool.finishedWarming("b", generation: pool.generation)
    #expect(kept)
    next = [pool.nextToWarm()]
    kept = pool.finishedWarming("a", generation: pool.generation)
    next.append(pool.nextToWarm())
    #expect(next == ["a", nil] && kept)
    outcomes = [pool.take("a", cost: 1)]
    #expect(outcomes == [.warm])
    #expect(pool.totalCost == 1)
  }

  @Test("nothing is warmed while scrolling fast")
  func nothingIsWarmedWhileScrollingFast() {
    var pool = WarmPoolStateMachine<String>()
    _ = pool.take("a", cost: 1)
    pool.isScrollingFast = true
    let whileFast = pool.nextToWarm()
    pool.isScrollingFast = false
    let afterwards = pool.nextToWarm()
    #expect(whileFast == nil && afterwards == "a")
  }

  @Test("a purge discards the build in progress")
  func aPurgeDiscardsTheBuildInProgress() {
    var pool = WarmPoolStateMachine<String>()
    _ = pool.take("a", cost: 5)
    let generation = pool.generation
    let reserved = pool.nextToWarm()
    #expect(reserved == "a" && pool.totalCost == 5)
    pool.purge()
    let kept = pool.finishedWarming("a", generation: generation)
    let next = pool.nextToWarm()
    #expect(!kept && next == nil && pool.totalCost == 0)
  }

  @Test("a key filled by a given back instance while warming discards the build")
  func aKeyFilledByAGivenBackInstanceWhileWarmingDiscardsTheBuild() {
    var pool = WarmPoolStateMachine<String>(instancesPerKey: 2)
    _ = pool.take("a", cost: 3)
    let reserved = pool.nextToWarm()
    let acceptedFirst = pool.giveBack("a", cost: 3)
    let acceptedSecond = pool.giveBack("a", cost: 3)  // 1 ready + 1 building = 2
    #expect(reserved == "a" && acceptedFirst && !acceptedSecond)
    #expect(pool.totalCost == 6)
    let kept = pool.finishedWarming("a", generation: pool.generation)
    #expect(kept && pool.readyCount(for: "a") == 2 && pool.totalCost == 6)
  }

  @Test("a build for a key that is no longer likely is discarded")
  func aBuildForAKeyThatIsNoLongerLikelyIsDiscarded() {
    var pool = WarmPoolStateMachine<String>()
    _ = pool.setLikelyNext([(key: "a", probability: 0.9, cost: 4)])
    let reserved = pool.nextToWarm()
    _ = pool.setLikelyNext([(key: "b", probability: 0.9, cost: 4)])
    let kept = pool.finishedWarming("a", generation: pool.generation)
    #expect(reserved == "a" && !kept)
    #expect(pool.readyCount(for: "a") == 0 && pool.totalCost == 0)
    let next = pool.nextToWarm()
    #expect(next == "b")
  }
}
