import Lookahead

/// What happened in one frame of a run: the per-frame data behind the metrics, for
/// finding out *why* a strategy shows blank cells.
public struct FrameRecord: Sendable, Hashable {
  /// The frame's time.
  public var time: Milliseconds
  /// The content offset.
  public var offset: Double
  /// The tracker's velocity along the axis, in points per second.
  public var velocity: Double
  /// The tracker's phase.
  public var phase: ScrollPhase
  /// The loaded items overlapping the viewport.
  public var visible: Range<Int>
  /// The visible items whose image was not ready.
  public var blank: [Int]
  /// How many items are loaded (pages × page size).
  public var loadedItemCount: Int
  /// How many image loads hold a connection or wait for one.
  public var imagesInFlight: Int
  /// The items the policy wanted after deciding, by ascending item.
  public var wanted: [Int]
}
