import Foundation

/// How directly the viewport has travelled lately: the net distance it moved over the
/// total distance it moved, both fading with a half-life.
///
/// Near 1 for a user who keeps scrolling one way, near 0 for one who goes back and
/// forth over the same items; 1 before anything moved. Updated once per frame with
/// the viewport's offset.
///
/// A value type; confine it to one thread.
struct TravelDirectness: Sendable, Hashable {
  /// How fast older motion fades, in seconds.
  let halfLife: Double
  /// The faded total distance moved, in points.
  private(set) var travel = 0.0
  /// The faded signed distance moved, in points.
  private(set) var net = 0.0
  private var lastTime: Double?
  private var lastOffset: Double?

  /// Creates a directness of 1, with nothing moved yet.
  ///
  /// - Precondition: `halfLife` is positive.
  init(halfLife: Duration) {
    precondition(halfLife > .zero, "halfLife must be positive")
    self.halfLife = halfLife.inSeconds
  }

  /// The net distance over the total one, in `0...1`; 1 while less than a point has
  /// been moved.
  var value: Double {
    travel >= 1 ? Swift.min(1, abs(net) / travel) : 1
  }

  /// Records the frame at `time` (in seconds; a frame reads its time in seconds once,
  /// since converting a `Duration` is 128-bit arithmetic) with the viewport's leading
  /// offset along the axis.
  mutating func observe(time: Double, offset: Double) {
    if let lastTime, time > lastTime {
      let keep = exp2((lastTime - time) / halfLife)
      travel *= keep
      net *= keep
    }
    if let lastOffset {
      travel += abs(offset - lastOffset)
      net += offset - lastOffset
    }
    lastTime = time
    lastOffset = offset
  }

  /// Forgets the last offset, so that the next frame adds no motion: after a change
  /// to the list, the content may have moved under the viewport without the user.
  mutating func contentMoved() {
    lastOffset = nil
  }
}
