import Foundation
import Testing

@_spi(Machines) @testable import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// The state machine passes its readiness's local tier to the strategy.
@Suite("ListPreloader and the local tier") struct ListPreloaderLocalTierTests {
  /// Jumps back from 40,000 to 34,000 points at 40,000 pt/s, the items on screen on the
  /// way stored locally (each load finishes within its frame, as a disk read does) and,
  /// when `isAheadStored`, the items past the jump's end too; returns the keys that
  /// started loading during the jump.
  private func keysStartedDuringAJump(isAheadStored: Bool) -> Set<String> {
    var harness = MachineHarness(strategy: .adaptive)
    harness.start()
    // Newest first: the post at position p has id 999 − p.
    harness.answerPage(Array((0..<1000).reversed()), next: nil, hasMore: false)
    // At rest at 40,000 points, the screen shown; the loads the lead starts finish once.
    harness.cached = Set((400..<410).map(key(atPosition:)))
    harness.scroll(to: 40_000)
    for key in harness.running.keys { harness.finish(key) }
    let onTheWay = isAheadStored ? 300..<410 : 340..<410
    harness.stored = Set(onTheWay.map(key(atPosition:)))
    var started: Set<String> = []
    func note(_ actions: [MachineHarness.Action]) {
      for case .startLoad(let key, _, _) in actions { started.insert(key) }
    }
    for frame in 1...9 {
      note(
        harness.scroll(
          to: 40_000 - 40_000 * CGFloat(frame) / 60, after: .microseconds(16_667)))
      // Disk reads finish within the frame, each freeing its connection for the next.
      while let key = harness.running.keys.min() {
        note(harness.finish(key, bytes: 0, source: .disk))
      }
    }
    return started
  }

  private func key(atPosition position: Int) -> String { MachineHarness.key(999 - position) }

  @Test("a jump loads the images stored locally ahead of it")
  func aJumpLoadsTheImagesStoredLocallyAheadOfIt() {
    let ahead = Set((300..<340).map(key(atPosition:)))
    #expect(keysStartedDuringAJump(isAheadStored: false).isDisjoint(with: ahead))
    #expect(!keysStartedDuringAJump(isAheadStored: true).isDisjoint(with: ahead))
  }
}
