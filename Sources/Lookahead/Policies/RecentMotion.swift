import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// What the adaptive policy remembers of the viewport's recent motion: the top speed
/// each way and the longest stroke, both fading with a half-life; since when the
/// viewport rests; and where it stood at the last decision.
///
/// Updated once per decision with the scroll tracker's velocity and the viewport's
/// leading offset along the axis.
///
/// A value type; confine it to one thread.
struct RecentMotion: Sendable {
  /// How fast the top speeds and the longest stroke fade.
  let halfLife: Duration
  /// Recent top speeds toward larger offsets (index 0) and smaller ones (index 1), in
  /// points per second.
  private(set) var peaks = [0.0, 0.0]
  /// The recent longest stroke (a stretch of motion between rests), in points.
  private(set) var longestStroke = 0.0
  /// When the viewport came to rest; `nil` while it moves.
  private(set) var idleSince: Duration?
  /// The time of the last update; `nil` before the first.
  private(set) var lastTime: Duration?
  /// Where the current stroke began.
  private var strokeStart: Double?
  /// Where the viewport started at the last decision, and since when it has started
  /// there; read by ``standsStill(at:now:)``.
  private var stillStart: (offset: CGFloat, since: Duration)?

  /// Creates a memory with nothing seen yet.
  init(halfLife: Duration) {
    self.halfLife = halfLife
  }

  /// Records a decision at `time`: the tracker's `velocity` along the axis, whether it
  /// counts as moving, and the viewport's leading `offset`.
  mutating func observe(velocity: Double, time: Duration, isMoving: Bool, offset: Double) {
    let side = velocity >= 0 ? 0 : 1
    if let lastTime, time > lastTime {
      let keep = pow(0.5, (time - lastTime).ratio(to: halfLife))
      peaks[0] *= keep
      peaks[1] *= keep
      longestStroke *= keep
    }
    peaks[side] = Swift.max(peaks[side], abs(velocity))
    lastTime = time
    if isMoving {
      idleSince = nil
      let start = strokeStart ?? offset
      strokeStart = start
      longestStroke = Swift.max(longestStroke, abs(offset - start))
    } else if idleSince == nil {
      strokeStart = nil
      idleSince = time
    }
  }

  /// Whether the viewport starts at `offset`, as it already did at an earlier decision:
  /// it has not moved for a while, whatever the scroll tracker's velocity fit says.
  ///
  /// A decision at the same time as the one that first saw the offset (a second
  /// decision within a frame) does not count: no time has passed at rest.
  mutating func standsStill(at offset: CGFloat, now: Duration) -> Bool {
    guard let stillStart, stillStart.offset == offset else {
      stillStart = (offset, now)
      return false
    }
    return now > stillStart.since
  }

  /// The list changed under the viewport: the current stroke starts over.
  mutating func listDidChange() {
    strokeStart = nil
  }
}
