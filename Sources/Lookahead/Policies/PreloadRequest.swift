import Foundation

/// One item a policy wants loaded, with how urgently.
public struct PreloadRequest: Sendable, Hashable, CustomStringConvertible {
  /// The item's flat index in the layout.
  public var item: Int
  /// The priority class of the load.
  public var priority: LoadPriority
  /// The position inside the priority class; smaller loads sooner (a distance in
  /// points, or a deadline in seconds).
  public var order: Double

  /// Creates a request.
  public init(item: Int, priority: LoadPriority, order: Double) {
    self.item = item
    self.priority = priority
    self.order = order
  }

  /// A textual form such as `12 visible@0.0`.
  public var description: String { "\(item) \(priority)@\(order)" }
}

/// What a policy sees on each frame: the time, the geometry, the viewport and the
/// scroll tracker's view of the user's gesture.
public struct PolicyInput<Layout: ItemLayout>: Sendable {
  /// The current time, since the driver's epoch.
  public var time: Duration
  /// The list's geometry.
  public var layout: Layout
  /// The visible rectangle, in content coordinates.
  public var viewport: CGRect
  /// The scroll tracker, already fed with this frame's offset.
  public var tracker: ScrollTracker

  /// Creates an input.
  public init(time: Duration, layout: Layout, viewport: CGRect, tracker: ScrollTracker) {
    self.time = time
    self.layout = layout
    self.viewport = viewport
    self.tracker = tracker
  }

  /// The viewport's extent along the layout's axis.
  public var viewportSpan: AxisSpan { layout.axis.span(of: viewport) }

  /// The items overlapping the viewport.
  public var visibleItems: Range<Int> { layout.items(overlapping: viewportSpan) }

  /// The largest valid content offset, for clamping projections.
  public var maximumOffset: CGPoint {
    let size = layout.contentSize
    return CGPoint(
      x: Swift.max(0, size.width - viewport.width), y: Swift.max(0, size.height - viewport.height))
  }

  /// The distance in points between an item and the viewport along the axis; zero
  /// when they overlap or touch.
  public func distanceToViewport(ofItem item: Int) -> Double {
    Double(layout.span(ofItem: item).distance(to: viewportSpan))
  }
}

/// Decides, frame by frame, which items' resources should be loading.
///
/// A policy is a pure state machine: it takes a ``PolicyInput`` and answers with
/// the complete set of items it wants now. A driver diffs consecutive answers with
/// ``WantedSet`` and turns them into `want`/`unwant` events of a ``LoadQueue``;
/// items that leave the answer are cancelled unless someone else wants them.
public protocol ItemPolicy: Sendable {
  /// The items wanted after this frame.
  ///
  /// - Parameters:
  ///   - input: The frame's time, geometry, viewport and tracker.
  ///   - isReady: Whether an item's resource is already available (cached), so that
  ///     policies which keep requests alive until they finish can let them go.
  /// - Returns: The wanted items; each item at most once.
  mutating func wantedItems<Layout: ItemLayout>(
    for input: PolicyInput<Layout>, isReady: (Int) -> Bool
  ) -> [PreloadRequest]
}
