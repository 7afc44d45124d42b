import Foundation
import Testing

@testable import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// The adaptive policy's excursions, link limits, visible order and running loads.
@Suite("AdaptivePolicy link") struct AdaptivePolicyLinkTests {
  @Test("a user kept waiting gets the lead at rest their own excursions call for")
  func aUserKeptWaitingGetsTheLeadAtRestTheirOwnExcursionsCallFor() {
    // Five cycles: 3,000 points in 2 s, then 5 s at rest. Each rest's excursion (the
    // next 8 s) is the next 3,000-point stroke.
    func restReach(_ configuration: AdaptivePolicy.Configuration, isKeptWaiting: Bool)
      -> CGFloat
    {
      var player = AdaptivePlayer(configuration, offset: 0)
      let moving = AdaptiveLoads(isVisibleReady: !isKeptWaiting)
      for _ in 0..<5 {
        player.move(speed: 1500, seconds: 2, loads: moving)
        player.move(speed: 0, seconds: 5)
      }
      player.move(speed: 1500, seconds: 2, loads: moving)
      return adaptiveReach(player.move(speed: 0, seconds: 1), beyond: player.viewport)
    }
    // Items on screen waited while the user moved: the lead at rest covers the median
    // excursion, past the rest cap of 2.5 screens that the top speed is held to…
    let waited = restReach(unbudgetedAdaptive, isKeptWaiting: true)
    #expect(waited >= 2800 && waited <= 3100)
    // …up to the excursion cap for a user kept waiting.
    var capped = unbudgetedAdaptive
    capped.maximumExcursionLeadScreens = 2
    let cappedReach = restReach(capped, isKeptWaiting: true)
    #expect(cappedReach >= 1800 && cappedReach <= 2000)
    // A link that kept up: the lead at rest is what the top speed covers in the lead
    // time (1,500 pt/s × 0.3 s, decayed), as it is with the excursions switched off.
    #expect(restReach(unbudgetedAdaptive, isKeptWaiting: false) <= 600)
    var switchedOff = unbudgetedAdaptive
    switchedOff.excursionMissShare = 0
    #expect(restReach(switchedOff, isKeptWaiting: true) <= 600)
  }

  @Test("a user kept waiting part of the time gets a part of the excursions under a lower cap")
  func aUserKeptWaitingPartOfTheTimeGetsAPartOfTheExcursionsUnderALowerCap() {
    // The same 3,000-point strokes, but items on screen wait only in the last 0.4 s of
    // the last one: a share of 1 - 0.5^(0.4 / 10) ≈ 2.7 % of the moving time, 0.27 of
    // the full share (a tenth).
    func restReach(keptUpExcursionScreens: Double) -> CGFloat {
      var configuration = unbudgetedAdaptive
      configuration.keptUpExcursionLeadScreens = keptUpExcursionScreens
      var player = AdaptivePlayer(configuration, offset: 0)
      for _ in 0..<5 {
        player.move(speed: 1500, seconds: 2)
        player.move(speed: 0, seconds: 5)
      }
      player.move(speed: 1500, seconds: 1.6)
      player.move(speed: 1500, seconds: 0.4, loads: AdaptiveLoads(isVisibleReady: false))
      return adaptiveReach(player.move(speed: 0, seconds: 1), beyond: player.viewport)
    }
    // 0.27 × the median excursion (3,000 points) under a cap of 1 + 0.27 × 3 screens:
    // about 500 points; with the cap at 4 screens throughout, about 820.
    let lowCap = restReach(keptUpExcursionScreens: 1)
    let highCap = restReach(keptUpExcursionScreens: 4)
    #expect(lowCap >= 400 && lowCap <= 600)
    #expect(highCap >= 700 && highCap <= 900)
  }

  @Test("before any excursion is known a slow link keeps the prior at rest")
  func beforeAnyExcursionIsKnownASlowLinkKeepsThePriorAtRest() {
    // 300 kB/s and 75 kB per load: 0.25 s of link time per load, 0.83 of the 0.3 s at
    // which the link counts as fully slow, so 2 screens × 0.83 ≈ 1,667 points. (No
    // bandwidth stretch, which would ask for 2.5 screens here.)
    var withPrior = unbudgetedAdaptive
    withPrior.bandwidthDemandLimit = 0
    var slow = AdaptivePlayer.learnedBandwidth(withPrior)
    let slowReach = adaptiveReach(slow.move(speed: 0, seconds: 0.5), beyond: slow.viewport)
    #expect(slowReach >= 1500 && slowReach <= 1700)
    var withoutExcursions = withPrior
    withoutExcursions.excursionMissShare = 0
    var plain = AdaptivePlayer.learnedBandwidth(withoutExcursions)
    let plainReach = adaptiveReach(plain.move(speed: 0, seconds: 0.5), beyond: plain.viewport)
    #expect(plainReach <= 1000)
    // Twenty more loads of 100 kB in the same busy second: 2.3 MB/s, 0.04 s per load.
    // The prior shrinks below what the user's speed asks for, and changes nothing.
    func fast(_ configuration: AdaptivePolicy.Configuration) -> CGFloat {
      var player = AdaptivePlayer.learnedBandwidth(configuration)
      for _ in 0..<20 { player.policy.loadDidFinish(latency: .milliseconds(200), bytes: 100_000) }
      return adaptiveReach(player.move(speed: 0, seconds: 0.5), beyond: player.viewport)
    }
    #expect(fast(withPrior) == fast(withoutExcursions))
  }

  @Test("the lead at rest stretches when the users speed outruns the bandwidth")
  func theLeadAtRestStretchesWhenTheUsersSpeedOutrunsTheBandwidth() {
    // Two users scroll fast while the screen loads, and each policy learns 300 kB/s.
    func restReach(_ configuration: AdaptivePolicy.Configuration) -> CGFloat {
      var player = AdaptivePlayer.learnedBandwidth(configuration)
      let answer = player.move(speed: 0, seconds: 0.5)
      return adaptiveReach(answer, beyond: player.viewport)
    }
    // Without the excursions from rest, whose prior on this slow link would ask for
    // more than either.
    var plain = unbudgetedAdaptive
    plain.bandwidthDemandLimit = 0
    plain.excursionMissShare = 0
    var stretched = unbudgetedAdaptive
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

  @Test("a slow link starts no more loads than fill its pipe")
  func aSlowLinkStartsNoMoreLoadsThanFillItsPipe() {
    // 300 kB/s × 0.2 s ÷ 75 kB: a bandwidth-delay product of 0.8 loads, so the floor
    // of 2 loads in flight decides.
    let player = AdaptivePlayer.learnedBandwidth
    var limited = unbudgetedAdaptive
    limited.pipeDepthFactor = 1
    limited.minimumLoadsInFlight = 2
    limited.loadsInFlightPerVisibleItem = 0
    // Only the items ahead, so that the nearest deadlines are the next items down.
    limited.denseRestTrailingScreens = 0
    var user = player(limited)
    #expect(user.policy.loadsInFlightLimit(visibleCount: 10, demand: nil) == 2)
    let next = adaptiveLayout.items(overlapping: user.viewport).upperBound
    // Nothing loading: the two nearest deadlines start, the rest wait.
    #expect(adaptivePrefetches(user.move(speed: 0, seconds: 0.5)).map(\.item) == [next, next + 1])
    // One prefetch running: it stays, and one more may start.
    let running = adaptivePrefetches(user.step(loads: AdaptiveLoads(loading: [next + 3])))
    #expect(running.map(\.item) == [next, next + 3])
    // The visible items count too: two of them loading leave no room for a new prefetch.
    let busy = adaptivePrefetches(
      user.step(loads: AdaptiveLoads(isVisibleReady: false, loading: [next - 1, next - 2])))
    #expect(busy.isEmpty)
    // Without the limit the whole lead is wanted.
    var unlimited = player(unbudgetedAdaptive)
    #expect(unlimited.policy.loadsInFlightLimit(visibleCount: 10, demand: nil) == nil)
    #expect(adaptivePrefetches(unlimited.move(speed: 0, seconds: 0.5)).count > 2)
    // With many items on screen, the limit grows with them.
    limited.loadsInFlightPerVisibleItem = 0.5
    #expect(player(limited).policy.loadsInFlightLimit(visibleCount: 10, demand: nil) == 5)
  }

  @Test("a slow link keeps two loads in flight unless the user keeps it busy")
  func aSlowLinkKeepsTwoLoadsInFlightUnlessTheUserKeepsItBusy() {
    // 300 kB/s and 75 kB per load: 0.25 s of link per load, slow once the slow link's
    // mark is 0.2 s. The bandwidth-delay product (0.8 loads) is under every floor.
    var configuration = unbudgetedAdaptive
    configuration.pipeDepthFactor = 1
    configuration.minimumLoadsInFlight = 3
    configuration.slowLinkMinimumLoadsInFlight = 2
    configuration.slowLinkBusyDemand = 0.5...2.5
    configuration.loadsInFlightPerVisibleItem = 0
    configuration.denseRestTrailingScreens = 0
    configuration.slowLinkLoadTime = .milliseconds(200)
    let slow = AdaptivePlayer.learnedBandwidth(configuration).policy
    #expect(slow.loadsInFlightLimit(visibleCount: 10, demand: 0.2) == 2)
    #expect(slow.loadsInFlightLimit(visibleCount: 10, demand: 0.5) == 3)
    #expect(slow.loadsInFlightLimit(visibleCount: 10, demand: 2.5) == 3)
    #expect(slow.loadsInFlightLimit(visibleCount: 10, demand: 6) == 2)
    // An unknown demand keeps the general floor.
    #expect(slow.loadsInFlightLimit(visibleCount: 10, demand: nil) == 3)
    // The user of the fixture flung at 3,000 pt/s over 100-point items: 30 items a
    // second, 7.5 times what the link carries. Two prefetches start, not three.
    func started(_ configuration: AdaptivePolicy.Configuration) -> Int {
      var user = AdaptivePlayer.learnedBandwidth(configuration)
      return adaptivePrefetches(user.move(speed: 0, seconds: 0.5)).count
    }
    #expect(started(configuration) == 2)
    // A user whose demand keeps the link busy, or a fast link, keeps the floor of 3.
    var busy = configuration
    busy.slowLinkBusyDemand = 0.5...10
    #expect(started(busy) == 3)
    var fast = configuration
    fast.slowLinkLoadTime = .milliseconds(300)
    #expect(
      AdaptivePlayer.learnedBandwidth(fast).policy.loadsInFlightLimit(
        visibleCount: 10, demand: 0.2) == 3)
    #expect(started(fast) == 3)
  }

  /// A user of the learned bandwidth on a screen counted as sparse, moving at `speed`
  /// points per second for half a second while nothing on screen is ready: the player,
  /// the visible items of its last answer and the items on screen.
  private static func movingOverAWaitingScreen(speed: Double) -> (AdaptivePlayer, [Int], [Int]) {
    var sparse = AdaptivePolicy.Configuration()
    sparse.maximumSparseScreenItems = 20
    var user = AdaptivePlayer.learnedBandwidth(sparse)
    let answer = user.move(speed: speed, seconds: 0.5, loads: AdaptiveLoads(isVisibleReady: false))
    return (
      user, adaptiveVisibleItems(answer), Array(adaptiveLayout.items(overlapping: user.viewport))
    )
  }

  @Test("a moving viewport skips visible items that leave before the link could deliver them")
  func aMovingViewportSkipsVisibleItemsThatLeaveBeforeTheLinkCouldDeliverThem() {
    // 300 kB/s and 75 kB per load (less once the waiting screen keeps the link busy):
    // the ten or eleven items on screen take the link about 3 s, while at 300 pt/s
    // the top item leaves within a third of a second.
    var (user, moving, onScreen) = Self.movingOverAWaitingScreen(speed: 300)
    let waiting = AdaptiveLoads(isVisibleReady: false)
    let top = onScreen[0]
    let bottom = onScreen[onScreen.count - 1]
    #expect(!moving.contains(top))
    #expect(moving.contains(bottom))
    #expect(moving.count < onScreen.count)
    // On a sparse screen a load already running is kept: its connection is its own.
    let running = adaptiveVisibleItems(
      user.step(speed: 300, loads: AdaptiveLoads(isVisibleReady: false, loading: Set(onScreen))))
    #expect(running.contains(top))
    // At rest nothing leaves the screen, so every visible item is wanted.
    let resting = adaptiveVisibleItems(user.move(speed: 0, seconds: 1, loads: waiting))
    #expect(resting == Array(adaptiveLayout.items(overlapping: user.viewport)))
  }

  @Test("a viewport that stopped dead leaves nothing on screen behind whatever the velocity fit")
  func aViewportThatStoppedDeadLeavesNothingOnScreenBehindWhateverTheVelocityFit() {
    // The same screen as above, moving at 3,000 pt/s, then stopping dead: the tracker's
    // 100 ms fit still reports the motion for a few frames.
    var (user, moving, onScreen) = Self.movingOverAWaitingScreen(speed: 3000)
    let waiting = AdaptiveLoads(isVisibleReady: false)
    #expect(!moving.contains(onScreen[0]))
    // A second decision within the same frame has seen no time pass at rest.
    var again = user
    again.time -= 1.0 / 60
    #expect(!adaptiveVisibleItems(again.step(speed: 0, loads: waiting)).contains(onScreen[0]))
    // The next frame finds the viewport where it was: nothing on screen is leaving.
    let standing = adaptiveVisibleItems(user.step(speed: 0, loads: waiting))
    #expect(user.tracker.isMoving)
    #expect(standing == onScreen)
  }

  @Test("on a dense screen skipped items hold their place and leaving loads are withdrawn")
  func onADenseScreenSkippedItemsHoldTheirPlaceAndLeavingLoadsAreWithdrawn() {
    // The same screen of eleven items is dense by default (more than 6); its top item is
    // skipped. With a floor of 11 loads in flight, a sparse screen lets a prefetch take
    // the skipped item's place; a dense one does not.
    func startedPrefetches(_ configuration: AdaptivePolicy.Configuration) -> [Int] {
      var configuration = configuration
      configuration.minimumLoadsInFlight = 11
      configuration.loadsInFlightPerVisibleItem = 0
      var user = AdaptivePlayer.learnedBandwidth(configuration)
      let answer = user.move(speed: 300, seconds: 0.5, loads: AdaptiveLoads(isVisibleReady: false))
      #expect(adaptiveLayout.items(overlapping: user.viewport).count == 11)
      #expect(adaptiveVisibleItems(answer).count == 10)
      return adaptivePrefetches(answer).map(\.item)
    }
    var sparse = AdaptivePolicy.Configuration()
    sparse.maximumSparseScreenItems = 20
    #expect(startedPrefetches(sparse).count == 1)
    #expect(startedPrefetches(AdaptivePolicy.Configuration()).isEmpty)

    // All eleven running: a quarter of their 11 × 0.25 s of link time is about 0.7 s.
    // The top item leaves sooner and its load is withdrawn; the bottom one stays.
    var user = AdaptivePlayer.learnedBandwidth(AdaptivePolicy.Configuration())
    user.move(speed: 300, seconds: 0.5, loads: AdaptiveLoads(isVisibleReady: false))
    let onScreen = Array(adaptiveLayout.items(overlapping: user.viewport))
    let allRunning = AdaptiveLoads(isVisibleReady: false, loading: Set(onScreen))
    let running = adaptiveVisibleItems(user.step(speed: 300, loads: allRunning))
    #expect(!running.contains(onScreen[0]))
    #expect(running.contains(onScreen[onScreen.count - 1]))
    // Without the factor a running load is never withdrawn.
    var keeping = AdaptivePolicy.Configuration()
    keeping.runningLoadHorizonFactor = 0
    var kept = AdaptivePlayer.learnedBandwidth(keeping)
    kept.move(speed: 300, seconds: 0.5, loads: AdaptiveLoads(isVisibleReady: false))
    let keptScreen = Array(adaptiveLayout.items(overlapping: kept.viewport))
    let keptAnswer = adaptiveVisibleItems(
      kept.step(speed: 300, loads: AdaptiveLoads(isVisibleReady: false, loading: Set(keptScreen))))
    #expect(keptAnswer == keptScreen)
  }

  @Test("on a dense screen a user going back and forth keeps the loads left just behind")
  func onADenseScreenAUserGoingBackAndForthKeepsTheLoadsLeftJustBehind() {
    /// Whether the top item's running load stays wanted as a drag at `speed` carries
    /// the item off the top of a dense screen (eleven items) whose loads all run.
    func keepsTopLoad(
      _ configuration: AdaptivePolicy.Configuration, backAndForth: Bool, speed: Double
    ) -> Bool {
      var user = AdaptivePlayer.learnedBandwidth(configuration)
      if backAndForth {
        // Four times 600 points down and back up over the same rows.
        for _ in 0..<4 {
          user.move(speed: 600, seconds: 1)
          user.move(speed: -600, seconds: 1)
        }
      }
      user.move(speed: speed, seconds: 0.5, loads: AdaptiveLoads(isVisibleReady: false))
      let onScreen = Array(adaptiveLayout.items(overlapping: user.viewport))
      let running = AdaptiveLoads(isVisibleReady: false, loading: Set(onScreen))
      return adaptiveVisibleItems(user.step(speed: speed, loads: running)).contains(onScreen[0])
    }
    let defaults = AdaptivePolicy.Configuration()
    // A drag at 300 pt/s, lifted now, would leave the item some 150 points behind: a user
    // who turns back every second brings it back, and its load goes on.
    #expect(keepsTopLoad(defaults, backAndForth: true, speed: 300))
    // A user who keeps going one way leaves it for good: withdrawn.
    #expect(!keepsTopLoad(defaults, backAndForth: false, speed: 300))
    // At 3,000 pt/s the item would end some 1,500 points behind: withdrawn too.
    #expect(!keepsTopLoad(defaults, backAndForth: true, speed: 3000))
    var never = defaults
    never.keptLeavingLoadScreens = 0
    #expect(!keepsTopLoad(never, backAndForth: true, speed: 300))
  }

  @Test("at rest on a dense screen the items behind are wanted too")
  func atRestOnADenseScreenTheItemsBehindAreWantedToo() {
    // Down for a second, back up a little, then at rest: the lead points up, where
    // everything is loaded; the rows below, where the user came from, wait unless the
    // screen is dense (eleven items on this one, more than 6).
    /// How far below the viewport each wanted item starts, in points.
    func wantedBelow(_ configuration: AdaptivePolicy.Configuration) -> [CGFloat] {
      var user = AdaptivePlayer(configuration)
      user.move(speed: 1000, seconds: 1)
      user.move(speed: -500, seconds: 0.3)
      let atRest = user.move(speed: 0, seconds: 1)
      let bottom = user.viewport.upperBound
      return adaptivePrefetches(atRest).map {
        adaptiveLayout.span(ofItem: $0.item).lowerBound - bottom
      }
      .filter { $0 >= 0 }
    }
    let below = wantedBelow(AdaptivePolicy.Configuration())
    #expect(!below.isEmpty)
    // Within the 2 screenfuls behind.
    #expect(below.allSatisfy { $0 < 2 * adaptiveScreen })
    // Items behind whose image is ready are not candidates: the first unready one is.
    var user = AdaptivePlayer()
    user.move(speed: 1000, seconds: 1)
    user.move(speed: -500, seconds: 0.3)
    let firstBelow = adaptiveLayout.items(overlapping: user.viewport).upperBound
    let ready = AdaptiveLoads(ready: Set(firstBelow..<firstBelow + 5))
    let wanted = adaptivePrefetches(user.move(speed: 0, seconds: 1, loads: ready)).map(\.item)
    #expect(wanted.contains(firstBelow + 5))
    #expect(wanted.allSatisfy { !ready.ready.contains($0) })
    var off = AdaptivePolicy.Configuration()
    off.denseRestTrailingScreens = 0
    #expect(wantedBelow(off).isEmpty)
    var sparse = AdaptivePolicy.Configuration()
    sparse.maximumSparseScreenItems = 20
    #expect(wantedBelow(sparse).isEmpty)
    // While the viewport moves, nothing behind is wanted.
    var moving = AdaptivePlayer()
    moving.move(speed: 1000, seconds: 1)
    let answer = moving.move(speed: 1000, seconds: 0.2)
    let top = moving.viewport.lowerBound
    #expect(
      !adaptivePrefetches(answer).contains {
        adaptiveLayout.span(ofItem: $0.item).upperBound <= top
      })
  }

  @Test("at rest the visible items nearest the scroll direction come first")
  func atRestTheVisibleItemsNearestTheScrollDirectionComeFirst() {
    func visibleOrder(_ answer: [PreloadRequest]) -> [Int] {
      answer.filter { $0.priority == .visible }.sorted { $0.order < $1.order }.map(\.item)
    }
    var player = AdaptivePlayer()
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

  @Test("at rest against the start of the list the lead points down the list")
  func atRestAgainstTheStartOfTheListTheLeadPointsDownTheList() {
    func restingAfterScrollingUp(to offset: CGFloat) -> (AdaptivePlayer, [PreloadRequest]) {
      // A sparse screen, where nothing behind is wanted at rest.
      var player = AdaptivePlayer(offset: offset + 600)
      player.layout = tallPosts
      player.move(speed: -1000, seconds: 0.6)
      player.offset = offset
      let answer = adaptivePrefetches(player.move(speed: 0, seconds: 1))
      return (player, answer)
    }
    // Back at the first item: nothing lies above, so the lead reaches down the list.
    let (top, atTop) = restingAfterScrollingUp(to: 0)
    #expect(!atTop.isEmpty)
    #expect(
      atTop.allSatisfy { tallPosts.span(ofItem: $0.item).lowerBound >= top.viewport.upperBound })
    // Short of the start, it points the way the user last scrolled.
    let (middle, inMiddle) = restingAfterScrollingUp(to: 1200)
    #expect(!inMiddle.isEmpty)
    #expect(
      inMiddle.allSatisfy {
        tallPosts.span(ofItem: $0.item).upperBound <= middle.viewport.lowerBound
      })
  }

  @Test("a glide on a fast link that keeps up wants less past its landing")
  func aGlideOnAFastLinkThatKeepsUpWantsLessPastItsLanding() throws {
    // Loads take 0.2 s; a fling at 3,000 pt/s, followed into its glide.
    func glide(share: Double, isKeptWaiting: Bool, layout: ListLayout = tallPosts) throws
      -> (reach: CGFloat, landing: CGFloat)
    {
      var configuration = unbudgetedAdaptive
      configuration.keptUpGlideRestLeadShare = share
      var player = AdaptivePlayer(configuration, offset: 0)
      player.layout = layout
      // Two seconds of scrolling first, with the images on screen ready or not.
      player.move(speed: 1500, seconds: 2, loads: AdaptiveLoads(isVisibleReady: !isKeptWaiting))
      let frames = player.follow(seconds: 0.5, path: adaptiveFling(speed: 3000))
      let last = try #require(frames.last)
      try #require(last.phase == .decelerating)
      let landing = last.tracker.projectedLandingOffset(maximumOffset: CGPoint(x: 0, y: 49_000)).y
      let farthest = adaptivePrefetches(last.answer).map { layout.span(ofItem: $0.item).lowerBound }
      let reach = (farthest.max() ?? player.viewport.upperBound) - player.viewport.upperBound
      return (reach, landing - player.offset)
    }
    // A sparse screen on a link that keeps up: half the lead at rest past the landing,
    // the landing screen still wanted.
    let whole = try glide(share: 1, isKeptWaiting: false)
    let half = try glide(share: 0.5, isKeptWaiting: false)
    #expect(half.reach < whole.reach)
    #expect(half.reach >= half.landing)
    // Items on screen kept the user waiting while they scrolled: every second of the
    // glide counts, and the whole lead at rest is wanted past the landing.
    let waitingWhole = try glide(share: 1, isKeptWaiting: true)
    let waitingHalf = try glide(share: 0.5, isKeptWaiting: true)
    #expect(waitingHalf.reach == waitingWhole.reach)
    // A dense screen keeps even a fast link busy: the whole lead too.
    let denseWhole = try glide(share: 1, isKeptWaiting: false, layout: adaptiveLayout)
    let denseHalf = try glide(share: 0.5, isKeptWaiting: false, layout: adaptiveLayout)
    #expect(denseHalf.reach == denseWhole.reach)
  }

  @Test("a running prefetch ahead is finished after the user turns around")
  func aRunningPrefetchAheadIsFinishedAfterTheUserTurnsAround() throws {
    var configuration = unbudgetedAdaptive
    configuration.nearlyDoneFraction = 100  // not kept for being nearly done
    var player = AdaptivePlayer(configuration)
    let down = adaptivePrefetches(player.move(speed: 2000, seconds: 0.5))
    let running = try #require(down.first?.item)
    let queued = try #require(down.last?.item)
    try #require(running != queued)
    let loads = AdaptiveLoads(loading: [running])
    player.step(speed: 2000, loads: loads)
    // Up: the lead now lies above; the running load below is kept, the queued one is not.
    let up = adaptivePrefetches(player.move(speed: -2000, seconds: 0.3, loads: loads))
    #expect(up.contains { $0.item == running })
    #expect(!up.contains { $0.item == queued })
  }

  @Test("a running prefetch the user turned away from is kept only within the kept reach")
  func aRunningPrefetchTheUserTurnedAwayFromIsKeptOnlyWithinTheKeptReach() throws {
    for keptScreens in [1.0, 6.0] {
      var configuration = unbudgetedAdaptive
      configuration.nearlyDoneFraction = 100  // not kept for being nearly done
      configuration.maximumKeptLoadScreens = keptScreens
      var player = AdaptivePlayer(configuration)
      let down = adaptivePrefetches(player.move(speed: 4000, seconds: 0.5))
      let farthest = try #require(down.max { $0.item < $1.item }?.item)
      let loads = AdaptiveLoads(loading: [farthest])
      player.step(speed: 4000, loads: loads)
      // Up for 0.3 s at 2,000 pt/s: the item lies more than a screen below the viewport.
      let up = adaptivePrefetches(player.move(speed: -2000, seconds: 0.3, loads: loads))
      let distance = adaptiveLayout.span(ofItem: farthest).lowerBound - player.viewport.upperBound
      try #require(distance > adaptiveScreen && distance < 6 * adaptiveScreen)
      #expect(up.contains { $0.item == farthest } == (keptScreens == 6))
    }
  }

  @Test("a running load the viewport flies over is let go unless nearly done")
  func aRunningLoadTheViewportFliesOverIsLetGoUnlessNearlyDone() throws {
    var configuration = unbudgetedAdaptive
    configuration.nearlyDoneFraction = 100
    for isNearlyDone in [false, true] {
      var player = AdaptivePlayer(isNearlyDone ? unbudgetedAdaptive : configuration)
      let ahead = try #require(
        adaptivePrefetches(player.move(speed: 2000, seconds: 0.5)).first?.item)
      let loads = AdaptiveLoads(loading: [ahead])
      // 0.9 s at 2,000 pt/s: the item is passed and lies behind the viewport; its load
      // has run for 0.9 s, past the typical 0.2 s.
      let answer = player.move(speed: 2000, seconds: 0.9, loads: loads)
      try #require(adaptiveLayout.span(ofItem: ahead).upperBound < player.viewport.lowerBound)
      let kept = answer.first { $0.item == ahead }
      #expect((kept != nil) == isNearlyDone)
      if let kept { #expect(kept.priority <= .display) }
    }
  }

  @Test("a running prefetch a glide carries across the screen is let go unless nearly done")
  func aRunningPrefetchAGlideCarriesAcrossTheScreenIsLetGoUnlessNearlyDone() throws {
    // Loads take about a second (the typical load time, and so "nearly done").
    for runningSeconds in [0.1, 1.1] {
      var player = AdaptivePlayer(unbudgetedAdaptive, latency: .seconds(1))
      // The glide will carry the item across the screen within half a second.
      let kept = try player.keepsFarthestPrefetchWhileGliding(
        leadSpeed: 2000, runningSeconds: runningSeconds)
      #expect(kept.allSatisfy { $0 == (runningSeconds > 1) })
    }
  }

  @Test("a running prefetch is let go when the glide outruns the latencys tail not just its median")
  func aRunningPrefetchIsLetGoWhenTheGlideOutrunsTheLatencysTailNotJustItsMedian() throws {
    // Both links take half a second for a typical load; on one, one load in five takes
    // two seconds. The load has run for a tenth of a second, far from nearly done.
    for hasSlowTail in [false, true] {
      var player = AdaptivePlayer(unbudgetedAdaptive, latency: .milliseconds(500), loads: 8)
      for _ in 0..<2 {
        player.policy.loadDidFinish(
          latency: hasSlowTail ? .seconds(2) : .milliseconds(500), bytes: 50_000)
      }
      // The glide carries the item across the screen in about a second: after the
      // median load time, within the tail's.
      let kept = try player.keepsFarthestPrefetchWhileGliding(
        leadSpeed: 4000, runningSeconds: 0.1)
      #expect(kept.allSatisfy { $0 == !hasSlowTail })
    }
  }

  @Test("a glide toward the start of the list keeps the first screens loads")
  func aGlideTowardTheStartOfTheListKeepsTheFirstScreensLoads() throws {
    // Loads take about a second. The fling would carry the viewport past the first
    // items within that time if the list went on; it stops at offset 0, so they stay.
    var player = AdaptivePlayer(unbudgetedAdaptive, latency: .seconds(1), offset: 3200)
    player.move(speed: -2000, seconds: 0.3)
    let loads = AdaptiveLoads(loading: [1])
    let before = player.move(speed: -100, seconds: 0.1, loads: loads)
    try #require(before.contains { $0.item == 1 })
    let frames = player.follow(seconds: 0.3, loads: loads, path: adaptiveFling(speed: -8000))
    for answer in try glidingTowardTheFirstItems(frames) {
      #expect(answer.contains { $0.item == 1 })
    }
  }

  @Test("a glide toward the start of the list prefetches the first items")
  func aGlideTowardTheStartOfTheListPrefetchesTheFirstItems() throws {
    // Loads take about a second. Were the list to go on above, the fling would carry the
    // viewport past the first items within that time, and they would be skipped as
    // flown over; it stops at offset 0, so they are where it lands, and are prefetched.
    var player = AdaptivePlayer(unbudgetedAdaptive, latency: .seconds(1), offset: 3200)
    player.move(speed: -100, seconds: 0.3)
    let frames = player.follow(seconds: 0.3, path: adaptiveFling(speed: -8000))
    for answer in try glidingTowardTheFirstItems(frames) {
      #expect(answer.contains { $0.item == 1 })
    }
  }

  @Test("a glide withdraws a visible load on a sparse screen that could not finish in time")
  func aGlideWithdrawsAVisibleLoadOnASparseScreenThatCouldNotFinishInTime() throws {
    // Items of 300 points: three or four on screen, a sparse screen. Loads take about a
    // second, and the link a third of a second per load: a slow link.
    for (runningSeconds, isWithdrawn) in [(0.1, true), (1.2, false)] {
      var player = AdaptivePlayer(unbudgetedAdaptive, latency: .seconds(1))
      player.layout = ListLayout(crossLength: 390, itemLengths: Array(repeating: 300, count: 500))
      player.move(speed: 1000, seconds: 1, loads: AdaptiveLoads(loading: Set(0..<500)))
      player.policy.loadDidFinish(latency: .seconds(1), bytes: 50_000)
      try #require(player.policy.linkSlowness() == 1)
      player.move(speed: 0, seconds: 1)
      // The last item on screen loads while the user looks.
      let item = player.layout.items(overlapping: player.viewport).upperBound - 1
      let loads = AdaptiveLoads(isVisibleReady: false, loading: [item])
      player.move(speed: 0, seconds: runningSeconds, loads: loads)
      // A fling down carries it off the screen within a fraction of a second.
      let frames = player.follow(seconds: 0.4, loads: loads, path: adaptiveFling(speed: 3000))
      let gliding = frames.filter {
        $0.phase == .decelerating
          && player.layout.span(ofItem: item).upperBound > $0.tracker.offset.y
      }
      try #require(!gliding.isEmpty)
      for frame in gliding {
        #expect(frame.answer.contains { $0.item == item } != isWithdrawn)
      }
    }
  }

  @Test("a glide toward the start of the list keeps a visible load it cannot carry off")
  func aGlideTowardTheStartOfTheListKeepsAVisibleLoadItCannotCarryOff() throws {
    // A slow link, as above. The fling up would carry item 1 off the bottom of the screen
    // within a typical load time if the list went on above; it stops at offset 0, where
    // item 1 is still on screen, so its load stays.
    var player = AdaptivePlayer(unbudgetedAdaptive, latency: .seconds(1), offset: 0)
    player.layout = ListLayout(crossLength: 390, itemLengths: Array(repeating: 300, count: 500))
    player.move(speed: 1000, seconds: 1, loads: AdaptiveLoads(loading: Set(0..<500)))
    player.policy.loadDidFinish(latency: .seconds(1), bytes: 50_000)
    try #require(player.policy.linkSlowness() == 1)
    player.move(speed: 0, seconds: 1)
    let loads = AdaptiveLoads(isVisibleReady: false, loading: [1])
    player.move(speed: 0, seconds: 0.1, loads: loads)
    let frames = player.follow(seconds: 0.25, loads: loads, path: adaptiveFling(speed: -3000))
    let gliding = frames.filter {
      $0.phase == .decelerating && $0.tracker.offset.y < player.layout.span(ofItem: 1).upperBound
    }
    try #require(!gliding.isEmpty)
    for frame in gliding {
      let offset = Double(frame.tracker.offset.y)
      try #require(offset >= 0)
      let unstopped = ViewportMotion(tracker: frame.tracker, axis: .vertical)
      // Past the start, the glide would take item 1 (from 300 points) off the screen.
      try #require(unstopped.remainingDistance > offset + adaptiveScreen - 300)
      #expect(frame.answer.contains { $0.item == 1 && $0.priority == .visible })
    }
  }
}

/// The answers of the frames of `frames` that glide toward the start of the list while
/// item 1 is still above the viewport, each checked to belong to a glide that would carry
/// the viewport more than 1,200 points past its start were the list to go on above.
private func glidingTowardTheFirstItems(
  _ frames: [(phase: ScrollPhase, answer: [PreloadRequest], tracker: ScrollTracker)]
) throws -> [[PreloadRequest]] {
  let gliding = frames.filter {
    $0.phase == .decelerating && adaptiveLayout.span(ofItem: 1).upperBound <= $0.tracker.offset.y
  }
  try #require(!gliding.isEmpty)
  for frame in gliding {
    let unstopped = ViewportMotion(tracker: frame.tracker, axis: .vertical)
    try #require(unstopped.remainingDistance > Double(frame.tracker.offset.y) + 1200)
  }
  return gliding.map(\.answer)
}

extension AdaptivePlayer {
  /// Scrolls at `leadSpeed` for half a second, loads the farthest prefetch while the
  /// viewport creeps on for `runningSeconds`, then flings at 8,000 pt/s; returns, for
  /// each frame of the glide before the item comes on screen, whether the policy keeps
  /// that running load.
  mutating func keepsFarthestPrefetchWhileGliding(leadSpeed: Double, runningSeconds: Double)
    throws -> [Bool]
  {
    let down = adaptivePrefetches(move(speed: leadSpeed, seconds: 0.5))
    let farthest = try #require(down.max { $0.item < $1.item }?.item)
    let loads = AdaptiveLoads(loading: [farthest])
    // The load runs while the viewport moves on slowly, kept for not being reached.
    let before = move(speed: 100, seconds: runningSeconds, loads: loads)
    try #require(before.contains { $0.item == farthest })
    let frames = follow(seconds: 0.3, loads: loads, path: adaptiveFling(speed: 8000))
    let gliding = frames.filter {
      $0.phase == .decelerating
        && adaptiveLayout.span(ofItem: farthest).lowerBound >= $0.tracker.offset.y + adaptiveScreen
    }
    try #require(!gliding.isEmpty)
    return gliding.map { frame in frame.answer.contains { $0.item == farthest } }
  }
}
