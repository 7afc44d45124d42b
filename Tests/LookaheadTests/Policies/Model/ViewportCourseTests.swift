import Foundation
import Testing

@testable import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

@Suite("ViewportCourse") struct ViewportCourseTests {
  /// A 1,000-point viewport at 3,000 points.
  private let viewport = AxisSpan(3000, 4000)

  /// A model that watched a reader move on a screen every two seconds for a minute.
  private func reader() -> MotionModel {
    var model = MotionModel()
    for frame in 0..<3600 {
      model.observe(
        time: Double(frame) / 60, offset: Double(frame) * 500 / 60, phase: .rest, sign: 1,
        screen: 1000, glide: nil)
    }
    return model
  }

  /// A fling at 3,000 points a second toward larger offsets, decelerating at
  /// UIScrollView's 0.998 per millisecond.
  private func gliding() throws -> ViewportMotion {
    var tracker = ScrollTracker()
    let decay = -log(0.998) * 1000
    for frame in 0...15 {
      let seconds = Double(frame) / 60
      let offset = 3000 / decay * (1 - exp(-decay * seconds))
      tracker.record(offset: CGPoint(x: 0, y: offset), at: .seconds(seconds))
    }
    try #require(tracker.phase == .decelerating)
    return ViewportMotion(tracker: tracker, axis: .vertical)
  }

  /// The course of the reader's model over the viewport, at rest and in a glide, with
  /// the phase and the glide (`nil` at rest) it was made with.
  private func courses(
    of model: MotionModel
  ) throws -> [(MotionModel.Phase, ViewportMotion?, ViewportCourse)] {
    let glide = try gliding()
    return [(MotionModel.Phase.rest, ViewportMotion?.none), (.glide, glide)].map {
      phase, motion in
      let course = ViewportCourse(
        motion: model, glide: motion ?? ViewportMotion(tracker: ScrollTracker(), axis: .vertical),
        phase: phase, sign: 1, screen: 1000, viewport: viewport)
      return (phase, motion, course)
    }
  }

  /// The expected seconds on screen and the chance to be seen, worked out from the
  /// motion model's reach probabilities by the definition (the item is on screen when
  /// the viewport reached its near edge and not its far edge), the way the course must.
  private func reference(
    _ model: MotionModel, glide: ViewportMotion?, phase: MotionModel.Phase, span: AxisSpan,
    from start: Double, to end: Double
  ) -> (seconds: Double, everSeen: Double) {
    func reach(_ distance: Double, _ seconds: Double, forward: Bool) -> Double {
      distance < 0
        ? 1
        : model.reachProbability(
          distance, within: seconds, phase: phase, isForward: forward, screen: 1000,
          glide: glide?.liftedNow())
    }
    let low = Double(span.lowerBound - viewport.upperBound)
    let high = Double(span.upperBound - viewport.lowerBound)
    func onScreen(_ t: Double) -> Double {
      if low >= 0 { return max(0, reach(low, t, forward: true) - reach(high, t, forward: true)) }
      if high <= 0 {
        return max(0, reach(-high, t, forward: false) - reach(-low, t, forward: false))
      }
      return max(0, 1 - reach(high, t, forward: true) - reach(-low, t, forward: false))
    }
    let everSeen =
      low < 0 && high > 0
      ? 1 : low >= 0 ? reach(low, end, forward: true) : reach(-high, end, forward: false)
    var seconds = 0.0
    var time = start
    for step in MotionModel.horizons + [.infinity] where time < end {
      let next = min(start + step, end)
      seconds += (onScreen(time) + onScreen(next)) / 2 * (next - time)
      time = next
    }
    return (seconds, everSeen)
  }

  @Test(
    "exposure agrees with the reach probabilities it is made of",
    arguments: [
      (AxisSpan(3400, 3500), 0.3, 2.0),  // on screen
      (AxisSpan(4100, 4200), 0.3, 2.0),  // just ahead
      (AxisSpan(9000, 9300), 1.2, 9.5),  // far ahead, past the longest horizon
      (AxisSpan(3400, 3500), 9.0, 19.0),  // on screen, all of it past the longest horizon
      (AxisSpan(2700, 2900), 0.0, 0.4),  // just behind
      (AxisSpan(2000, 3050), 0.5, 0.5),  // an empty interval
    ])
  func exposureAgreesWithTheReachProbabilities(
    span: AxisSpan, start: Double, end: Double
  ) throws {
    let model = reader()
    for (phase, motion, course) in try courses(of: model) {
      let answer = course.exposure(span, after: start, until: end)
      let expected = reference(
        model, glide: motion, phase: phase, span: span, from: start, to: end)
      #expect(abs(answer.seconds - expected.seconds) < 1e-12)
      #expect(answer.everSeen == expected.everSeen)
      #expect(course.chances(span, by: end).before == expected.everSeen)
    }
  }

  @Test("a still user keeps the items on screen and never reaches far ones")
  func aStillUserKeepsTheItemsOnScreen() {
    var still = MotionModel()
    for frame in 0..<3600 {
      still.observe(
        time: Double(frame) / 60, offset: 3000, phase: .rest, sign: 1, screen: 1000,
        glide: nil)
    }
    let course = ViewportCourse(
      motion: still, glide: ViewportMotion(tracker: ScrollTracker(), axis: .vertical),
      phase: .rest, sign: 1, screen: 1000, viewport: viewport)
    let onScreen = course.exposure(AxisSpan(3500, 3600), after: 0.5, until: 4.5)
    let farAhead = course.exposure(AxisSpan(20000, 20100), after: 0.5, until: 4.5)
    #expect(onScreen.everSeen == 1)
    // Only the prior, worth 4 samples against 48, leaves room for a move.
    #expect(onScreen.seconds > 3.5 && onScreen.seconds <= 4)
    #expect(farAhead.everSeen < 0.001)
    #expect(farAhead.seconds < 0.001)
  }

  @Test("one value per horizon, stored inline")
  func perHorizonStoresEachValue() {
    var values = PerHorizon(repeating: .nan)
    for index in 0..<6 { values[index] = Double(index) * 1.5 }
    #expect((0..<6).map { values[$0] } == [0, 1.5, 3, 4.5, 6, 7.5])
  }
}

extension ViewportCourseTests {
  @Test(
    "the chance to be seen after a time is reaching the item by the horizon, not past it by then",
    arguments: [
      (AxisSpan(3400, 3500), 0.3),  // on screen
      (AxisSpan(4100, 4200), 2.0),  // just ahead
      (AxisSpan(9000, 9300), 1.2),  // far ahead
      (AxisSpan(2700, 2900), 0.4),  // just behind
    ])
  func seenAfterAgreesWithTheReachProbabilities(span: AxisSpan, start: Double) throws {
    let model = reader()
    for (phase, motion, course) in try courses(of: model) {
      func reach(_ distance: Double, _ seconds: Double, forward: Bool) -> Double {
        model.reachProbability(
          distance, within: seconds, phase: phase, isForward: forward, screen: 1000,
          glide: motion?.liftedNow())
      }
      let low = Double(span.lowerBound - viewport.upperBound)
      let high = Double(span.upperBound - viewport.lowerBound)
      let expected =
        low >= 0
        ? max(0, reach(low, 8, forward: true) - reach(high, start, forward: true))
        : high <= 0
          ? max(0, reach(-high, 8, forward: false) - reach(-low, start, forward: false))
          : max(0, 1 - reach(high, start, forward: true) - reach(-low, start, forward: false))
      #expect(abs(course.chances(span, by: start).after - expected) < 1e-12)
      #expect(abs(course.exposure(span, after: 0, until: start).seenAfter - expected) < 1e-12)
      // Being seen after a time is never likelier than being seen at all.
      #expect(course.chances(span, by: start).after <= course.chances(span, by: 8).before + 1e-12)
    }
  }

  @Test(
    "whether an item is worth a look is the chances weighed, the one after worked out lazily",
    arguments: [
      AxisSpan(4100, 4200), AxisSpan(5200, 5400), AxisSpan(9000, 9300), AxisSpan(2700, 2900),
      AxisSpan(1000, 1100),
    ])
  func isWorthWeighsTheChances(span: AxisSpan) throws {
    let model = reader()
    for (_, _, course) in try courses(of: model) {
      for time in [0.3, 1.5, 6.0] {
        let chances = course.chances(span, by: time)
        for (gain, cost) in [(1.0, 1.0), (100.0, 1.0), (1.0, 100.0), (5.0, 0.5), (0.0, 1.0)] {
          #expect(
            course.isWorth(span, seenBy: time, gain: gain, cost: cost)
              == (gain * chances.before > cost * (1 - chances.after)))
        }
      }
    }
  }
}
