import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

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
  /// The range mode the list is in (`RangeModeState`), when the driver tracks it:
  /// ``RangeMode/visibleOnly`` and ``RangeMode/lowMemory`` after a memory warning or in
  /// the background. `nil` leaves the choice to the policy (`TexturePolicy` then
  /// follows its own `RangeModeState`).
  public var rangeMode: RangeMode?

  /// Creates an input.
  ///
  /// - Parameters:
  ///   - time: The current time, since the driver's epoch.
  ///   - layout: The list's geometry.
  ///   - viewport: The visible rectangle, in content coordinates.
  ///   - tracker: The scroll tracker, already fed with this frame's offset.
  ///   - rangeMode: The list's range mode, when the driver tracks it.
  public init(
    time: Duration, layout: Layout, viewport: CGRect, tracker: ScrollTracker,
    rangeMode: RangeMode? = nil
  ) {
    self.time = time
    self.layout = layout
    self.viewport = viewport
    self.tracker = tracker
    self.rangeMode = rangeMode
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
  /// Whether a local tier below memory (a disk cache) holds an item's resource, so that
  /// loading it costs no network bytes and about a disk read's time.
  func isStoredLocally(_ item: Int) -> Bool
}

extension LoadStatus {
  /// `false`: no tier below memory.
  public func isStoredLocally(_ item: Int) -> Bool { false }
}

/// A ``LoadStatus`` built from closures, for the package's drivers and tests.
package struct ClosureLoadStatus: LoadStatus {
  private let ready: (Int) -> Bool
  private let loading: (Int) -> Bool
  private let stored: (Int) -> Bool
  /// Whether a page of the list is being requested or transferred.
  package let isPageLoading: Bool

  /// Creates a status.
  ///
  /// - Parameters:
  ///   - isPageLoading: Whether a page request is under way.
  ///   - isReady: Whether an item's resource is cached.
  ///   - isLoading: Whether an item's resource is being transferred.
  ///   - isStoredLocally: Whether a local tier below memory holds an item's resource.
  package init(
    isPageLoading: Bool = false, isReady: @escaping (Int) -> Bool = { _ in false },
    isLoading: @escaping (Int) -> Bool = { _ in false },
    isStoredLocally: @escaping (Int) -> Bool = { _ in false }
  ) {
    self.isPageLoading = isPageLoading
    self.ready = isReady
    self.loading = isLoading
    self.stored = isStoredLocally
  }

  /// Whether an item's resource is cached.
  package func isReady(_ item: Int) -> Bool { ready(item) }
  /// Whether an item's resource is being transferred.
  package func isLoading(_ item: Int) -> Bool { loading(item) }
  /// Whether a local tier below memory holds an item's resource.
  package func isStoredLocally(_ item: Int) -> Bool { stored(item) }
}

/// Decides, frame by frame, which items' resources should be loading.
///
/// A policy is a pure state machine: it takes a ``PolicyInput`` and answers with
/// the complete set of items it wants now. A driver diffs consecutive answers with
/// ``WantedSet`` and turns them into `want`/`unwant` events of a `LoadQueue`;
/// items that leave the answer are cancelled unless someone else wants them. The list
/// preloader (`ListPreloaderStateMachine`) is such a driver.
///
/// Answers are written into a buffer the driver owns and reuses, so that a frame whose
/// answer did not change allocates nothing.
public protocol ItemPolicy: Sendable {
  /// Appends the items wanted after this frame to `requests`.
  ///
  /// - Parameters:
  ///   - input: The frame's time, geometry, viewport and tracker.
  ///   - status: What is cached and what is loading, so that policies which keep
  ///     requests alive until they finish can let them go, and so that prefetching
  ///     can wait for what is on screen.
  ///   - requests: An empty buffer (with capacity left from earlier frames) that
  ///     receives the wanted items, each item at most once.
  mutating func wantedItems<Layout: ItemLayout>(
    for input: PolicyInput<Layout>, status: some LoadStatus, into requests: inout [PreloadRequest]
  )

  /// A network load finished; adaptive policies learn the latency and the bandwidth.
  /// Drivers report network loads only: a memory or disk hit says nothing about the
  /// network. The default does nothing.
  ///
  /// - Parameters:
  ///   - latency: The time from the start of the request to its last byte.
  ///   - bytes: The size of the resource.
  mutating func loadDidFinish(latency: Duration, bytes: Int)

  /// A page of the list arrived over the network. Before any resource has loaded, its
  /// latency is the first word on how slow the link is; adaptive policies read it. The
  /// default does nothing.
  ///
  /// - Parameter latency: The time from the page request to its arrival.
  mutating func pageDidLoad(latency: Duration)

  /// The user began dragging the list (forward `scrollViewWillBeginDragging`). Texture
  /// widens its ranges on the first drag; the default does nothing.
  mutating func userDidBeginDragging()

  /// The list's items moved: items were inserted or removed before others (a
  /// pull-to-refresh, a merge). Policies that remember items by position map them
  /// through `changes`; the default does nothing. Appending at the end needs no call.
  ///
  /// - Parameter changes: How positions changed.
  mutating func listDidChange(_ changes: ListIndexChanges)
}

extension ItemPolicy {
  /// Does nothing.
  public mutating func loadDidFinish(latency: Duration, bytes: Int) {}

  /// Does nothing.
  public mutating func pageDidLoad(latency: Duration) {}

  /// Does nothing.
  public mutating func userDidBeginDragging() {}

  /// Does nothing.
  public mutating func listDidChange(_ changes: ListIndexChanges) {}

  /// The items wanted after this frame, as a new array (see
  /// ``wantedItems(for:status:into:)``, which reuses a buffer).
  ///
  /// - Parameters:
  ///   - input: The frame's time, geometry, viewport and tracker.
  ///   - status: What is cached and what is loading.
  /// - Returns: The wanted items; each item at most once.
  public mutating func wantedItems<Layout: ItemLayout>(
    for input: PolicyInput<Layout>, status: some LoadStatus
  ) -> [PreloadRequest] {
    var requests: [PreloadRequest] = []
    wantedItems(for: input, status: status, into: &requests)
    return requests
  }
}
