import Foundation
import Testing

@testable import Lookahead

@Suite("RecentMotion") struct RecentMotionTests {
  @Test("top speeds and the longest stroke fade with the half life")
  func topSpeedsAndTheLongestStrokeFadeWithTheHalfLife() {
    var motion = RecentMotion(halfLife: .seconds(2))
    motion.observe(velocity: 1000, time: .zero, isMoving: true, offset: 0)
    motion.observe(velocity: 800, time: .seconds(1), isMoving: true, offset: 600)
    motion.observe(velocity: -200, time: .seconds(3), isMoving: true, offset: 500)
    // 1,000 pt/s faded over 1 s is below 800 pt/s, which then fades over 2 s; the
    // other way, 200 pt/s.
    #expect(abs(motion.peaks[0] - 400) < 1e-9)
    #expect(motion.peaks[1] == 200)
    // The stroke that began at 0 reached 600 points, faded to 300 over 2 s; it now
    // stands 500 points from its start.
    #expect(abs(motion.longestStroke - 500) < 1e-9)
    #expect(motion.idleSince == nil)
    #expect(motion.lastTime == .seconds(3))
  }

  @Test("a rest starts when the motion stops and ends the stroke")
  func aRestStartsWhenTheMotionStopsAndEndsTheStroke() {
    var motion = RecentMotion(halfLife: .seconds(4))
    motion.observe(velocity: 500, time: .zero, isMoving: true, offset: 0)
    motion.observe(velocity: 500, time: .seconds(0.8), isMoving: true, offset: 400)
    #expect(motion.longestStroke == 400)
    motion.observe(velocity: 0, time: .seconds(1), isMoving: false, offset: 400)
    motion.observe(velocity: 0, time: .seconds(2), isMoving: false, offset: 400)
    #expect(motion.idleSince == .seconds(1))
    // A new stroke measures from where it starts (400), not from the last one's start:
    // 50 points, below the faded 400.
    motion.observe(velocity: 500, time: .seconds(2.8), isMoving: true, offset: 400)
    motion.observe(velocity: 500, time: .seconds(4.8), isMoving: true, offset: 450)
    #expect(motion.idleSince == nil)
    #expect(abs(motion.longestStroke - 400 * pow(0.5, 1)) < 1e-9)
  }

  @Test("the viewport stands still only once time has passed where it stood")
  func theViewportStandsStillOnlyOnceTimeHasPassedWhereItStood() {
    var motion = RecentMotion(halfLife: .seconds(4))
    let first = motion.standsStill(at: 100, now: .milliseconds(16))
    // A second decision within the same frame: no time has passed at rest.
    let sameFrame = motion.standsStill(at: 100, now: .milliseconds(16))
    let nextFrame = motion.standsStill(at: 100, now: .milliseconds(33))
    let moved = motion.standsStill(at: 120, now: .milliseconds(50))
    #expect(!first)
    #expect(!sameFrame)
    #expect(nextFrame)
    #expect(!moved)
  }
}
