import Foundation
import Testing

@testable import Lookahead

/// 500 items of 100 points, a 1,000-point viewport: ten items per screen.
private let layout = ListLayout(crossLength: 390, itemLengths: Array(repeating: 100, count: 500))
private let screen: CGFloat = 1000

/// What the scripted driver reports about loads.
private struct Loads {
  /// Whether the items on screen are ready.
  var isVisibleReady = true
  /// Items being transferred.
  var loading: Set<Int> = []
}

/// Drives an ``AdaptivePolicy`` with a ``ScrollTracker`` at 60 Hz on scripted offsets.
private struct Player {
  var policy: AdaptivePolicy
  var tracker = ScrollTracker()
  var time = 0.0
  var offset: CGFloat

  /// A player at `offset` whose policy has seen `loads` loads of `latency` each.
  init(
    _ configuration: AdaptivePolicy.Configuration = AdaptivePolicy.Configuration(),
    latency: Duration = .milliseconds(200), loads: Int = 2, offset: CGFloat = 3000
  ) {
    policy = AdaptivePolicy(configuration: configuration)
    for _ in 0..<loads { policy.loadDidFinish(latency: latency, bytes: 50_000) }
    self.offset = offset
  }

  /// A player that has scrolled 3,000 points at 3,000 pt/s for one second while the
  /// screen loaded, and seen two more loads of 100 kB: its policy has learned 300 kB/s
  /// (2 × 50 kB and 2 × 100 kB over one busy second), 75 kB per load and a typical
  /// latency of 0.2 s.
  static func learnedBandwidth(_ configuration: AdaptivePolicy.Configuration) -> Player {
    var player = Player(configuration)
    player.move(speed: 3000, seconds: 1, loads: Loads(loading: Set(0..<500)))
    for _ in 0..<2 {
      player.policy.loadDidFinish(latency: .milliseconds(200), bytes: 100_000)
    }
    return player
  }

  /// The viewport's span now.
  var viewport: AxisSpan { AxisSpan(offset, offset + screen) }

  /// One frame later at `speed` points per second; returns the policy's answer.
  @discardableResult
  mutating func step(speed: Double = 0, loads: Loads = Loads()) -> [PreloadRequest] {
    time += 1.0 / 60
    offset += CGFloat(speed / 60)
    return decide(loads: loads)
  }

  /// Moves at `speed` points per second for `seconds`; returns the last answer.
  @discardableResult
  mutating func move(speed: Double, seconds: Double, loads: Loads = Loads()) -> [PreloadRequest] {
    var answer: [PreloadRequest] = []
    for _ in 0..<Int(seconds * 60) { answer = step(speed: speed, loads: loads) }
    return answer
  }

  /// Follows `path` (offset from the current one, by seconds since now) for `seconds`;
  /// returns every frame's answer with the tracker's phase.
  mutating func follow(
    seconds: Double, loads: Loads = Loads(), path: (Double) -> CGFloat
  ) -> [(phase: ScrollPhase, answer: [PreloadRequest], tracker: ScrollTracker)] {
    let start = offset
    var frames: [(phase: ScrollPhase, answer: [PreloadRequest], tracker: ScrollTracker)] = []
    for frame in 1...Int(seconds * 60) {
      time += 1.0 / 60
      offset = start + path(Double(frame) / 60)
      let answer = decide(loads: loads)
      frames.append((tracker.phase, answer, tracker))
    }
    return frames
  }

  private mutating func decide(loads: Loads) -> [PreloadRequest] {
    tracker.record(offset: CGPoint(x: 0, y: offset), at: .seconds(time))
    let input = PolicyInput(
      time: .seconds(time), layout: layout,
      viewport: CGRect(x: 0, y: offset, width: 390, height: screen), tracker: tracker)
    let visible = input.visibleItems
    let status = ClosureLoadStatus(
      isReady: { loads.isVisibleReady && visible.contains($0) },
      isLoading: { loads.loading.contains($0) })
    return policy.wantedItems(for: input, status: status)
  }
}

/// The prefetches (non-visible requests) of an answer.
private func prefetches(_ answer: [PreloadRequest]) -> [PreloadRequest] {
  answer.filter { $0.priority != .visible }
}

/// The visible items an answer requests, by ascending item.
private func visibleItems(_ answer: [PreloadRequest]) -> [Int] {
  answer.filter { $0.priority == .visible }.map(\.item).sorted()
}

/// How far past the viewport's end the farthest wanted item starts, in points.
private func reach(_ answer: [PreloadRequest], beyond viewport: AxisSpan) -> CGFloat {
  prefetches(answer).map { layout.span(ofItem: $0.item).lowerBound - viewport.upperBound }.max()
    ?? 0
}

/// A fling: a 0.15 s drag at `speed` points per second, then UIScrollView deceleration
/// (0.998 per ms).
private func fling(speed: Double) -> (Double) -> CGFloat {
  { t in
    let drag = 0.15
    if t <= drag { return CGFloat(speed * t) }
    let ms = (t - drag) * 1000
    return CGFloat(speed * drag + speed / 1000 * 0.998 / 0.002 * (1 - pow(0.998, ms)))
  }
}

/// A tuning without the prefetch budget, to observe the lead itself.
private var unbudgeted: AdaptivePolicy.Configuration {
  var configuration = AdaptivePolicy.Configuration()
  configuration.maximumPrefetches = 1000
  configuration.pipeDepthFactor = 0
  return configuration
}

/// ``unbudgeted``, with a lead at rest that grows while the list stays idle.
private var growingWhileIdle: AdaptivePolicy.Configuration {
  var configuration = unbudgeted
  configuration.idleGrowthScreensPerSecond = 0.1
  return configuration
}

@Suite struct AdaptivePolicyTests {
  @Test func theLeadGrowsWithVelocity() {
    var slow = Player(unbudgeted)
    let slowAnswer = slow.move(speed: 1000, seconds: 1)
    var fast = Player(unbudgeted)
    let fastAnswer = fast.move(speed: 4000, seconds: 1)
    // Lead time 0.3 s (0.2 s learned + 0.1 s margin): 300 pt at 1,000 pt/s, 1,200 at 4,000.
    let slowReach = reach(slowAnswer, beyond: slow.viewport)
    let fastReach = reach(fastAnswer, beyond: fast.viewport)
    #expect(slowReach >= 300 && slowReach <= 700)
    #expect(fastReach >= 1200)
    #expect(fastReach >= 2 * slowReach)
    // Everything wanted lies ahead of the motion.
    #expect(
      prefetches(fastAnswer).allSatisfy {
        $0.item >= layout.items(overlapping: fast.viewport).upperBound
      })
  }

  @Test func theLeadAtRestFollowsTheUsersRecentSpeedAndGrowsWhileIdleWhenAsked() {
    var flinger = Player(growingWhileIdle)
    let moving = flinger.move(speed: 4000, seconds: 0.5)
    let movingReach = reach(moving, beyond: flinger.viewport)
    let flingerAtRest = flinger.move(speed: 0, seconds: 1)
    let flingerRestReach = reach(flingerAtRest, beyond: flinger.viewport)

    var reader = Player(growingWhileIdle)
    reader.move(speed: 60, seconds: 0.5)
    var defaultReader = Player(unbudgeted)
    defaultReader.move(speed: 60, seconds: 0.5)
    let readerAtRest = reader.move(speed: 0, seconds: 1)
    let readerRestReach = reach(readerAtRest, beyond: reader.viewport)

    // At rest the lead shrinks, but a user who just flung keeps far more of it than a
    // slow reader, whose lead is the floor of 0.35 screens plus a little idle growth.
    #expect(flingerRestReach < movingReach)
    #expect(readerRestReach <= 500)
    #expect(flingerRestReach >= 2 * readerRestReach)
    // Idle time widens it gently: 0.1 screens per second.
    let readerLater = reader.move(speed: 0, seconds: 5)
    let readerLaterReach = reach(readerLater, beyond: reader.viewport)
    #expect(readerLaterReach >= readerRestReach + 400)
    #expect(readerLaterReach <= readerRestReach + 700)
    // By default it does not grow.
    let defaultRestReach = reach(
      defaultReader.move(speed: 0, seconds: 1), beyond: defaultReader.viewport)
    let defaultLaterReach = reach(
      defaultReader.move(speed: 0, seconds: 5), beyond: defaultReader.viewport)
    #expect(defaultLaterReach == defaultRestReach)
  }

  @Test func theLeadAtRestStopsAtTheRestCapHoweverFastTheUserFlung() {
    // Slow loads (1.5 s) after a fling at 6,000 pt/s: the recent top speed alone would
    // ask for 9,000 points, more than ten screens.
    var player = Player(unbudgeted, latency: .milliseconds(1500))
    player.move(speed: 6000, seconds: 0.5)
    let atRest = player.move(speed: 0, seconds: 1)
    let restReach = reach(atRest, beyond: player.viewport)
    // Nothing on screen waited, so the cap is the one for a link that keeps up.
    let cap = CGFloat(unbudgeted.keptUpRestLeadScreens) * screen
    #expect(restReach > screen)
    #expect(restReach <= cap)

    var uncapped = unbudgeted
    uncapped.maximumRestLeadScreens = .infinity
    uncapped.maximumLeadScreens = .infinity
    var free = Player(uncapped, latency: .milliseconds(1500))
    free.move(speed: 6000, seconds: 0.5)
    #expect(reach(free.move(speed: 0, seconds: 1), beyond: free.viewport) > cap + screen)
  }

  @Test func theLeadOfAMovingViewportStopsSoonerWhileTheLinkKeepsUp() {
    // Slow loads (1.5 s + 0.1 s margin) at 4,000 pt/s: the lead time covers 6,400 points.
    func movingReach(isKeptWaiting: Bool) -> CGFloat {
      var player = Player(unbudgeted, latency: .milliseconds(1500))
      // Two seconds of waiting make a tenth of the recent moving time (10 s half-life).
      let answer = player.move(
        speed: 4000, seconds: 2, loads: Loads(isVisibleReady: !isKeptWaiting))
      return reach(answer, beyond: player.viewport)
    }
    // Every image on screen was ready: the lead stops at 3 screens…
    let keptUp = movingReach(isKeptWaiting: false)
    #expect(keptUp > 2.5 * screen && keptUp <= 3 * screen)
    // …and at 6 for a user whom the images on screen kept waiting.
    let waiting = movingReach(isKeptWaiting: true)
    #expect(waiting > 5.5 * screen && waiting <= 6 * screen)
  }

  @Test func aDeceleratingFlingWantsItsLandingAndSkipsWhatItFliesOver() throws {
    // Loads take about a second: the viewport flies past the next screen faster.
    var player = Player(unbudgeted, latency: .seconds(1), offset: 0)
    let frames = player.follow(seconds: 0.4, path: fling(speed: 6000))
    let last = try #require(frames.last)
    try #require(last.phase == .decelerating)
    let viewport = player.viewport
    let wanted = Set(prefetches(last.answer).map(\.item))
    let landing = last.tracker.projectedLandingOffset(maximumOffset: CGPoint(x: 0, y: 49_000)).y
    let landingScreen = layout.items(overlapping: AxisSpan(landing, landing + screen))
    let visible = layout.items(overlapping: viewport)
    // The landing screen is wanted…
    #expect(landingScreen.allSatisfy { wanted.contains($0) || visible.contains($0) })
    // …and the next item, which leaves the screen again within the lead time, is not.
    #expect(!wanted.contains(visible.upperBound))
    #expect(!wanted.isEmpty && wanted.min()! > visible.upperBound + 2)
  }

  @Test func requestsAreOrderedByDeadline() throws {
    var player = Player(unbudgeted)
    let answer = player.move(speed: 2000, seconds: 1)
    let visible = layout.items(overlapping: player.viewport)
    // Visible items first, in screen order.
    #expect(answer.prefix(visible.count).map(\.item) == Array(visible))
    let wanted = prefetches(answer)
    try #require(wanted.count >= 5)
    // Then prefetches by priority class, each class by deadline: the seconds until the
    // item becomes visible at 2,000 pt/s.
    for (earlier, later) in zip(wanted, wanted.dropFirst()) {
      #expect(
        earlier.priority > later.priority
          || (earlier.priority == later.priority && earlier.order <= later.order))
    }
    for request in wanted {
      let distance = Double(
        layout.span(ofItem: request.item).lowerBound - player.viewport.upperBound)
      #expect(abs(request.order - Swift.max(0, distance) / 2000) < 0.02)
      // Due within the lead time (0.3 s): display; later: preload.
      if abs(request.order - 0.3) > 0.01 {
        #expect(request.priority == (request.order < 0.3 ? .display : .preload))
      }
    }
  }

  @Test func prefetchesNotDueWithinTheLeadWaitForTheVisibleItems() throws {
    // A lead grown while idle reaches items that are not due within the lead time.
    var player = Player(growingWhileIdle)
    player.move(speed: 2000, seconds: 0.5)
    player.move(speed: 0, seconds: 3)
    var ready = player
    var blank = player
    let withReadyScreen = prefetches(ready.step())
    try #require(withReadyScreen.contains { $0.priority == .display })
    let far = try #require(withReadyScreen.first { $0.priority == .preload })
    // A visible item still loading: the far prefetch waits, the urgent ones do not.
    let whileBlank = prefetches(blank.step(loads: Loads(isVisibleReady: false)))
    #expect(
      whileBlank.map(\.item) == withReadyScreen.filter { $0.priority == .display }.map(\.item))
    // A far prefetch already running is not withdrawn.
    var running = player
    let kept = prefetches(running.step(loads: Loads(isVisibleReady: false, loading: [far.item])))
    #expect(kept.contains { $0.item == far.item })
  }

  @Test func untilTheLatencyIsLearnedNothingIsPrefetchedWhileTheScreenLoads() {
    var learning = Player(unbudgeted, loads: 1)
    learning.move(speed: 2000, seconds: 0.5)
    var ready = learning
    var blank = learning
    #expect(!prefetches(ready.step(speed: 2000)).isEmpty)
    #expect(prefetches(blank.step(speed: 2000, loads: Loads(isVisibleReady: false))).isEmpty)
    // After the second load the urgent prefetches no longer wait.
    var learned = learning
    learned.policy.loadDidFinish(latency: .milliseconds(200), bytes: 50_000)
    #expect(!prefetches(learned.step(speed: 2000, loads: Loads(isVisibleReady: false))).isEmpty)
  }

  @Test func theBudgetGrowsWithTheLeadTime() {
    var configuration = AdaptivePolicy.Configuration()
    configuration.maximumPrefetches = 4
    configuration.prefetchesPerLeadSecond = 2
    configuration.minimumPrefetchScreens = 0
    // Lead time 0.3 s: 4 + ⌊0.6⌋ = 4 prefetches, the nearest.
    var fast = Player(configuration)
    let fastAnswer = prefetches(fast.move(speed: 4000, seconds: 1))
    let next = layout.items(overlapping: fast.viewport).upperBound
    #expect(fastAnswer.map(\.item) == Array(next..<next + 4))
    // Lead time 2.1 s on a slow network: 4 + ⌊4.2⌋ = 8.
    var slow = Player(configuration, latency: .seconds(2), loads: 10)
    #expect(prefetches(slow.move(speed: 4000, seconds: 1)).count == 8)
  }

  @Test func theBudgetCoversAtLeastAFewScreensOfItems() {
    var configuration = AdaptivePolicy.Configuration()
    configuration.maximumPrefetches = 4
    configuration.prefetchesPerLeadSecond = 0
    configuration.minimumPrefetchScreens = 2.5
    // Ten items per screen: at least 25 prefetches, the nearest, however few items
    // the item budget allows.
    var player = Player(configuration)
    let answer = prefetches(player.move(speed: 12_000, seconds: 1))
    let next = layout.items(overlapping: player.viewport).upperBound
    #expect(answer.count == 25)
    #expect(answer.map(\.item) == Array(next..<next + 25))
  }

  @Test func aUserKeptWaitingGetsTheLeadAtRestTheirOwnExcursionsCallFor() {
    // Five cycles: 3,000 points in 2 s, then 5 s at rest. Each rest's excursion (the
    // next 8 s) is the next 3,000-point stroke.
    func restReach(_ configuration: AdaptivePolicy.Configuration, isKeptWaiting: Bool)
      -> CGFloat
    {
      var player = Player(configuration, offset: 0)
      let moving = Loads(isVisibleReady: !isKeptWaiting)
      for _ in 0..<5 {
        player.move(speed: 1500, seconds: 2, loads: moving)
        player.move(speed: 0, seconds: 5)
      }
      player.move(speed: 1500, seconds: 2, loads: moving)
      return reach(player.move(speed: 0, seconds: 1), beyond: player.viewport)
    }
    // Items on screen waited while the user moved: the lead at rest covers the median
    // excursion, past the rest cap of 2.5 screens that the top speed is held to…
    let waited = restReach(unbudgeted, isKeptWaiting: true)
    #expect(waited >= 2800 && waited <= 3100)
    // …up to the excursion cap for a user kept waiting.
    var capped = unbudgeted
    capped.maximumExcursionLeadScreens = 2
    let cappedReach = restReach(capped, isKeptWaiting: true)
    #expect(cappedReach >= 1800 && cappedReach <= 2000)
    // A link that kept up: the lead at rest is what the top speed covers in the lead
    // time (1,500 pt/s × 0.3 s, decayed), as it is with the excursions switched off.
    #expect(restReach(unbudgeted, isKeptWaiting: false) <= 600)
    var switchedOff = unbudgeted
    switchedOff.excursionMissShare = 0
    #expect(restReach(switchedOff, isKeptWaiting: true) <= 600)
  }

  @Test func beforeAnyExcursionIsKnownASlowLinkKeepsThePriorAtRest() {
    // 300 kB/s and 75 kB per load: 0.25 s of link time per load, 0.83 of the 0.3 s at
    // which the link counts as fully slow, so 2 screens × 0.83 ≈ 1,667 points. (No
    // bandwidth stretch, which would ask for 2.5 screens here.)
    var withPrior = unbudgeted
    withPrior.bandwidthDemandLimit = 0
    var slow = Player.learnedBandwidth(withPrior)
    let slowReach = reach(slow.move(speed: 0, seconds: 0.5), beyond: slow.viewport)
    #expect(slowReach >= 1500 && slowReach <= 1700)
    var withoutExcursions = withPrior
    withoutExcursions.excursionMissShare = 0
    var plain = Player.learnedBandwidth(withoutExcursions)
    let plainReach = reach(plain.move(speed: 0, seconds: 0.5), beyond: plain.viewport)
    #expect(plainReach <= 1000)
    // Twenty more loads of 100 kB in the same busy second: 2.3 MB/s, 0.04 s per load.
    // The prior shrinks below what the user's speed asks for, and changes nothing.
    func fast(_ configuration: AdaptivePolicy.Configuration) -> CGFloat {
      var player = Player.learnedBandwidth(configuration)
      for _ in 0..<20 { player.policy.loadDidFinish(latency: .milliseconds(200), bytes: 100_000) }
      return reach(player.move(speed: 0, seconds: 0.5), beyond: player.viewport)
    }
    #expect(fast(withPrior) == fast(withoutExcursions))
  }

  @Test func theLeadAtRestStretchesWhenTheUsersSpeedOutrunsTheBandwidth() {
    // Two users scroll fast while the screen loads, and each policy learns 300 kB/s.
    func restReach(_ configuration: AdaptivePolicy.Configuration) -> CGFloat {
      var player = Player.learnedBandwidth(configuration)
      let answer = player.move(speed: 0, seconds: 0.5)
      return reach(answer, beyond: player.viewport)
    }
    // Without the excursions from rest, whose prior on this slow link would ask for
    // more than either.
    var plain = unbudgeted
    plain.bandwidthDemandLimit = 0
    plain.excursionMissShare = 0
    var stretched = unbudgeted
    stretched.bandwidthDemandLimit = 0.9
    stretched.maximumStretchedLeadScreens = 2
    stretched.excursionMissShare = 0
    // Demand 3,000 pt/s × 0.1 items/pt × 75 kB far exceeds 300 kB/s: the lead at rest
    // stretches tenfold, up to 2 screens; without the stretch it is what the decayed
    // top speed covers in the 0.3 s lead time, under 1 screen.
    let plainReach = restReach(plain)
    let stretchedReach = restReach(stretched)
    #expect(plainReach >= 600 && plainReach <= 1000)
    #expect(stretchedReach >= 1800 && stretchedReach <= 2300)
  }

  @Test func aSlowLinkStartsNoMoreLoadsThanFillItsPipe() {
    // 300 kB/s × 0.2 s ÷ 75 kB: a bandwidth-delay product of 0.8 loads, so the floor
    // of 2 loads in flight decides.
    let player = Player.learnedBandwidth
    var limited = unbudgeted
    limited.pipeDepthFactor = 1
    limited.minimumLoadsInFlight = 2
    limited.loadsInFlightPerVisibleItem = 0
    var user = player(limited)
    #expect(user.policy.loadsInFlightLimit(visibleCount: 10) == 2)
    let next = layout.items(overlapping: user.viewport).upperBound
    // Nothing loading: the two nearest deadlines start, the rest wait.
    #expect(prefetches(user.move(speed: 0, seconds: 0.5)).map(\.item) == [next, next + 1])
    // One prefetch running: it stays, and one more may start.
    let running = prefetches(user.step(loads: Loads(loading: [next + 3])))
    #expect(running.map(\.item) == [next, next + 3])
    // The visible items count too: two of them loading leave no room for a new prefetch.
    let busy = prefetches(
      user.step(loads: Loads(isVisibleReady: false, loading: [next - 1, next - 2])))
    #expect(busy.isEmpty)
    // Without the limit the whole lead is wanted.
    var unlimited = player(unbudgeted)
    #expect(unlimited.policy.loadsInFlightLimit(visibleCount: 10) == nil)
    #expect(prefetches(unlimited.move(speed: 0, seconds: 0.5)).count > 2)
    // With many items on screen, the limit grows with them.
    limited.loadsInFlightPerVisibleItem = 0.5
    #expect(player(limited).policy.loadsInFlightLimit(visibleCount: 10) == 5)
  }

  @Test func aMovingViewportSkipsVisibleItemsThatLeaveBeforeTheLinkCouldDeliverThem() {
    // 300 kB/s and 75 kB per load (less once the waiting screen keeps the link busy):
    // the ten or eleven items on screen take the link about 3 s, while at 300 pt/s
    // the top item leaves within a third of a second.
    var sparse = AdaptivePolicy.Configuration()
    sparse.maximumSparseScreenItems = 20
    var user = Player.learnedBandwidth(sparse)
    let waiting = Loads(isVisibleReady: false)
    let moving = visibleItems(user.move(speed: 300, seconds: 0.5, loads: waiting))
    let onScreen = Array(layout.items(overlapping: user.viewport))
    let top = onScreen[0]
    let bottom = onScreen[onScreen.count - 1]
    #expect(!moving.contains(top))
    #expect(moving.contains(bottom))
    #expect(moving.count < onScreen.count)
    // On a sparse screen a load already running is kept: its connection is its own.
    let running = visibleItems(
      user.step(speed: 300, loads: Loads(isVisibleReady: false, loading: Set(onScreen))))
    #expect(running.contains(top))
    // At rest nothing leaves the screen, so every visible item is wanted.
    let resting = visibleItems(user.move(speed: 0, seconds: 1, loads: waiting))
    #expect(resting == Array(layout.items(overlapping: user.viewport)))
  }

  @Test func onADenseScreenSkippedItemsHoldTheirPlaceAndLeavingLoadsAreWithdrawn() {
    // The same screen of eleven items is dense by default (more than 6); its top item is
    // skipped. With a floor of 11 loads in flight, a sparse screen lets a prefetch take
    // the skipped item's place; a dense one does not.
    func startedPrefetches(_ configuration: AdaptivePolicy.Configuration) -> [Int] {
      var configuration = configuration
      configuration.minimumLoadsInFlight = 11
      configuration.loadsInFlightPerVisibleItem = 0
      var user = Player.learnedBandwidth(configuration)
      let answer = user.move(speed: 300, seconds: 0.5, loads: Loads(isVisibleReady: false))
      #expect(layout.items(overlapping: user.viewport).count == 11)
      #expect(visibleItems(answer).count == 10)
      return prefetches(answer).map(\.item)
    }
    var sparse = AdaptivePolicy.Configuration()
    sparse.maximumSparseScreenItems = 20
    #expect(startedPrefetches(sparse).count == 1)
    #expect(startedPrefetches(AdaptivePolicy.Configuration()).isEmpty)

    // All eleven running: a quarter of their 11 × 0.25 s of link time is about 0.7 s.
    // The top item leaves sooner and its load is withdrawn; the bottom one stays.
    var user = Player.learnedBandwidth(AdaptivePolicy.Configuration())
    user.move(speed: 300, seconds: 0.5, loads: Loads(isVisibleReady: false))
    let onScreen = Array(layout.items(overlapping: user.viewport))
    let allRunning = Loads(isVisibleReady: false, loading: Set(onScreen))
    let running = visibleItems(user.step(speed: 300, loads: allRunning))
    #expect(!running.contains(onScreen[0]))
    #expect(running.contains(onScreen[onScreen.count - 1]))
    // Without the factor a running load is never withdrawn.
    var keeping = AdaptivePolicy.Configuration()
    keeping.runningLoadHorizonFactor = 0
    var kept = Player.learnedBandwidth(keeping)
    kept.move(speed: 300, seconds: 0.5, loads: Loads(isVisibleReady: false))
    let keptScreen = Array(layout.items(overlapping: kept.viewport))
    let keptAnswer = visibleItems(
      kept.step(speed: 300, loads: Loads(isVisibleReady: false, loading: Set(keptScreen))))
    #expect(keptAnswer == keptScreen)
  }

  @Test func atRestTheVisibleItemsNearestTheScrollDirectionComeFirst() {
    func visibleOrder(_ answer: [PreloadRequest]) -> [Int] {
      answer.filter { $0.priority == .visible }.sorted { $0.order < $1.order }.map(\.item)
    }
    var player = Player()
    // Moving toward larger offsets: layout order.
    let moving = visibleOrder(player.move(speed: 1000, seconds: 0.5))
    #expect(moving == moving.sorted())
    // At rest afterwards: the items at the far edge first.
    let atRest = visibleOrder(player.move(speed: 0, seconds: 1))
    #expect(atRest == atRest.sorted(by: >))
    #expect(atRest.count >= 10)
    // At rest after scrolling back toward smaller offsets: layout order again.
    player.move(speed: -1000, seconds: 0.5)
    let backAtRest = visibleOrder(player.move(speed: 0, seconds: 1))
    #expect(backAtRest == backAtRest.sorted())
  }

  @Test func aRunningPrefetchAheadIsFinishedAfterTheUserTurnsAround() throws {
    var configuration = unbudgeted
    configuration.nearlyDoneFraction = 100  // not kept for being nearly done
    var player = Player(configuration)
    let down = prefetches(player.move(speed: 2000, seconds: 0.5))
    let running = try #require(down.first?.item)
    let queued = try #require(down.last?.item)
    try #require(running != queued)
    let loads = Loads(loading: [running])
    player.step(speed: 2000, loads: loads)
    // Up: the lead now lies above; the running load below is kept, the queued one is not.
    let up = prefetches(player.move(speed: -2000, seconds: 0.3, loads: loads))
    #expect(up.contains { $0.item == running })
    #expect(!up.contains { $0.item == queued })
  }

  @Test func aRunningPrefetchTheUserTurnedAwayFromIsKeptOnlyWithinTheKeptReach() throws {
    for keptScreens in [1.0, 6.0] {
      var configuration = unbudgeted
      configuration.nearlyDoneFraction = 100  // not kept for being nearly done
      configuration.maximumKeptLoadScreens = keptScreens
      var player = Player(configuration)
      let down = prefetches(player.move(speed: 4000, seconds: 0.5))
      let farthest = try #require(down.max { $0.item < $1.item }?.item)
      let loads = Loads(loading: [farthest])
      player.step(speed: 4000, loads: loads)
      // Up for 0.3 s at 2,000 pt/s: the item lies more than a screen below the viewport.
      let up = prefetches(player.move(speed: -2000, seconds: 0.3, loads: loads))
      let distance = layout.span(ofItem: farthest).lowerBound - player.viewport.upperBound
      try #require(distance > screen && distance < 6 * screen)
      #expect(up.contains { $0.item == farthest } == (keptScreens == 6))
    }
  }

  @Test func aRunningLoadTheViewportFliesOverIsLetGoUnlessNearlyDone() throws {
    var configuration = unbudgeted
    configuration.nearlyDoneFraction = 100
    for isNearlyDone in [false, true] {
      var player = Player(isNearlyDone ? unbudgeted : configuration)
      let ahead = try #require(prefetches(player.move(speed: 2000, seconds: 0.5)).first?.item)
      let loads = Loads(loading: [ahead])
      // 0.9 s at 2,000 pt/s: the item is passed and lies behind the viewport; its load
      // has run for 0.9 s, past the typical 0.2 s.
      let answer = player.move(speed: 2000, seconds: 0.9, loads: loads)
      try #require(layout.span(ofItem: ahead).upperBound < player.viewport.lowerBound)
      let kept = answer.first { $0.item == ahead }
      #expect((kept != nil) == isNearlyDone)
      if let kept { #expect(kept.priority <= .display) }
    }
  }
}
