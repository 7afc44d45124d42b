import Foundation
import Testing

@testable import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

@Suite("AdaptivePolicy") struct AdaptivePolicyTests {
  @Test("the lead grows with velocity")
  func theLeadGrowsWithVelocity() {
    var slow = AdaptivePlayer(unbudgetedAdaptive)
    let slowAnswer = slow.move(speed: 1000, seconds: 1)
    var fast = AdaptivePlayer(unbudgetedAdaptive)
    let fastAnswer = fast.move(speed: 4000, seconds: 1)
    // Lead time 0.3 s (0.2 s learned + 0.1 s margin): 300 pt at 1,000 pt/s, 1,200 at 4,000.
    let slowReach = adaptiveReach(slowAnswer, beyond: slow.viewport)
    let fastReach = adaptiveReach(fastAnswer, beyond: fast.viewport)
    #expect(slowReach >= 300 && slowReach <= 700)
    #expect(fastReach >= 1200)
    #expect(fastReach >= 2 * slowReach)
    // Everything wanted lies ahead of the motion.
    #expect(
      adaptivePrefetches(fastAnswer).allSatisfy {
        $0.item >= adaptiveLayout.items(overlapping: fast.viewport).upperBound
      })
  }

  @Test("the latency readings follow every finished load")
  func theLatencyReadingsFollowEveryFinishedLoad() {
    var configuration = AdaptivePolicy.Configuration()
    configuration.margin = .milliseconds(50)
    configuration.nearlyDoneFraction = 1.5
    var policy = AdaptivePolicy(configuration: configuration)
    // Before any load: the prior (400 ms) everywhere.
    #expect(abs(policy.leadTime() - 0.45) < 1e-9)
    #expect(policy.readings.nearlyDone == .milliseconds(600))
    // Latencies 100, 200, …, 1,000 ms: the 0.9 quantile is 900 ms, the median 500 ms.
    for tenth in 1...10 {
      policy.loadDidFinish(latency: .milliseconds(100 * tenth), bytes: 50_000)
    }
    #expect(abs(policy.leadTime() - 0.95) < 1e-9)
    #expect(abs(policy.readings.typicalSeconds - 0.5) < 1e-9)
    #expect(policy.readings.nearlyDone == .milliseconds(750))
  }

  @Test("the lead at rest follows the users recent speed and grows while idle when asked")
  func theLeadAtRestFollowsTheUsersRecentSpeedAndGrowsWhileIdleWhenAsked() {
    var flinger = AdaptivePlayer(growingWhileIdleAdaptive)
    let moving = flinger.move(speed: 4000, seconds: 0.5)
    let movingReach = adaptiveReach(moving, beyond: flinger.viewport)
    let flingerAtRest = flinger.move(speed: 0, seconds: 1)
    let flingerRestReach = adaptiveReach(flingerAtRest, beyond: flinger.viewport)

    var reader = AdaptivePlayer(growingWhileIdleAdaptive)
    reader.move(speed: 60, seconds: 0.5)
    var defaultReader = AdaptivePlayer(unbudgetedAdaptive)
    defaultReader.move(speed: 60, seconds: 0.5)
    let readerAtRest = reader.move(speed: 0, seconds: 1)
    let readerRestReach = adaptiveReach(readerAtRest, beyond: reader.viewport)

    // At rest the lead shrinks, but a user who just flung keeps far more of it than a
    // slow reader, whose lead is the floor of 0.35 screens plus a little idle growth.
    #expect(flingerRestReach < movingReach)
    #expect(readerRestReach <= 500)
    #expect(flingerRestReach >= 2 * readerRestReach)
    // Idle time widens it gently: 0.1 screens per second.
    let readerLater = reader.move(speed: 0, seconds: 5)
    let readerLaterReach = adaptiveReach(readerLater, beyond: reader.viewport)
    #expect(readerLaterReach >= readerRestReach + 400)
    #expect(readerLaterReach <= readerRestReach + 700)
    // By default it does not grow.
    let defaultRestReach = adaptiveReach(
      defaultReader.move(speed: 0, seconds: 1), beyond: defaultReader.viewport)
    let defaultLaterReach = adaptiveReach(
      defaultReader.move(speed: 0, seconds: 5), beyond: defaultReader.viewport)
    #expect(defaultLaterReach == defaultRestReach)
  }

  @Test("the lead at rest stops at the rest cap however fast the user flung")
  func theLeadAtRestStopsAtTheRestCapHoweverFastTheUserFlung() {
    // Slow loads (1.5 s) after a fling at 6,000 pt/s: the recent top speed alone would
    // ask for 9,000 points, more than ten screens.
    var player = AdaptivePlayer(unbudgetedAdaptive, latency: .milliseconds(1500))
    player.move(speed: 6000, seconds: 0.5)
    let atRest = player.move(speed: 0, seconds: 1)
    let restReach = adaptiveReach(atRest, beyond: player.viewport)
    // Nothing on screen waited, so the cap is the one for a link that keeps up.
    let cap = CGFloat(unbudgetedAdaptive.keptUpRestLeadScreens) * adaptiveScreen
    #expect(restReach > adaptiveScreen)
    #expect(restReach <= cap)

    var uncapped = unbudgetedAdaptive
    uncapped.maximumRestLeadScreens = .infinity
    uncapped.maximumLeadScreens = .infinity
    uncapped.keptUpRestLeadScreens = .infinity
    uncapped.keptUpLeadScreens = .infinity
    var free = AdaptivePlayer(uncapped, latency: .milliseconds(1500))
    free.move(speed: 6000, seconds: 0.5)
    #expect(
      adaptiveReach(free.move(speed: 0, seconds: 1), beyond: free.viewport) > cap + adaptiveScreen)
  }

  @Test("the lead of a moving viewport stops sooner while the link keeps up")
  func theLeadOfAMovingViewportStopsSoonerWhileTheLinkKeepsUp() {
    // Slow loads (1.5 s + 0.1 s margin) at 4,000 pt/s: the lead time covers 6,400 points.
    func movingReach(isKeptWaiting: Bool) -> CGFloat {
      var player = AdaptivePlayer(unbudgetedAdaptive, latency: .milliseconds(1500))
      // Two seconds of waiting make a tenth of the recent moving time (10 s half-life).
      let answer = player.move(
        speed: 4000, seconds: 2, loads: AdaptiveLoads(isVisibleReady: !isKeptWaiting))
      return adaptiveReach(answer, beyond: player.viewport)
    }
    // Every image on screen was ready: the lead stops at 3 screens…
    let keptUp = movingReach(isKeptWaiting: false)
    #expect(keptUp > 2.5 * adaptiveScreen && keptUp <= 3 * adaptiveScreen)
    // …and at 6 for a user whom the images on screen kept waiting.
    let waiting = movingReach(isKeptWaiting: true)
    #expect(waiting > 5.5 * adaptiveScreen && waiting <= 6 * adaptiveScreen)
  }

  @Test("a decelerating fling wants its landing and skips what it flies over")
  func aDeceleratingFlingWantsItsLandingAndSkipsWhatItFliesOver() throws {
    // Loads take about a second: the viewport flies past the next screen faster.
    var player = AdaptivePlayer(unbudgetedAdaptive, latency: .seconds(1), offset: 0)
    let frames = player.follow(seconds: 0.4, path: adaptiveFling(speed: 6000))
    let last = try #require(frames.last)
    try #require(last.phase == .decelerating)
    let viewport = player.viewport
    let wanted = Set(adaptivePrefetches(last.answer).map(\.item))
    let landing = last.tracker.projectedLandingOffset(maximumOffset: CGPoint(x: 0, y: 49_000)).y
    let landingScreen = adaptiveLayout.items(
      overlapping: AxisSpan(landing, landing + adaptiveScreen))
    let visible = adaptiveLayout.items(overlapping: viewport)
    // The landing screen is wanted…
    #expect(landingScreen.allSatisfy { wanted.contains($0) || visible.contains($0) })
    // …and the next item, which leaves the screen again within the lead time, is not.
    #expect(!wanted.contains(visible.upperBound))
    #expect(!wanted.isEmpty && wanted.min()! > visible.upperBound + 2)
  }

  @Test("on a slow link a fast drag flies over the next items and holds their places")
  func onASlowLinkAFastDragFliesOverTheNextItemsAndHoldsTheirPlaces() throws {
    // Loads of a second, posts of 300 points (a sparse screen), then a drag at 4,000 pt/s:
    // lifted now, its glide would carry the next posts off the screen within 0.6 s.
    func drag(isSlowLink: Bool) throws -> (prefetches: [PreloadRequest], visible: Range<Int>) {
      // The default tuning: its pipe limits the loads in flight.
      var player = AdaptivePlayer(latency: .seconds(1))
      player.layout = tallPosts
      // A busy second: the two loads learned took 0.5 s of link time each, more than
      // slowLinkLoadTime. Twenty more small ones make a fast link of it instead.
      player.move(speed: 300, seconds: 1, loads: AdaptiveLoads(loading: Set(0..<500)))
      if !isSlowLink {
        for _ in 0..<20 { player.policy.loadDidFinish(latency: .seconds(1), bytes: 5_000) }
      }
      let frames = player.follow(seconds: 0.25) { CGFloat($0 * 4000) }
      let last = try #require(frames.last)
      try #require(last.phase == .dragging)
      return (adaptivePrefetches(last.answer), tallPosts.items(overlapping: player.viewport))
    }
    let fast = try drag(isSlowLink: false)
    #expect(fast.prefetches.contains { $0.item == fast.visible.upperBound })
    // On the slow link the next posts are flown over, and their places in the pipe are
    // held: nothing further ahead starts instead.
    let slow = try drag(isSlowLink: true)
    #expect(slow.prefetches.isEmpty)
  }

  @Test("a drag leads as far as this users drags went lately")
  func aDragLeadsAsFarAsThisUsersDragsWentLately() throws {
    // Loads of two seconds make a lead time of about two seconds; posts of 300 points
    // make a sparse screen. Held for the lead time, a drag at 1,500 pt/s would go about
    // 3,000 points, past the lead cap of a link that keeps up (3 screens).
    func dragReach(learnsDrags: Bool) throws -> CGFloat {
      var configuration = unbudgetedAdaptive
      if !learnsDrags { configuration.minimumDragSamples = .max }
      var player = AdaptivePlayer(configuration, latency: .seconds(2))
      player.layout = tallPosts
      // Ten strokes: half a second of dragging at 1,500 pt/s, released into a glide of
      // about 750 points, then a rest. Over the lead time each covers less than half of
      // what its speed promised, except in its first frames, while the tracker's speed
      // still rises.
      for _ in 0..<10 {
        _ = player.follow(seconds: 4) { t in
          t <= 0.5 ? CGFloat(1500 * t) : 750 + adaptiveFling(speed: 1500)(t - 0.5 + 0.15) - 225
        }
      }
      let frames = player.follow(seconds: 0.3) { CGFloat($0 * 1500) }
      let last = try #require(frames.last)
      try #require(last.phase == .dragging)
      let end = player.viewport.upperBound
      let starts = adaptivePrefetches(last.answer).map {
        tallPosts.span(ofItem: $0.item).lowerBound - end
      }
      return starts.max() ?? 0
    }
    let held = try dragReach(learnsDrags: false)
    #expect(held >= 2_500)
    // Learned, the drag leads no further than the lead at rest (2 screens while the link
    // keeps up).
    let learned = try dragReach(learnsDrags: true)
    #expect(learned <= 2_000)
  }

  @Test("requests are ordered by deadline")
  func requestsAreOrderedByDeadline() throws {
    var player = AdaptivePlayer(unbudgetedAdaptive)
    let answer = player.move(speed: 2000, seconds: 1)
    let visible = adaptiveLayout.items(overlapping: player.viewport)
    // Visible items first, in screen order.
    #expect(answer.prefix(visible.count).map(\.item) == Array(visible))
    let wanted = adaptivePrefetches(answer)
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
        adaptiveLayout.span(ofItem: request.item).lowerBound - player.viewport.upperBound)
      #expect(abs(request.order - Swift.max(0, distance) / 2000) < 0.02)
      // Due within the lead time (0.3 s): display; later: preload.
      if abs(request.order - 0.3) > 0.01 {
        #expect(request.priority == (request.order < 0.3 ? .display : .preload))
      }
    }
  }

  @Test("prefetches not due within the lead wait for the visible items")
  func prefetchesNotDueWithinTheLeadWaitForTheVisibleItems() throws {
    // A lead grown while idle reaches items that are not due within the lead time.
    var player = AdaptivePlayer(growingWhileIdleAdaptive)
    player.move(speed: 2000, seconds: 0.5)
    player.move(speed: 0, seconds: 3)
    var ready = player
    var blank = player
    let withReadyScreen = adaptivePrefetches(ready.step())
    try #require(withReadyScreen.contains { $0.priority == .display })
    let far = try #require(withReadyScreen.first { $0.priority == .preload })
    // A visible item still loading: the far prefetch waits, the urgent ones do not.
    let whileBlank = adaptivePrefetches(blank.step(loads: AdaptiveLoads(isVisibleReady: false)))
    #expect(
      whileBlank.map(\.item) == withReadyScreen.filter { $0.priority == .display }.map(\.item))
    // A far prefetch already running is not withdrawn.
    var running = player
    let kept = adaptivePrefetches(
      running.step(loads: AdaptiveLoads(isVisibleReady: false, loading: [far.item])))
    #expect(kept.contains { $0.item == far.item })
  }

  @Test("until the latency is learned nothing is prefetched while the screen loads")
  func untilTheLatencyIsLearnedNothingIsPrefetchedWhileTheScreenLoads() {
    var learning = AdaptivePlayer(unbudgetedAdaptive, loads: 1)
    learning.move(speed: 2000, seconds: 0.5)
    var ready = learning
    var blank = learning
    #expect(!adaptivePrefetches(ready.step(speed: 2000)).isEmpty)
    #expect(
      adaptivePrefetches(blank.step(speed: 2000, loads: AdaptiveLoads(isVisibleReady: false)))
        .isEmpty)
    // After the second load the urgent prefetches no longer wait.
    var learned = learning
    learned.policy.loadDidFinish(latency: .milliseconds(200), bytes: 50_000)
    #expect(
      !adaptivePrefetches(learned.step(speed: 2000, loads: AdaptiveLoads(isVisibleReady: false)))
        .isEmpty)
  }

  @Test("the budget grows with the lead time")
  func theBudgetGrowsWithTheLeadTime() {
    var configuration = AdaptivePolicy.Configuration()
    configuration.maximumPrefetches = 4
    configuration.prefetchesPerLeadSecond = 2
    configuration.minimumPrefetchScreens = 0
    // Lead time 0.3 s: 4 + ⌊0.6⌋ = 4 prefetches, the nearest.
    var fast = AdaptivePlayer(configuration)
    let fastAnswer = adaptivePrefetches(fast.move(speed: 4000, seconds: 1))
    let next = adaptiveLayout.items(overlapping: fast.viewport).upperBound
    #expect(fastAnswer.map(\.item) == Array(next..<next + 4))
    // Lead time 2.1 s on a slow network: 4 + ⌊4.2⌋ = 8.
    var slow = AdaptivePlayer(configuration, latency: .seconds(2), loads: 10)
    #expect(adaptivePrefetches(slow.move(speed: 4000, seconds: 1)).count == 8)
  }

  @Test("the budget covers at least a few screens of items")
  func theBudgetCoversAtLeastAFewScreensOfItems() {
    var configuration = AdaptivePolicy.Configuration()
    configuration.maximumPrefetches = 4
    configuration.prefetchesPerLeadSecond = 0
    configuration.minimumPrefetchScreens = 2.5
    // Ten items per screen: at least 25 prefetches, the nearest, however few items
    // the item budget allows.
    var player = AdaptivePlayer(configuration)
    let answer = adaptivePrefetches(player.move(speed: 12_000, seconds: 1))
    let next = adaptiveLayout.items(overlapping: player.viewport).upperBound
    #expect(answer.count == 25)
    #expect(answer.map(\.item) == Array(next..<next + 25))
  }
}
