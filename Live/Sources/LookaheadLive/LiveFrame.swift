import LookaheadSimulation

/// What the app showed in one frame of a live run, read right after the frame's scroll
/// sample: the field's counterpart of the simulator's ``FrameRecord``.
///
/// Items are named by id; in a live run positions and ids coincide, because pages only
/// ever append.
///
/// A value type; thread-safe.
public struct LiveFrame: Sendable, Hashable {
  /// The trace sample's time, in the world's time.
  public var time: Milliseconds
  /// When the frame was actually measured, in the world's time (later than ``time`` when
  /// the replay fell behind).
  public var measuredAt: Milliseconds
  /// The content offset.
  public var offset: Double
  /// The loaded items overlapping the viewport.
  public var visible: Range<Int>
  /// The visible items whose image was not in memory.
  public var blank: [Int]
  /// How many items are loaded.
  public var loadedItemCount: Int
  /// How many loads and page requests were running.
  public var running: Int
  /// The items whose images the strategy wanted after deciding, by ascending item.
  public var wanted: [Int]

  /// Creates a frame record.
  public init(
    time: Milliseconds, measuredAt: Milliseconds, offset: Double, visible: Range<Int>,
    blank: [Int], loadedItemCount: Int, running: Int, wanted: [Int]
  ) {
    self.time = time
    self.measuredAt = measuredAt
    self.offset = offset
    self.visible = visible
    self.blank = blank
    self.loadedItemCount = loadedItemCount
    self.running = running
    self.wanted = wanted
  }
}

/// One maximal run of frames in which an item was visible.
///
/// A value type; thread-safe.
public struct LiveAppearance: Sendable, Hashable {
  /// The item.
  public var item: Int
  /// The first frame's time.
  public var start: Milliseconds
  /// The time of the first frame it was no longer visible, or of the last frame.
  public var end: Milliseconds
  /// Whether its image was in memory in at least one of its frames.
  public var showedImage: Bool

  /// How long the appearance lasted.
  public var duration: Milliseconds { end - start }

  /// The appearances of `frames`, in order of their start.
  ///
  /// - Complexity: O(*f* · *v*) for *f* frames of *v* visible items.
  public static func appearances(in frames: [LiveFrame]) -> [LiveAppearance] {
    var open: [Int: LiveAppearance] = [:]
    var closed: [LiveAppearance] = []
    for frame in frames {
      let blank = Set(frame.blank)
      for (item, appearance) in open where !frame.visible.contains(item) {
        var ended = appearance
        ended.end = frame.time
        closed.append(ended)
        open[item] = nil
      }
      for item in frame.visible {
        let shows = !blank.contains(item)
        if var appearance = open[item] {
          appearance.showedImage = appearance.showedImage || shows
          appearance.end = frame.time
          open[item] = appearance
        } else {
          open[item] = LiveAppearance(
            item: item, start: frame.time, end: frame.time, showedImage: shows)
        }
      }
    }
    closed.append(contentsOf: open.values)
    return closed.sorted { ($0.start, $0.item) < ($1.start, $1.item) }
  }
}
