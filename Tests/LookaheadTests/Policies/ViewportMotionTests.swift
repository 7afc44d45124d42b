import Foundation
import Testing

@testable import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

@Suite("ViewportMotion") struct ViewportMotionTests {
  /// A tracker gliding toward smaller offsets, 0.3 s into a fling of `speed` pt/s that
  /// started at offset 3,000.
  private func glidingUp(speed: Double) throws -> ScrollTracker {
    var player = AdaptivePlayer(offset: 3000)
    let last = try #require(
      player.follow(seconds: 0.3, path: adaptiveFling(speed: -speed)).last)
    try #require(last.phase == .decelerating)
    return last.tracker
  }

  @Test("a glide aged by some time is the rest of the same curve")
  func aGlideAgedIsTheRestOfTheSameCurve() throws {
    let tracker = try glidingUp(speed: 4000)
    let glide = ViewportMotion(tracker: tracker, axis: .vertical)
    let aged = glide.aged(by: 0.05)
    // What it covers from then on is what the glide covers after those 50 ms.
    for seconds in [0.1, 0.5, 2.0, 30.0] {
      let rest = glide.distanceCovered(within: 0.05 + seconds) - glide.distanceCovered(within: 0.05)
      #expect(abs(aged.distanceCovered(within: seconds) - rest) < 1e-6)
    }
    #expect(abs(aged.speed - glide.speed * exp(-glide.decay * 0.05)) < 1e-9)
    // A drag has no decay to age by, and no time is no change.
    #expect(glide.aged(by: 0).speed == glide.speed)
    var dragging = ScrollTracker()
    dragging.record(offset: CGPoint(x: 0, y: 0), at: .zero)
    dragging.record(offset: CGPoint(x: 0, y: 20), at: .milliseconds(16))
    dragging.record(offset: CGPoint(x: 0, y: 40), at: .milliseconds(32))
    let drag = ViewportMotion(tracker: dragging, axis: .vertical)
    try #require(drag.isMoving && !drag.isDecelerating)
    #expect(drag.aged(by: 0.05).speed == drag.speed)
  }

  @Test("a glide toward the start stops there")
  func aGlideTowardTheStartStopsThere() throws {
    let tracker = try glidingUp(speed: 6000)
    let start = Double(tracker.offset.y)
    let unstopped = ViewportMotion(tracker: tracker, axis: .vertical)
    let stopped = ViewportMotion(tracker: tracker, axis: .vertical).stopping(
      atDistanceToStart: start)
    try #require(unstopped.remainingDistance > start + 100)
    #expect(stopped.remainingDistance == start)
    // The same curve up to the start, then no further.
    #expect(stopped.timeToTravel(start - 100) == unstopped.timeToTravel(start - 100))
    #expect(stopped.timeToTravel(start - 100).isFinite)
    #expect(stopped.timeToTravel(start + 1) == .infinity)
    #expect(stopped.distanceCovered(within: 0.05) == unstopped.distanceCovered(within: 0.05))
    #expect(stopped.distanceCovered(within: 60) == start)
  }

  @Test("a glide that ends before the start is unchanged")
  func aGlideThatEndsBeforeTheStartIsUnchanged() throws {
    let tracker = try glidingUp(speed: 2000)
    let unstopped = ViewportMotion(tracker: tracker, axis: .vertical)
    let stopped = ViewportMotion(tracker: tracker, axis: .vertical).stopping(
      atDistanceToStart: Double(tracker.offset.y))
    try #require(unstopped.remainingDistance < Double(tracker.offset.y))
    #expect(stopped.remainingDistance == unstopped.remainingDistance)
    #expect(stopped.timeToTravel(100) == unstopped.timeToTravel(100))
  }

  @Test("a glide toward larger offsets ignores the start")
  func aGlideTowardLargerOffsetsIgnoresTheStart() throws {
    var player = AdaptivePlayer(offset: 100)
    let last = try #require(player.follow(seconds: 0.3, path: adaptiveFling(speed: 6000)).last)
    try #require(last.phase == .decelerating)
    let unstopped = ViewportMotion(tracker: last.tracker, axis: .vertical)
    let stopped = ViewportMotion(tracker: last.tracker, axis: .vertical).stopping(
      atDistanceToStart: 10)
    #expect(stopped.remainingDistance == unstopped.remainingDistance)
    #expect(stopped.remainingDistance > 1000)
  }

  @Test("a drag lifted now glides from its speed")
  func aDragLiftedNowGlidesFromItsSpeed() throws {
    var player = AdaptivePlayer(offset: 3000)
    let last = try #require(player.follow(seconds: 0.25) { CGFloat($0 * 3000) }.last)
    try #require(last.phase == .dragging)
    let drag = ViewportMotion(tracker: last.tracker, axis: .vertical)
    let lifted = drag.liftedNow()
    // A drag keeps its speed: 300 points take 0.1 s; lifted, the glide decelerates, takes
    // longer for the same distance and comes to rest about speed / decay points on.
    #expect(!drag.isDecelerating && lifted.isDecelerating)
    #expect(abs(drag.timeToTravel(300) - 300 / drag.speed) < 1e-9)
    #expect(lifted.timeToTravel(300) > drag.timeToTravel(300))
    #expect(
      abs(lifted.remainingDistance - drag.speed / drag.decay) < 0.01 * drag.speed / drag.decay)
    #expect(lifted.timeToTravel(lifted.remainingDistance + 1) == .infinity)
    // A glide already lifted, and a viewport at rest, are what they were.
    let relifted = lifted.liftedNow()
    #expect(relifted.isDecelerating && relifted.remainingDistance == lifted.remainingDistance)
    #expect(relifted.timeToTravel(300) == lifted.timeToTravel(300))
    let resting = ViewportMotion(tracker: ScrollTracker(), axis: .vertical)
    #expect(!resting.liftedNow().isDecelerating)
    #expect(resting.liftedNow().timeToTravel(300) == .infinity)
  }
}
