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

/// What a policy may know about loads already under way.
///
/// Drivers answer from their cache and load queue. Policies use it to let go of
/// requests that finished and to keep what is on screen ahead of prefetching.
public protocol LoadStatus {
  /// Whether an item's resource is available (cached).
  func isReady(_ item: Int) -> Bool
  /// Whether an item's resource is being transferred right now (started, not finished).
  func isLoading(_ item: Int) -> Bool
  /// Whether a page of the list is being requested or transferred.
  var isPageLoading: Bool { get }
}

/// A ``LoadStatus`` built from closures, for drivers and tests.
public struct ClosureLoadStatus: LoadStatus {
  private let ready: (Int) -> Bool
  private let loading: (Int) -> Bool
  /// Whether a page of the list is being requested or transferred.
  public let isPageLoading: Bool

  /// Creates a status.
  ///
  /// - Parameters:
  ///   - isPageLoading: Whether a page request is under way.
  ///   - isReady: Whether an item's resource is cached.
  ///   - isLoading: Whether an item's resource is being transferred.
  public init(
    isPageLoading: Bool = false, isReady: @escaping (Int) -> Bool = { _ in false },
    isLoading: @escaping (Int) -> Bool = { _ in false }
  ) {
    self.isPageLoading = isPageLoading
    self.ready = isReady
    self.loading = isLoading
  }

  /// Whether an item's resource is cached.
  public func isReady(_ item: Int) -> Bool { ready(item) }
  /// Whether an item's resource is being transferred.
  public func isLoading(_ item: Int) -> Bool { loading(item) }
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
  ///   - status: What is cached and what is loading, so that policies which keep
  ///     requests alive until they finish can let them go, and so that prefetching
  ///     can wait for what is on screen.
  /// - Returns: The wanted items; each item at most once.
  mutating func wantedItems<Layout: ItemLayout>(
    for input: PolicyInput<Layout>, status: some LoadStatus
  ) -> [PreloadRequest]

  /// A load finished; adaptive policies learn the latency. The default does nothing.
  ///
  /// - Parameters:
  ///   - item: The item whose resource arrived.
  ///   - latency: The time from the start of the transfer to its end.
  ///   - bytes: The size of the resource.
  mutating func loadDidFinish(item: Int, latency: Duration, bytes: Int)

  /// The user began dragging the list (forward `scrollViewWillBeginDragging`). Texture
  /// widens its ranges on the first drag; the default does nothing.
  mutating func userDidBeginDragging()
}

extension ItemPolicy {
  /// Does nothing.
  public mutating func loadDidFinish(item: Int, latency: Duration, bytes: Int) {}

  /// Does nothing.
  public mutating func userDidBeginDragging() {}
}
