import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// The settings of a list preloader that do not change while it runs.
///
/// A value type; thread-safe.
public struct ListPreloaderConfiguration: Sendable {
  /// The size of the visible area, in points.
  public var viewportSize: CGSize
  /// The empty geometry the list starts with: a list of items with their own lengths
  /// (``ListGeometry/list(axis:crossLength:)``, the default, as wide as the viewport) or
  /// a grid.
  public var geometry: ListGeometry
  /// How many items a full page holds; the dynamic-threshold trigger measures the
  /// newest page with it. 20 by default.
  public var pageSize: Int
  /// The load queue's concurrency cap, rate limit, retries and preemption.
  public var loadQueue: LoadQueueConfiguration
  /// How failed tail pages are retried.
  public var pagerRetryPolicy: PagerRetryPolicy
  /// The ranges behind interface-state transitions (preload, display, visible) and the
  /// prefetch calls in UIKit's shape; `nil` turns both off (the simulator does).
  /// Texture's tuning by default.
  public var interfaceStateTuning: RangeTuningTable?
  /// The scroll view's deceleration rate, for projecting where a fling lands.
  public var decelerationRate: DecelerationRate

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - viewportSize: The size of the visible area; finite and non-negative.
  ///   - geometry: The empty geometry; a vertical list as wide as the viewport unless
  ///     given.
  ///   - pageSize: Items per full page; at least 1.
  ///   - loadQueue: The load queue's settings.
  ///   - pagerRetryPolicy: How failed tail pages are retried.
  ///   - interfaceStateTuning: The ranges of interface states, or `nil` for none.
  ///   - decelerationRate: The scroll view's deceleration rate.
  public init(
    viewportSize: CGSize,
    geometry: ListGeometry? = nil,
    pageSize: Int = 20,
    loadQueue: LoadQueueConfiguration = LoadQueueConfiguration(),
    pagerRetryPolicy: PagerRetryPolicy = PagerRetryPolicy(),
    interfaceStateTuning: RangeTuningTable? = .texture,
    decelerationRate: DecelerationRate = .normal
  ) {
    precondition(
      viewportSize.width.isFinite && viewportSize.height.isFinite && viewportSize.width >= 0
        && viewportSize.height >= 0,
      "viewportSize must be finite and non-negative, got \(viewportSize)")
    precondition(pageSize >= 1, "pageSize must be at least 1, got \(pageSize)")
    let geometry = geometry ?? .list(crossLength: viewportSize.width)
    precondition(geometry.itemCount == 0, "the initial geometry must be empty")
    self.viewportSize = viewportSize
    self.geometry = geometry
    self.pageSize = pageSize
    self.loadQueue = loadQueue
    self.pagerRetryPolicy = pagerRetryPolicy
    self.interfaceStateTuning = interfaceStateTuning
    self.decelerationRate = decelerationRate
  }
}
