/// Loads an item's resource when the item becomes visible and cancels it when the
/// item leaves the screen — what a plain cell does in `cellForItemAt` and
/// `prepareForReuse`. The baseline of `infinite-scroll`, `threshold` and
/// `dynamic-threshold`.
public struct OnVisiblePolicy: ItemPolicy {
  /// Creates the policy.
  public init() {}

  /// The visible items at ``LoadPriority/visible``, in layout order.
  public mutating func wantedItems<Layout: ItemLayout>(
    for input: PolicyInput<Layout>, status: some LoadStatus
  ) -> [PreloadRequest] {
    let visible = input.visibleItems
    return visible.map {
      PreloadRequest(item: $0, priority: .visible, order: Double($0 - visible.lowerBound))
    }
  }
}
