import Foundation
import Testing

@testable import Lookahead

/// Posts of 300 points under a 1,000-point viewport: four on screen, a sparse screen.
/// A player at the top of `tallPosts` whose policy has seen no load finish, its list's
/// first page having taken `page`.
private func startingPlayer(page: Duration?, layout: ListLayout = tallPosts) -> AdaptivePlayer {
  var player = AdaptivePlayer(unbudgetedAdaptive, loads: 0, offset: 0)
  player.layout = layout
  if let page { player.policy.pageDidLoad(latency: page) }
  return player
}

@Suite("AdaptivePolicy slow start") struct AdaptivePolicySlowStartTests {
  @Test("a slow first page starts the first screen two at a time from the leading edge")
  func aSlowFirstPageStartsTheFirstScreenTwoAtATimeFromTheLeadingEdge() throws {
    var player = startingPlayer(page: .milliseconds(500))
    let visible = Array(tallPosts.items(overlapping: player.viewport))
    try #require(visible == [0, 1, 2, 3])
    // The user has not moved: the list's initial direction is down, so the bottom first.
    let first = player.step(loads: AdaptiveLoads(isVisibleReady: false))
    #expect(adaptiveVisibleItems(first) == [2, 3])
    #expect(adaptivePrefetches(first).isEmpty)
    // While both run, the others wait their turn.
    let running = AdaptiveLoads(isVisibleReady: false, loading: [2, 3])
    #expect(adaptiveVisibleItems(player.step(loads: running)) == [2, 3])
    // One arrives: the next from the leading edge starts.
    let oneDone = AdaptiveLoads(isVisibleReady: false, loading: [2], ready: [3])
    #expect(adaptiveVisibleItems(player.step(loads: oneDone)) == [1, 2, 3])
  }

  @Test("a first page slower than a fast links tells of a slow link")
  func aFirstPageSlowerThanAFastLinksTellsOfASlowLink() {
    // Quicker than a slow link's typical page, slower than a fast link's (the threshold
    // is Configuration.slowStartPageLatency, 200 ms).
    var player = startingPlayer(page: .milliseconds(250))
    let first = player.step(loads: AdaptiveLoads(isVisibleReady: false))
    #expect(adaptiveVisibleItems(first) == [2, 3])
  }

  @Test("a fast first page starts the whole first screen")
  func aFastFirstPageStartsTheWholeFirstScreen() {
    for page in [Duration.milliseconds(100), .milliseconds(190), nil] {
      var player = startingPlayer(page: page)
      let first = player.step(loads: AdaptiveLoads(isVisibleReady: false))
      #expect(adaptiveVisibleItems(first) == [0, 1, 2, 3])
    }
  }

  @Test("once a load has taught the link the whole screen starts")
  func onceALoadHasTaughtTheLinkTheWholeScreenStarts() {
    var player = startingPlayer(page: .milliseconds(500))
    // A second of loading teaches the bandwidth.
    player.move(speed: 0, seconds: 1, loads: AdaptiveLoads(isVisibleReady: false, loading: [3]))
    player.policy.loadDidFinish(latency: .seconds(1), bytes: 50_000)
    player.step(loads: AdaptiveLoads(isVisibleReady: false, loading: [3]))
    let answer = player.step(loads: AdaptiveLoads(isVisibleReady: false))
    #expect(adaptiveVisibleItems(answer) == [0, 1, 2, 3])
  }

  @Test("a dense screen starts whole")
  func aDenseScreenStartsWhole() {
    // adaptiveLayout: ten posts of 100 points on screen.
    var player = startingPlayer(page: .milliseconds(500), layout: adaptiveLayout)
    let first = player.step(loads: AdaptiveLoads(isVisibleReady: false))
    #expect(adaptiveVisibleItems(first) == Array(0..<10))
  }
}
