/// Loads an item's resource when the item becomes visible and cancels it when the
/// item leaves the screen — what a plain cell does in `cellForItemAt` and
/// `prepareForReuse`. The baseline of `infinite-scroll`, `threshold` and
/// `dynamic-threshold`.
public struct OnVisiblePolicy: ItemPolicy {
  /// Creates the policy.
  public init() {}

  /// The visible items at ``LoadPriority/visible``, in layout order.
  public mutating func wantedItems<Layout: ItemLayout>(
    for input: PolicyInput<Layout>, status: some LoadStatus, into requests: inout [PreloadRequest]
  ) {
    let visible = input.visibleItems
    for item in visible {
      requests.append(
        PreloadRequest(item: item, priority: .visible, order: Double(item - visible.lowerBound)))
    }
  }
}
