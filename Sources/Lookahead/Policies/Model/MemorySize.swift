/// How many resources the memory holds, learned from evictions of items near the
/// viewport: when an item that was in memory on the previous frame no longer is, the
/// memory was full, holding at least the resources near the viewport then in it. The
/// largest such count is the best lower bound.
///
/// A value type; confine it to one thread. Once its buffers have grown, a frame allocates
/// nothing.
struct MemorySize: Sendable {
  /// How many resources the memory holds at least; `nil` until the first eviction.
  private(set) var items: Int?
  /// The items near the viewport that were in memory on the previous frame.
  private var wasReady: [Int] = []
  /// Scratch: the items in memory on this frame.
  private var isReadyNow: [Int] = []

  /// Records which of the items near the viewport, `range`, are in memory on this frame.
  mutating func observe(range: Range<Int>, status: some LoadStatus) {
    isReadyNow.removeAll(keepingCapacity: true)
    for index in range where status.isReady(index) { isReadyNow.append(index) }
    let evicted = wasReady.contains { range.contains($0) && !status.isReady($0) }
    if evicted { items = Swift.max(items ?? 1, wasReady.count) }
    swap(&wasReady, &isReadyNow)
  }

  /// Forgets what was in memory on the last frame: the items moved, and positions
  /// compared across the move mean nothing.
  mutating func itemsMoved() {
    wasReady.removeAll(keepingCapacity: true)
  }
}
