/// Loads the resources of visible items only while scrolling has stopped, and
/// never cancels a load it started (Apple's LazyTableImages sample, and the run
/// loop's tracking mode).
///
/// Scrolling has stopped when the tracker is ``ScrollPhase/idle``: the drag ended
/// without deceleration, or the deceleration ended. A request stays wanted until its
/// resource is ready, even after its item scrolled away, and every request is
/// ``LoadPriority/visible``: preemption takes only lower classes, so no visible request
/// or page ever cancels a load this strategy started (docs/DESIGN.md, "Precise
/// definitions"). Such a leftover is ordered after the items on screen
/// (their order is offset by 10¹⁵), so that what is on screen starts first when a connection
/// frees.
struct PauseWhileScrollingPolicy: ItemPolicy {
  /// Items requested and not ready yet, with the time they were requested.
  private var started: [Int: Double] = [:]
  private var sequence = 0.0

  /// Added to the order of a request whose item left the screen: larger than any
  /// request's sequence number, so leftovers start after the items on screen.
  package static let leftoverOrderOffset: Double = 1e15

  /// The visible items while idle, plus every earlier request that is not ready yet.
  mutating func wantedItems<Layout: ItemLayout>(
    for input: PolicyInput<Layout>, status: some LoadStatus, into requests: inout [PreloadRequest]
  ) {
    started = started.filter { !status.isReady($0.key) }
    let visible = input.visibleItems
    if input.tracker.phase == .idle {
      for item in visible where started[item] == nil && !status.isReady(item) {
        started[item] = sequence
        sequence += 1
      }
    }
    for item in started.keys.sorted() {
      let order = started[item] ?? 0
      requests.append(
        PreloadRequest(
          item: item, priority: .visible,
          order: visible.contains(item) ? order : order + Self.leftoverOrderOffset))
    }
  }

  /// Keeps the started requests on the same items when positions change.
  mutating func listDidChange(_ changes: ListIndexChanges) {
    var moved: [Int: Double] = [:]
    for (item, order) in started where item < changes.oldCount {
      if let new = changes.newIndex(ofOldIndex: item) { moved[new] = order }
    }
    started = moved
  }
}
