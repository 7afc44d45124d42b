import Foundation
import Testing

@testable import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// What a local tier below memory (a disk cache) changes for the adaptive policy: a
/// load from there costs no network bytes and arrives in about a disk read.
@Suite("AdaptivePolicy and the local tier") struct AdaptivePolicyLocalTierTests {
  @Test("a jump starts no network prefetch yet loads what is stored locally")
  func aJumpStartsNoNetworkPrefetchYetLoadsWhatIsStoredLocally() throws {
    // A jump back toward the start at 40,000 pt/s, five times a fast fling, from items
    // 400–409. Every other item on the way back was seen before and is on disk; the
    // image of item 341, on the way, is already loading.
    let stored = Set(stride(from: 300, to: 400, by: 2))
    let loads = AdaptiveLoads(loading: [341], stored: stored)
    func jumpingAnswers(_ configuration: AdaptivePolicy.Configuration) throws -> [[PreloadRequest]]
    {
      var player = AdaptivePlayer(configuration, offset: 40_000)
      player.move(speed: 0, seconds: 0.5)
      let frames = player.follow(seconds: 0.2, loads: loads) { CGFloat(-40_000 * $0) }
      let jumping = frames.filter { abs(Double($0.tracker.velocity.y)) > 20_000 }
      try #require(jumping.count > 5)
      return jumping.map(\.answer)
    }
    let answers = try jumpingAnswers(unbudgetedAdaptive)
    for answer in answers {
      let prefetched = Set(adaptivePrefetches(answer).map(\.item))
      #expect(prefetched.isSubset(of: stored.union(loads.loading)))
    }
    // Stored images on the way are loaded all the same, and so is the running load.
    #expect(answers.contains { adaptivePrefetches($0).contains { stored.contains($0.item) } })
    #expect(answers.contains { adaptivePrefetches($0).contains { $0.item == 341 } })
    // Without the rule, the lead runs ahead of the jump over images not stored.
    var unlimited = unbudgetedAdaptive
    unlimited.jumpSpeed = .infinity
    let projected = try jumpingAnswers(unlimited).flatMap(adaptivePrefetches)
    #expect(projected.contains { !stored.contains($0.item) && $0.item != 341 })
  }

  @Test("a jump ends and the lead resumes")
  func aJumpEndsAndTheLeadResumes() {
    var player = AdaptivePlayer(unbudgetedAdaptive, offset: 40_000)
    player.move(speed: -40_000, seconds: 0.2)
    #expect(adaptivePrefetches(player.step(speed: -40_000)).isEmpty)
    // Slow again: the tracker's 100 ms fit falls below the jump speed within a few frames.
    let slowing = player.move(speed: -2_000, seconds: 0.2)
    #expect(!adaptivePrefetches(slowing).isEmpty)
  }

  @Test("a visible item leaving before the link could deliver it loads from a local tier")
  func aVisibleItemLeavingBeforeTheLinkCouldDeliverItLoadsFromALocalTier() {
    // The screen of "aMovingViewportSkipsVisibleItemsThatLeaveBeforeTheLinkCouldDeliverThem":
    // at 300 pt/s the top item leaves long before the link could deliver the screen.
    var sparse = AdaptivePolicy.Configuration()
    sparse.maximumSparseScreenItems = 20
    var user = AdaptivePlayer.learnedBandwidth(sparse)
    let waiting = AdaptiveLoads(isVisibleReady: false)
    user.move(speed: 300, seconds: 0.5, loads: waiting)
    var stored = user
    let fromNetwork = adaptiveVisibleItems(user.step(speed: 300, loads: waiting))
    let onScreen = Array(adaptiveLayout.items(overlapping: user.viewport))
    var storedLoads = waiting
    storedLoads.stored = Set(onScreen)
    let fromDisk = adaptiveVisibleItems(stored.step(speed: 300, loads: storedLoads))
    #expect(!fromNetwork.contains(onScreen[0]))
    #expect(fromDisk == onScreen)
  }

  @Test("an item a glide flies over loads from a local tier")
  func anItemAGlideFliesOverLoadsFromALocalTier() throws {
    // Loads take about a second; a fling at 8,000 pt/s carries the items below the
    // screen across it within a fraction of that.
    typealias Frame = (phase: ScrollPhase, answer: [PreloadRequest], tracker: ScrollTracker)
    func glide(stored: Set<Int>) -> [Frame] {
      var player = AdaptivePlayer(unbudgetedAdaptive, latency: .seconds(1), offset: 3200)
      player.move(speed: 100, seconds: 0.3)
      return player.follow(
        seconds: 0.3, loads: AdaptiveLoads(stored: stored), path: adaptiveFling(speed: 8000))
    }
    // The first frame of the glide that skips an item within a screen below the viewport.
    func skipped(_ frame: Frame) -> Int? {
      let end = frame.tracker.offset.y + adaptiveScreen
      let below = adaptiveLayout.items(overlapping: AxisSpan(end, end + adaptiveScreen))
      return below.first { item in !frame.answer.contains { $0.item == item } }
    }
    let plain = glide(stored: [])
    let index = try #require(
      plain.indices.first { plain[$0].phase == .decelerating && skipped(plain[$0]) != nil })
    let item = try #require(skipped(plain[index]))
    let stored = glide(stored: [item])
    #expect(stored[index].answer.contains { $0.item == item && $0.priority == .display })
  }
}
