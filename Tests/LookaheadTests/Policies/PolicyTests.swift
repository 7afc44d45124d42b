import Foundation
import Testing

@testable import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// 500 items of 100 points, a 1,000-point viewport: ten items per screen.
private let layout = ListLayout(crossLength: 390, itemLengths: Array(repeating: 100, count: 500))

/// Plays a scripted scroll at 60 Hz through a tracker and a policy, returning the
/// wanted requests after every frame.
private func play<P: ItemPolicy>(
  _ policy: inout P, seconds: Double, from start: Double = 0, tracker: inout ScrollTracker,
  isReady: @escaping (Int) -> Bool = { _ in false }, offset: (Double) -> CGFloat
) -> [[PreloadRequest]] {
  var frames: [[PreloadRequest]] = []
  for frame in 0...Int(seconds * 60) {
    let t = Double(frame) / 60
    let y = offset(t)
    tracker.record(offset: CGPoint(x: 0, y: y), at: .seconds(start + t))
    let input = PolicyInput(
      time: .seconds(start + t), layout: layout,
      viewport: CGRect(x: 0, y: y, width: 390, height: 1000),
      tracker: tracker)
    frames.append(policy.wantedItems(for: input, status: ClosureLoadStatus(isReady: isReady)))
  }
  return frames
}

/// A fling from `from`: a 0.15 s drag at `speed` points per second, then UIScrollView
/// deceleration (0.998 per ms) until it stops.
private func fling(from start: CGFloat, speed: Double) -> (Double) -> CGFloat {
  { t in
    let drag = 0.15
    if t <= drag { return start + CGFloat(speed * t) }
    let v0 = speed / 1000
    let ms = (t - drag) * 1000
    return start + CGFloat(speed * drag + v0 * 0.998 / 0.002 * (1 - pow(0.998, ms)))
  }
}

@Suite("Policies") struct PolicyTests {
  @Test("on visible wants exactly the visible items during a slow read")
  func onVisibleWantsExactlyTheVisibleItemsDuringASlowRead() {
    var policy = OnVisiblePolicy()
    var tracker = ScrollTracker()
    let frames = play(&policy, seconds: 2, tracker: &tracker) { 3000 + 50 * CGFloat($0) }
    for (index, frame) in frames.enumerated() {
      let y = 3000 + 50 * CGFloat(Double(index) / 60)
      let visible = Array(layout.items(overlapping: AxisSpan(y, y + 1000)))
      #expect(frame.map(\.item) == visible)
      #expect(frame.allSatisfy { $0.priority == .visible })
    }
    // Ordered by position, not by place on screen: an item that stays visible keeps its
    // request, so a scrolling frame tells the load queue only about the items it adds.
    var wanted = WantedSet<Int>()
    var previous: Set<Int> = []
    for frame in frames {
      let changes = wanted.update(
        to: frame.map { WantedSet.Request(key: $0.item, priority: $0.priority, order: $0.order) })
      #expect(Set(changes.wanted.map(\.key)).isDisjoint(with: previous))
      previous = Set(frame.map(\.item))
    }
  }

  @Test("pause while scrolling requests nothing while moving and keeps started loads")
  func pauseWhileScrollingRequestsNothingWhileMovingAndKeepsStartedLoads() {
    var policy = PauseWhileScrollingPolicy()
    var tracker = ScrollTracker()
    // At rest at the top: the first screen is requested.
    let rest = play(&policy, seconds: 0.2, tracker: &tracker) { _ in 0 }
    #expect(rest.last?.map(\.item) == Array(0..<10))
    // A fling: nothing new is requested while moving; the first screen stays wanted.
    let moving = play(
      &policy, seconds: 4.5, from: 1, tracker: &tracker, offset: fling(from: 0, speed: 4000))
    let whileMoving = moving.enumerated().filter { index, _ in
      let t = Double(index) / 60
      return t > 0.05 && t < 1.2
    }
    for (_, frame) in whileMoving { #expect(Set(frame.map(\.item)) == Set(0..<10)) }
    // Leftovers keep the visible class, so no preemption cancels them, but come after
    // whatever is on screen.
    #expect(
      whileMoving.last?.1.allSatisfy {
        $0.priority == .visible && $0.order >= PauseWhileScrollingPolicy.leftoverOrderOffset
      } == true)
    // Stopped: the landing screen is requested too.
    let landed = moving.last ?? []
    #expect(landed.contains { $0.priority == .visible })
    #expect(landed.count > 10)
    // Ready items drop out.
    var settled = policy
    let input = PolicyInput(
      time: .seconds(10), layout: layout,
      viewport: CGRect(x: 0, y: tracker.offset.y, width: 390, height: 1000),
      tracker: tracker)
    #expect(
      settled.wantedItems(for: input, status: ClosureLoadStatus(isReady: { _ in true })).isEmpty)
  }

  @Test("lazy target requests the landing and nothing it flies over")
  func lazyTargetRequestsTheLandingAndNothingItFliesOver() {
    var policy = LazyTargetPolicy()
    var tracker = ScrollTracker()
    let frames = play(&policy, seconds: 4, tracker: &tracker, offset: fling(from: 0, speed: 5000))
    let finalOffset = tracker.offset.y
    let requested = Set(frames.flatMap { $0.map(\.item) })
    // 5000 pt/s lands ≈ 750 + 5·499 ≈ 3245 points down: items 32…42.
    let landing = Set(layout.items(overlapping: AxisSpan(finalOffset, finalOffset + 1000)))
    #expect(landing.isSubset(of: requested))
    let flownOver = Set(10..<Int(finalOffset / 100) - 1)
    #expect(requested.isDisjoint(with: flownOver), "requested \(requested.sorted())")
    #expect(frames.last?.allSatisfy { $0.priority == .visible } == true)
  }

  @Test("lazy target requests nothing while the finger is down")
  func lazyTargetRequestsNothingWhileTheFingerIsDown() {
    var policy = LazyTargetPolicy()
    var tracker = ScrollTracker()
    let frames = play(&policy, seconds: 1, tracker: &tracker) { 500 + 300 * CGFloat($0) }
    #expect(frames.dropFirst().allSatisfy { $0.isEmpty })
  }

  @Test("texture stays minimum until the first drag then preloads full ranges")
  func textureStaysMinimumUntilTheFirstDragThenPreloadsFullRanges() {
    var policy = TexturePolicy()
    var tracker = ScrollTracker()
    let rest = play(&policy, seconds: 0.2, tracker: &tracker) { _ in 5000 }
    // minimum preload: 0.5 screens ahead (down), 0.25 behind → items 47..<65.
    #expect(Set(rest.last?.map(\.item) ?? []) == Set(47..<65))
    let reading = play(&policy, seconds: 1, from: 1, tracker: &tracker) { 5000 + 100 * CGFloat($0) }
    let y = tracker.offset.y
    let expected = layout.items(overlapping: AxisSpan(y - 1500, y + 1000 + 2500))
    #expect(Set(reading.last?.map(\.item) ?? []) == Set(expected))
    let byItem = Dictionary(uniqueKeysWithValues: (reading.last ?? []).map { ($0.item, $0) })
    #expect(byItem[Int(y / 100) + 1]?.priority == .visible)
    #expect(byItem[Int(y / 100) + 15]?.priority == .display)
    #expect(byItem[Int(y / 100) + 30]?.priority == .preload)
    #expect((byItem[Int(y / 100) + 30]?.order ?? 0) > (byItem[Int(y / 100) + 15]?.order ?? 0))
  }

  @Test("texture moves its leading buffer on reversal")
  func textureMovesItsLeadingBufferOnReversal() {
    var policy = TexturePolicy()
    var tracker = ScrollTracker()
    _ = play(&policy, seconds: 0.5, tracker: &tracker) { 5000 + 400 * CGFloat($0) }
    let back = play(&policy, seconds: 0.5, from: 1, tracker: &tracker) { 5200 - 400 * CGFloat($0) }
    let y = tracker.offset.y
    let expected = layout.items(overlapping: AxisSpan(y - 2500, y + 1000 + 1500))
    #expect(Set(back.last?.map(\.item) ?? []) == Set(expected))
  }

  @Test("wanted set reports new changed and removed keys")
  func wantedSetReportsNewChangedAndRemovedKeys() {
    var wanted = WantedSet<Int>()
    let first = wanted.update(to: [
      WantedSet.Request(key: 3, priority: .visible, order: 0),
      WantedSet.Request(key: 4, priority: .preload, order: 1),
    ])
    #expect(first.wanted.map(\.key) == [3, 4])
    #expect(first.unwanted.isEmpty)
    let answer = [
      WantedSet.Request(key: 4, priority: .visible, order: 0),
      WantedSet.Request(key: 9, priority: .preload, order: 2),
    ]
    let second = wanted.update(to: answer)
    #expect(second.wanted.map(\.key) == [4, 9])
    #expect(second.unwanted == [3])
    #expect(wanted.update(to: answer).isEmpty)
    #expect(wanted.count == 2)
    #expect(wanted.update(to: []).unwanted == [4, 9])
    #expect(wanted.count == 0)
  }

  @Test("a key wanted twice in one answer keeps its most urgent request")
  func aKeyWantedTwiceInOneAnswerKeepsItsMostUrgentRequest() {
    var wanted = WantedSet<String>()
    let changes = wanted.update(to: [
      WantedSet.Request(key: "a.jpg", priority: .preload, order: 3),
      WantedSet.Request(key: "a.jpg", priority: .visible, order: 1),
      WantedSet.Request(key: "a.jpg", priority: .display, order: 0),
    ])
    #expect(changes.wanted == [WantedSet.Request(key: "a.jpg", priority: .visible, order: 1)])
    #expect(wanted.request(for: "a.jpg")?.priority == .visible)
    #expect(wanted.count == 1)
  }

  @Test("unwanted keys come in the order they were first wanted")
  func unwantedKeysComeInTheOrderTheyWereFirstWanted() {
    var wanted = WantedSet<String>()
    _ = wanted.update(
      to: ["c", "a", "b"].map { WantedSet.Request(key: $0, priority: .preload, order: 0) })
    _ = wanted.update(to: [WantedSet.Request(key: "d", priority: .preload, order: 0)])
    #expect(wanted.keys == ["d"])
    _ = wanted.update(
      to: ["c", "a", "b"].map { WantedSet.Request(key: $0, priority: .preload, order: 0) })
    #expect(wanted.update(to: []).unwanted == ["c", "a", "b"])
  }

  @Test("inserted keys are reported once by their first position")
  func insertedKeysAreReportedOnceByTheirFirstPosition() {
    var wanted = WantedSet<String>()
    var inserted: [Int] = []
    _ = wanted.update(
      to: ["a", "b", "a", "c"].map { WantedSet.Request(key: $0, priority: .preload, order: 0) }
    ) { inserted.append($0) }
    #expect(inserted == [0, 1, 3])
    inserted = []
    // "b" is re-ordered, "a" left, "d" is new twice over, "c" unchanged.
    let changes = wanted.update(
      to: [
        WantedSet.Request(key: "d", priority: .preload, order: 5),
        WantedSet.Request(key: "b", priority: .visible, order: 0),
        WantedSet.Request(key: "d", priority: .visible, order: 1),
        WantedSet.Request(key: "c", priority: .preload, order: 0),
      ]
    ) { inserted.append($0) }
    #expect(inserted == [0])
    // A key named twice is reported at the place of its most urgent request.
    #expect(changes.wanted.map(\.key) == ["b", "d"])
    #expect(changes.unwanted == ["a"])
  }
}
