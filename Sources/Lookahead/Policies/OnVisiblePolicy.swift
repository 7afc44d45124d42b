/// Loads an item's resource when the item becomes visible and cancels it when the
/// item leaves the screen — what a plain cell does in `cellForItemAt` and
/// `prepareForReuse`. The baseline of `infinite-scroll`, `threshold` and
/// `dynamic-threshold`.
struct OnVisiblePolicy: ItemPolicy {

  /// The visible items at ``LoadPriority/visible``, in layout order.
  ///
  /// The order is the item's position in the layout, not its place on screen: both rank
  /// the visible items alike, but a position does not change while the list scrolls, so
  /// an item that stays on screen is not re-ordered on every frame.
  mutating func wantedItems<Layout: ItemLayout>(
    for input: PolicyInput<Layout>, status: some LoadStatus, into requests: inout [PreloadRequest]
  ) {
    for item in input.visibleItems {
      requests.append(PreloadRequest(item: item, priority: .visible, order: Double(item)))
    }
  }
}
