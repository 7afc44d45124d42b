import Foundation
import Testing

@testable import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

@Suite("MotionModel") struct MotionModelTests {
  /// Feeds `seconds` of frames at 60 Hz moving at `speed` points per second from
  /// `offset`, in `phase`; returns the offset reached.
  private func feed(
    _ model: inout MotionModel, from start: Double, seconds: Double, offset: Double,
    speed: Double, phase: MotionModel.Phase
  ) -> Double {
    var offset = offset
    for frame in 0..<Int(seconds * 60) {
      offset += speed / 60
      model.observe(
        time: start + Double(frame) / 60, offset: offset, phase: phase, sign: 1,
        screen: 800, glide: nil)
    }
    return offset
  }

  /// The glide lifting the finger would start after a drag of 50 points every 16 ms.
  private func flung() -> ViewportMotion {
    var tracker = ScrollTracker()
    for frame in 0...12 {
      tracker.record(offset: CGPoint(x: 0, y: Double(frame) * 50), at: .milliseconds(frame * 16))
    }
    return ViewportMotion(tracker: tracker, axis: .vertical).liftedNow()
  }

  @Test("the prior answers before anything is learned")
  func thePriorAnswersBeforeAnythingIsLearned() {
    let model = MotionModel()
    let near = model.reachProbability(
      400, within: 2, phase: .rest, isForward: true, screen: 800, glide: nil)
    let far = model.reachProbability(
      4000, within: 2, phase: .rest, isForward: true, screen: 800, glide: nil)
    let back = model.reachProbability(
      400, within: 2, phase: .rest, isForward: false, screen: 800, glide: nil)
    #expect(near > far)
    #expect(near > back)
    // A user at rest may not move at all.
    let any = model.reachProbability(
      0, within: 1, phase: .rest, isForward: true, screen: 800, glide: nil)
    #expect(any > 0 && any < 1)
  }

  @Test("a user who rests and then reads on teaches the rest model")
  func aUserWhoRestsAndThenReadsOnTeachesTheRestModel() {
    var still = MotionModel()
    var reader = MotionModel()
    _ = feed(&still, from: 0, seconds: 30, offset: 0, speed: 0, phase: .rest)
    // Always one screen every two seconds, recorded as rest (a slow reader's drags).
    _ = feed(&reader, from: 0, seconds: 30, offset: 0, speed: 400, phase: .rest)
    let stillAnswer = still.reachProbability(
      800, within: 4, phase: .rest, isForward: true, screen: 800, glide: nil)
    let readerAnswer = reader.reachProbability(
      800, within: 4, phase: .rest, isForward: true, screen: 800, glide: nil)
    // The still user almost never gets a screen on; the reader always does.
    #expect(stillAnswer < 0.2)
    #expect(readerAnswer > 0.8)
  }

  @Test("a glide's own course is certain until it is learned otherwise")
  func aGlidesOwnCourseIsCertain() {
    let glide = flung()
    let model = MotionModel()
    let covered = glide.distanceCovered(within: 1)
    #expect(
      model.reachProbability(
        covered * 0.9, within: 1, phase: .glide, isForward: true, screen: 800, glide: glide) == 1)
    #expect(
      model.reachProbability(
        covered + 2000, within: 1, phase: .glide, isForward: true, screen: 800, glide: glide) < 0.1)
  }

  @Test("while the finger is down, the prior gives even odds that it stops along the glide")
  func whileTheFingerIsDownThePriorGivesEvenOddsThatItStops() {
    let glide = flung()
    let model = MotionModel()
    let covered = glide.distanceCovered(within: 1)
    func answer(_ distance: Double, _ phase: MotionModel.Phase) -> Double {
      model.reachProbability(
        distance, within: 1, phase: phase, isForward: true, screen: 800, glide: glide)
    }
    // Stopping anywhere along the course is as likely as lifting into the glide.
    #expect(answer(0, .drag) == 1)
    #expect(abs(answer(covered / 2, .drag) - 0.75) < 1e-9)
    #expect(abs(answer(covered, .drag) - 0.5) < 1e-9)
    // Beyond it, only a lifted finger goes on; a glide under way runs its course.
    #expect(abs(answer(covered + 400, .drag) - answer(covered + 400, .glide) / 2) < 1e-9)
    #expect(answer(covered, .glide) == 1)
  }

  @Test("a moved list drops the open probes")
  func aMovedListDropsTheOpenProbes() {
    /// A second at rest, then ten screens further on for nine more seconds (the list
    /// moved under the viewport), dropping the probes in between when `drops`.
    func learned(drops: Bool) -> MotionModel {
      var model = MotionModel()
      _ = feed(&model, from: 0, seconds: 1, offset: 0, speed: 0, phase: .rest)
      if drops { model.contentMoved() }
      _ = feed(&model, from: 1, seconds: 9, offset: 8000, speed: 0, phase: .rest)
      return model
    }
    let answers = [true, false].map {
      learned(drops: $0).reachProbability(
        4000, within: 8, phase: .rest, isForward: true, screen: 800, glide: nil)
    }
    // Probes open across the move learned a jump of ten screens.
    #expect(answers[0] < answers[1])
  }
}

extension MotionModelTests {
  @Test("lifting the finger off does not change how far the user is expected to get")
  func liftingTheFingerOffDoesNotChangeTheAnswer() {
    var model = MotionModel()
    // A user who drags on and on, a screen a second, with no glide between strokes.
    _ = feed(&model, from: 0, seconds: 30, offset: 0, speed: 800, phase: .drag)
    let dragging = model.reachProbability(
      2400, within: 4, phase: .drag, isForward: true, screen: 800, glide: nil)
    let gliding = model.reachProbability(
      2400, within: 4, phase: .glide, isForward: true, screen: 800, glide: nil)
    // Both answers come from what the user did in motion: three screens within 4 s. Only
    // the prior, worth 4 samples against 48, tells them apart: a finger still down may
    // yet stop anywhere.
    #expect(dragging > 0.8)
    #expect(abs(gliding - dragging) <= MotionModel.priorWeight / (48 + MotionModel.priorWeight))
  }
}

extension MotionModelTests {
  @Test("beyond the longest horizon the user goes on at the pace shown by then")
  func beyondTheLongestHorizonTheUserGoesOnAtThePaceShownByThen() {
    var reader = MotionModel()
    _ = feed(&reader, from: 0, seconds: 60, offset: 0, speed: 200, phase: .rest)
    func rest(_ distance: Double, _ seconds: Double, forward: Bool = true) -> Double {
      reader.reachProbability(
        distance, within: seconds, phase: .rest, isForward: forward, screen: 800, glide: nil)
    }
    // Twice the time, as likely as half the distance.
    for distance in [400.0, 1600, 3200] {
      #expect(rest(distance, 16) == rest(distance / 2, 8))
      #expect(rest(distance, 24, forward: false) == rest(distance / 3, 8, forward: false))
      #expect(rest(distance, 8) <= rest(distance, 9) && rest(distance, 9) <= rest(distance, 30))
    }
    // In a glide, only what lies beyond the glide's course is scaled.
    let glide = flung()
    let covered = glide.distanceCovered(within: 8)
    let model = MotionModel()
    func gliding(_ distance: Double, _ seconds: Double) -> Double {
      model.reachProbability(
        distance, within: seconds, phase: .glide, isForward: true, screen: 800, glide: glide)
    }
    #expect(gliding(covered * 0.9, 16) == 1)
    #expect(gliding(covered + 3200, 16) == gliding(covered + 1600, 8))
  }
}

extension MotionModel {
  /// Test reference, worked out without the course's cache: the probability that the
  /// viewport gets at least `distance` points ahead
  /// (`isForward`, the way of the motion) or behind within `seconds`, in the learned
  /// `phase`. Beyond the longest horizon the user goes on at the pace shown by then
  /// (`probability(_:beyondTheLongestHorizon:phase:isForward:screen:covered:)`).
  ///
  /// - Parameters:
  ///   - distance: Points, at least 0.
  ///   - seconds: The time allowed.
  ///   - phase: The phase the user is in now.
  ///   - isForward: Whether the distance lies the way of the motion.
  ///   - screen: The viewport's length, in points.
  ///   - glide: The glide's physics, during a glide.
  func reachProbability(
    _ distance: Double, within seconds: Double, phase: Phase, isForward: Bool,
    screen: Double, glide: ViewportMotion?
  ) -> Double {
    guard distance >= 0 else { return 1 }
    guard screen > 0 else { return 0 }
    if seconds > Self.longestHorizon {
      return probability(
        distance, beyondTheLongestHorizon: seconds, phase: phase, isForward: isForward,
        screen: screen, covered: Self.glideCovered(glide, within: Self.longestHorizon))
    }
    return Self.interpolated(within: seconds) { horizon in
      probability(
        distance, horizon: horizon, phase: phase, isForward: isForward, screen: screen,
        covered: Self.glideCovered(glide, within: Self.horizons[horizon]))
    }
  }
}
