import Foundation
import Testing

@testable import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

@Suite("ModelPolicy") struct ModelPolicyTests {
  /// 500 items of 100 points under a 1,000-point viewport.
  private let layout = ListLayout(crossLength: 390, itemLengths: Array(repeating: 100, count: 500))

  /// A tracker that has stood at offset 3,000 (items 30..<40 on screen) since time 0.
  private func resting() -> ScrollTracker {
    var tracker = ScrollTracker()
    tracker.record(offset: CGPoint(x: 0, y: 3000), at: .zero)
    return tracker
  }

  private func answer(
    _ policy: inout ModelPolicy, tracker: ScrollTracker, time: Duration, offset: Double,
    status: ClosureLoadStatus = ClosureLoadStatus()
  ) -> [PreloadRequest] {
    let input = PolicyInput(
      time: time, layout: layout, viewport: CGRect(x: 0, y: offset, width: 390, height: 1000),
      tracker: tracker)
    return policy.wantedItems(for: input, status: status)
  }

  /// A reader at rest at offset 3,000 for a second, a frame at a time; the last frame's
  /// requests.
  private func restForASecond(_ policy: inout ModelPolicy) -> [PreloadRequest] {
    var tracker = ScrollTracker()
    var requests: [PreloadRequest] = []
    for frame in 0..<60 {
      let time = Duration.milliseconds(frame * 1000 / 60)
      tracker.record(offset: CGPoint(x: 0, y: 3000), at: time)
      requests = answer(&policy, tracker: tracker, time: time, offset: 3000)
    }
    return requests
  }

  @Test("before any load has finished, the items on screen all start at once")
  func beforeAnyLoadHasFinishedTheItemsOnScreenAllStart() {
    var policy = ModelPolicy()
    let requests = restForASecond(&policy)
    // The prior link keeps three loads in flight, but it is a guess: every item on
    // screen is needed whatever the link is, and nothing else starts.
    #expect(Set(requests.map(\.item)) == Set(30..<40))
    #expect(requests.allSatisfy { $0.priority == .visible })
  }

  @Test("a page quicker than a frame says nothing of the link")
  func aPageQuickerThanAFrameSaysNothingOfTheLink() {
    // A first page answered at once (from a cache on the device, say) or within a frame.
    for latency in [Duration.zero, .microseconds(50)] {
      var policy = ModelPolicy()
      policy.pageDidLoad(latency: latency)
      #expect(policy.link.bandwidth == ModelPolicy.Parameters().initialBandwidth)
      let requests = restForASecond(&policy)
      #expect(Set(requests.map(\.item)) == Set(30..<40))
      #expect(requests.allSatisfy { $0.order.isFinite })
    }
    // A page that took a tenth of a second on the network does, and one from a cache
    // after it takes nothing back.
    var policy = ModelPolicy()
    policy.pageDidLoad(latency: .milliseconds(100))
    let learned = policy.link.bandwidth
    #expect(learned > ModelPolicy.Parameters().initialBandwidth)
    policy.pageDidLoad(latency: .zero)
    #expect(policy.link.bandwidth == learned)
  }

  @Test("a load quicker than a frame is taken to have taken one")
  func aLoadQuickerThanAFrameIsTakenToHaveTakenOne() {
    // A network load reported to take no time (served by a cache below the loader, say).
    var policy = ModelPolicy()
    policy.loadDidFinish(latency: .zero, bytes: 50_000)
    // 50 kB in a frame, read as all transfer: a fast link, not an infinite one.
    #expect(abs(policy.link.bandwidth - 50_000 * 60) < 1)
    let requests = restForASecond(&policy)
    #expect(!requests.isEmpty)
    #expect(requests.allSatisfy { (30..<40).contains($0.item) && $0.order.isFinite })
  }

  @Test("once the link is known, the items on screen come first, as many as keep it busy")
  func onceTheLinkIsKnownTheItemsOnScreenComeFirst() {
    var policy = ModelPolicy()
    // Lone loads of 50 and 150 kB in 0.3 and 0.5 s: a 0.2 s round trip and 500 kB/s,
    // 0.2 s on the link for a mean load of 100 kB.
    for _ in 0..<10 {
      policy.loadDidFinish(latency: .milliseconds(300), bytes: 50_000)
      policy.loadDidFinish(latency: .milliseconds(500), bytes: 150_000)
    }
    let requests = restForASecond(&policy)
    // A round trip and a frame take two loads' time on the link: three keep it busy
    // when loads start once a frame.
    #expect(requests.count == 3)
    for request in requests {
      #expect((30..<40).contains(request.item))
      #expect(request.priority == .visible)
    }
  }

  @Test("a link slower than the motion model's horizon still gets loads")
  func aLinkSlowerThanTheMotionModelsHorizonStillGetsLoads() {
    // A first page that took 12 s, and lone loads of 50 and 150 kB in 12.1 and 12.3 s:
    // a 12 s round trip, longer than the motion model says anything about.
    var first = ModelPolicy()
    first.pageDidLoad(latency: .seconds(12))
    var learned = ModelPolicy()
    for _ in 0..<10 {
      learned.loadDidFinish(latency: .milliseconds(12_100), bytes: 50_000)
      learned.loadDidFinish(latency: .milliseconds(12_300), bytes: 150_000)
    }
    #expect(abs(learned.link.roundTrip - 12) < 0.01)
    for var policy in [first, learned] {
      // Beyond its last horizon the reader goes on at the pace shown by then: the loads
      // are for the items likely on screen when they land, the screens around this one
      // (the prior's reader rarely rests 12 s on one).
      let requests = restForASecond(&policy)
      #expect(requests.contains { (40..<50).contains($0.item) })
      #expect(requests.allSatisfy { (0..<120).contains($0.item) && $0.order.isFinite })
    }
  }

  @Test("a load landing late saves frames until one started at its landing would land")
  func aLoadLandingLateSavesFramesUntilOneStartedAtItsLandingWouldLand() {
    // A new load on a 12 s link: 12 s to land, and as long again for one started then.
    let planned = 96.0
    #expect(ModelPolicy.endOfSavedFrames(landing: 12, planned: planned, newLoadLanding: 12) == 24)
    // Started 5 s ago, it lands in 7 s; a load started now would still take 12 s, so the
    // frames it alone serves end when they did: 24 s after its start.
    for elapsed in [1.0, 5, 11] {
      let end = ModelPolicy.endOfSavedFrames(
        landing: 12 - elapsed, planned: planned, newLoadLanding: 12)
      #expect(abs(elapsed + end - 24) < 1e-9)
    }
    // A fast link's loads are planned over the window, up to the horizon.
    let fast = ModelPolicy.endOfSavedFrames(landing: 0.1, planned: 0.8, newLoadLanding: 0.1)
    #expect(abs(fast - 0.9) < 1e-9)
    #expect(ModelPolicy.endOfSavedFrames(landing: 1, planned: 16, newLoadLanding: 1) == 8)
  }

  @Test("local reads take no place on the link")
  func localReadsTakeNoPlaceOnTheLink() {
    var policy = ModelPolicy()
    let tracker = resting()
    let stored = ClosureLoadStatus(isStoredLocally: { $0 >= 30 && $0 < 40 })
    let requests = answer(&policy, tracker: tracker, time: .zero, offset: 3000, status: stored)
    // All ten items on screen read from disk, and the link still takes three loads.
    #expect(Set(requests.map(\.item)).isSuperset(of: 30..<40))
    #expect(requests.count == 13)
  }

  @Test("a glide's fly-overs are skipped and its landing is loaded")
  func aGlidesFlyOversAreSkippedAndItsLandingIsLoaded() throws {
    var policy = ModelPolicy()
    for _ in 0..<4 { policy.loadDidFinish(latency: .milliseconds(300), bytes: 100_000) }
    var tracker = ScrollTracker()
    // A fling at 8,000 pt/s decelerating at UIScrollView's 0.998 per millisecond.
    let decay = -log(0.998) * 1000
    var offset = 0.0
    var requests: [PreloadRequest] = []
    for frame in 0...15 {
      let seconds = Double(frame) / 60
      offset = 8000 / decay * (1 - exp(-decay * seconds))
      tracker.record(offset: CGPoint(x: 0, y: offset), at: .seconds(seconds))
      requests = answer(&policy, tracker: tracker, time: .seconds(seconds), offset: offset)
    }
    try #require(tracker.phase == .decelerating)
    let motion = ViewportMotion(tracker: tracker, axis: .vertical)
    let landing = offset + motion.remainingDistance
    // The glide carries the first screen off within a learned load time: flown over.
    try #require(motion.timeToTravel(1000) < 0.3)
    #expect(!requests.isEmpty)
    for request in requests {
      // The glide carries no wanted item off the screen before a load of 0.3 s started
      // now could finish.
      let itemEnd = Double(request.item + 1) * 100
      #expect(motion.timeToTravel(itemEnd - offset) > 0.3, "\(request.item) is flown over")
    }
    // The landing screen is among them.
    #expect(requests.contains { Double($0.item) * 100 >= landing })
  }
}

extension ModelPolicyTests {
  @Test("at rest on a fast link the next items load while the link is free")
  func atRestOnAFastLinkTheNextItemsLoad() {
    var policy = ModelPolicy()
    // Loads of 100 kB take 50 ms: the planning window is well under a second.
    for _ in 0..<20 { policy.loadDidFinish(latency: .milliseconds(50), bytes: 100_000) }
    let tracker = resting()
    let onScreen = ClosureLoadStatus(isReady: { (30..<40).contains($0) })
    let requests = answer(
      &policy, tracker: tracker, time: .zero, offset: 3000, status: onScreen)
    // A resting reader is unlikely to get there within the window, but likely to see
    // the next item some time: its bytes are not wasted, so it loads now.
    #expect(requests.map(\.item).contains(40))
  }

  @Test("a local read waits until its item is about to show")
  func aLocalReadWaitsUntilItsItemIsAboutToShow() {
    var policy = ModelPolicy()
    let tracker = resting()
    // The screen and the next two are on disk.
    let stored = ClosureLoadStatus(isStoredLocally: { $0 >= 30 && $0 < 60 })
    let requests = answer(&policy, tracker: tracker, time: .zero, offset: 3000, status: stored)
    let items = Set(requests.map(\.item))
    // A read lands within a frame: the items on screen are read now, the ones a resting
    // user would reach only later are left until then.
    #expect(items.isSuperset(of: 30..<40))
    #expect(items.isDisjoint(with: 40..<60))
  }

  @Test("the memory's size is learned from evictions near the viewport")
  func theMemorysSizeIsLearnedFromEvictionsNearTheViewport() {
    var policy = ModelPolicy()
    let tracker = resting()
    func frame(_ index: Int, ready: Range<Int>) {
      let status = ClosureLoadStatus(isReady: { ready.contains($0) })
      _ = answer(
        &policy, tracker: tracker, time: .milliseconds(index * 16), offset: 3000, status: status)
    }
    frame(0, ready: 30..<40)
    frame(1, ready: 30..<40)
    #expect(policy.memoryItems == nil)
    // Item 30 leaves memory while ten resources near the viewport were in it.
    frame(2, ready: 31..<40)
    #expect(policy.memoryItems == 10)
    // A smaller count later does not shrink what is known.
    frame(3, ready: 32..<40)
    #expect(policy.memoryItems == 10)
  }
}

extension ModelPolicyTests {
  @Test("items moved by an insertion are not taken for evictions")
  func itemsMovedByAnInsertionAreNotTakenForEvictions() {
    var policy = ModelPolicy()
    let tracker = resting()
    let before = ClosureLoadStatus(isReady: { (30..<40).contains($0) })
    _ = answer(&policy, tracker: tracker, time: .zero, offset: 3000, status: before)
    // Five items inserted at the top: the same resources now sit at 35..<45, and item
    // 30 is another item's.
    policy.listDidChange(ListIndexChanges(oldCount: 500, newCount: 505, inserted: Array(0..<5)))
    let after = ClosureLoadStatus(isReady: { (35..<45).contains($0) })
    _ = answer(&policy, tracker: tracker, time: .milliseconds(16), offset: 3000, status: after)
    #expect(policy.memoryItems == nil)
  }
}

extension ModelPolicyTests {
  @Test("a running load that has moved its bytes is kept when its item leaves the plan")
  func aRunningLoadThatHasMovedItsBytesIsKept() throws {
    var policy = ModelPolicy()
    let tracker = resting()
    func frame(_ milliseconds: Int, ready: Range<Int>, loading: Set<Int>) -> [Int] {
      let status = ClosureLoadStatus(
        isReady: { ready.contains($0) }, isLoading: { loading.contains($0) })
      return answer(
        &policy, tracker: tracker, time: .milliseconds(milliseconds), offset: 3000,
        status: status
      ).map(\.item)
    }
    // Item 60, two screens below, starts loading on the prior link (0.4 s a load).
    try #require(frame(0, ready: 0..<0, loading: [30, 31, 32, 60]).contains(60))
    // The screen lands, then item 30 is evicted: the memory holds ten resources, so
    // items further than ten from the screen are no longer worth a new load.
    _ = frame(100, ready: 30..<40, loading: [60])
    _ = frame(200, ready: 31..<40, loading: [60])
    try #require(policy.memoryItems == 10)
    // Half a second on, item 60's load has moved its bytes: withdrawing it would waste
    // them, finishing it wastes nothing more.
    #expect(frame(500, ready: 31..<40, loading: [60]).contains(60))
  }
}

extension ModelPolicyTests {
  @Test("a load runs from the decision that started it")
  func aLoadRunsFromTheDecisionThatStartedIt() throws {
    var policy = ModelPolicy()
    let tracker = resting()
    let first = answer(&policy, tracker: tracker, time: .zero, offset: 3000).map(\.item)
    try #require(first.count >= 2)
    // A frame later all but one of the loads it asked for run (the other was answered
    // from elsewhere), and the reader has jumped ten screens on: the policy has not seen
    // those items running, and does not look at them again.
    let loading = Set(first.dropLast())
    let status = ClosureLoadStatus(isLoading: { loading.contains($0) })
    var jumped = ScrollTracker()
    jumped.record(offset: CGPoint(x: 0, y: 13_000), at: .milliseconds(17))
    _ = answer(
      &policy, tracker: jumped, time: .milliseconds(17), offset: 13_000, status: status)
    for item in loading { #expect(policy.startTime(ofLoad: item) == 0) }
    #expect(policy.startTime(ofLoad: first[first.count - 1]) == nil)
  }

  @Test("the loads asked for on the last frame follow their items through a list change")
  func theLoadsAskedForFollowTheirItemsThroughAListChange() throws {
    var policy = ModelPolicy()
    let tracker = resting()
    let first = answer(&policy, tracker: tracker, time: .zero, offset: 3000).map(\.item)
    try #require(first.contains(30))
    // Five items are inserted at the top before the next frame: the loads run for the
    // same resources, at positions five further on.
    policy.listDidChange(ListIndexChanges(oldCount: 500, newCount: 505, inserted: Array(0..<5)))
    let moved = Set(first.map { $0 + 5 })
    let status = ClosureLoadStatus(isLoading: { moved.contains($0) })
    _ = answer(
      &policy, tracker: tracker, time: .milliseconds(17), offset: 3000, status: status)
    for item in moved { #expect(policy.startTime(ofLoad: item) == 0) }
  }
}

extension ModelPolicyTests {
  /// What the items on screen found during a drag.
  private enum DuringTheDrag {
    /// All in memory.
    case inMemory
    /// Not in memory, with three loads in flight: as many as the link's budget.
    case waitingForAFullLink
    /// Not in memory, with one load in flight: the link had room to spare.
    case waitingForALinkWithRoom
  }

  /// A policy on a known link (a 0.2 s round trip, 500 kB/s, loads of about 100 kB, three
  /// loads in flight keep it busy) that has watched the user drag down two screens; then
  /// at rest at offset 3,000 with items 0..<40 in memory, the requests of a second later.
  private func requestsAtRestAfterADrag(_ drag: DuringTheDrag) -> [PreloadRequest] {
    var policy = ModelPolicy()
    for _ in 0..<10 {
      policy.loadDidFinish(latency: .milliseconds(300), bytes: 50_000)
      policy.loadDidFinish(latency: .milliseconds(500), bytes: 150_000)
    }
    var tracker = ScrollTracker()
    for frame in 0...120 {
      let time = Duration.milliseconds(frame * 1000 / 60)
      let offset = 1000 + Double(frame) * 2000 / 120
      tracker.record(offset: CGPoint(x: 0, y: offset), at: time)
      let first = Int(offset / 100)
      let status =
        switch drag {
        case .inMemory: ClosureLoadStatus(isReady: { $0 < 40 })
        case .waitingForAFullLink:
          ClosureLoadStatus(isLoading: { (first..<first + 3).contains($0) })
        case .waitingForALinkWithRoom: ClosureLoadStatus(isLoading: { $0 == first })
        }
      _ = answer(&policy, tracker: tracker, time: time, offset: offset, status: status)
    }
    var requests: [PreloadRequest] = []
    for frame in 121...240 {
      let time = Duration.milliseconds(frame * 1000 / 60)
      tracker.record(offset: CGPoint(x: 0, y: 3000), at: time)
      requests = answer(
        &policy, tracker: tracker, time: time, offset: 3000,
        status: ClosureLoadStatus(isReady: { $0 < 40 }))
    }
    return requests
  }

  @Test("a transfer is worth more now, on a free link, when items waited for a full one")
  func aTransferIsWorthMoreWhenItemsWaitedForAFullLink() throws {
    func next(_ drag: DuringTheDrag) throws -> PreloadRequest {
      try #require(requestsAtRestAfterADrag(drag).first { $0.item == 40 })
    }
    // Each case loads the next item while the link is free. After a drag that found the
    // link full and items waiting, it is worth more (a lower order ranks first); items
    // that waited while the link had room to spare teach nothing.
    let inMemory = try next(.inMemory)
    #expect(try next(.waitingForAFullLink).order < inMemory.order)
    #expect(try next(.waitingForALinkWithRoom).order == inMemory.order)
  }
}
