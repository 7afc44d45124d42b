import Foundation

/// Loads only where scrolling will stop: when a drag ends, the landing offset is
/// projected (``ScrollTracker/projectedLandingOffset(maximumOffset:)``) and the items
/// of the landing rectangle are requested; items flown over are never requested;
/// visible items load once scrolling is idle.
///
/// A new drag end replaces the landing set (its unstarted or unfinished requests
/// are withdrawn unless their items are visible and idle). While the finger is
/// down, nothing new is requested — the technique's known weakness on slow reads.
struct LazyTargetPolicy: ItemPolicy {
  private var landing: Range<Int> = 0..<0
  private var landingSpan = AxisSpan(0, 0)
  private var previousPhase: ScrollPhase = .idle

  /// The landing items of the last fling (while it lasts) and, when idle, the
  /// visible items.
  mutating func wantedItems<Layout: ItemLayout>(
    for input: PolicyInput<Layout>, status: some LoadStatus, into requests: inout [PreloadRequest]
  ) {
    let phase = input.tracker.phase
    defer { previousPhase = phase }
    if phase == .decelerating && previousPhase != .decelerating {
      let landingOffset = input.layout.axis.offset(
        of: input.tracker.projectedLandingOffset(maximumOffset: input.maximumOffset))
      let length = input.viewportSpan.length
      landingSpan = AxisSpan(landingOffset, landingOffset + length)
      landing = input.layout.items(overlapping: landingSpan)
    } else if phase == .idle {
      landing = 0..<0
    }
    if phase == .idle {
      let visible = input.visibleItems
      for item in visible {
        requests.append(
          PreloadRequest(item: item, priority: .visible, order: Double(item - visible.lowerBound)))
      }
    }
    for item in landing where !(phase == .idle && input.visibleItems.contains(item)) {
      let distance = Double(input.layout.span(ofItem: item).distance(to: landingSpan))
      requests.append(
        PreloadRequest(
          item: item, priority: .display, order: distance + Double(item - landing.lowerBound)))
    }
  }

  /// Keeps the landing set on the same items when positions change.
  mutating func listDidChange(_ changes: ListIndexChanges) {
    guard !landing.isEmpty else { return }
    var lower = Int.max
    var upper = Int.min
    for item in landing where item < changes.oldCount {
      guard let moved = changes.newIndex(ofOldIndex: item) else { continue }
      lower = Swift.min(lower, moved)
      upper = Swift.max(upper, moved + 1)
    }
    landing = lower < upper ? lower..<upper : 0..<0
  }
}
