/// Loads the resources of visible items only while scrolling has stopped, and
/// never cancels a load it started (Apple's LazyTableImages sample, and the run
/// loop's tracking mode).
///
/// Scrolling has stopped when the tracker is ``ScrollPhase/idle``: the drag ended
/// without deceleration, or the deceleration ended. A started request stays wanted
/// until its resource is ready, even after its item scrolled away; such leftovers
/// drop to ``LoadPriority/preload`` so that what is on screen goes first.
public struct PauseWhileScrollingPolicy: ItemPolicy {
  /// Items requested and not ready yet, with the time they were requested.
  private var started: [Int: Double] = [:]
  private var sequence = 0.0

  /// Creates the policy.
  public init() {}

  /// The visible items while idle, plus every earlier request that is not ready yet.
  public mutating func wantedItems<Layout: ItemLayout>(
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
      requests.append(
        PreloadRequest(
          item: item, priority: visible.contains(item) ? .visible : .preload,
          order: started[item] ?? 0))
    }
  }

  /// Keeps the started requests on the same items when positions change.
  public mutating func listDidChange(_ changes: ListIndexChanges) {
    var moved: [Int: Double] = [:]
    for (item, order) in started where item < changes.oldCount {
      if let new = changes.newIndex(ofOldIndex: item) { moved[new] = order }
    }
    started = moved
  }
}
