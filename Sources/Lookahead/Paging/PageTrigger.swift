import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// When to ask the backend for the next page at the tail of a list.
///
/// A trigger is a pure decision over the list's geometry and motion. It does not know
/// whether a request is already in flight: the list preloader's pager owns that, and it
/// adds the guards that stop repeated fetches (one request at a time, new content
/// between fetches, exhaustion).
///
/// | trigger | fires when |
/// |---|---|
/// | ``infiniteScroll`` | the viewport reaches the end of the loaded content |
/// | ``threshold(_:)`` | `(offset + viewportLength) / contentLength ≥ ratio` |
/// | ``dynamicThreshold(_:)`` | the same fraction reaches `ratio` of the *newest* page |
/// | ``leadingScreens(_:)`` | Texture's batch-fetch rule: the end is within n screens |
/// | ``remainingTime(expectedLatency:margin:)`` | the end is closer in time than a page load |
/// | ``adaptive(expectedLatency:margin:minimumScreens:)`` | remaining time, or the end within a few screens |
///
/// ```swift
/// let strategy = PreloadStrategy(
///   id: "my-feed", paging: .trigger(.dynamicThreshold(0.7)), policy: myItemPolicy)
/// ```
///
/// Thread-safety: a value type; safe to share.
public enum PageTrigger: Sendable, Hashable {
  /// Fetch only when the viewport's trailing edge reaches the end of the loaded
  /// content. The plain baseline: the user always waits for the page.
  case infiniteScroll
  /// Fetch when `(offset + viewportLength) / contentLength ≥ ratio` over the whole
  /// content.
  ///
  /// The flaw: as pages accumulate, a fixed fraction of the whole content lies
  /// further and further before the newest page. With 10-item pages and a ratio of
  /// 0.7 it fires at item 7 of page 1, item 4 of page 2, item 1 of page 3, and from
  /// page 4 on before the newest page is even reached. Prefer
  /// ``dynamicThreshold(_:)``.
  case threshold(Double)
  /// Fetch when the user has read `ratio` of the newest page.
  ///
  /// With `currentPage` the zero-based index of the newest page
  /// (`(loadedItemCount − 1) / pageSize`), the trigger fraction is
  /// `needRead / total` with `needRead = pageSize·ratio + currentPage·pageSize` and
  /// `total = pageSize·(currentPage + 1)`. With 10-item pages and 0.7 it always fires
  /// at item 7 of the newest page. Assumes items of similar length.
  case dynamicThreshold(Double)
  /// Fetch by Texture's batch-fetch rule with `leadingScreens` screenfuls (Texture's
  /// default is 2): when the end of the content is within `n` viewport lengths while
  /// moving toward the tail and the list is visible, or whenever the content is
  /// shorter than the viewport.
  ///
  /// This is exactly Texture's batch-fetch decision with a completed batch context
  /// (docs/DESIGN.md, "Texture conformance"); `PagerStateMachine` adds the guards Texture lacks (no refetch without new
  /// content, recovery after a failure).
  case leadingScreens(Double)
  /// Fetch when the predicted time until the viewport reaches the end of the content,
  /// at the current velocity, is less than `expectedLatency + margin`.
  ///
  /// Sizes the lead by time rather than distance: a fling asks early, a slow read
  /// asks late. When the end is already on screen it always fires; at rest or while
  /// moving toward the head it fires only then.
  case remainingTime(expectedLatency: Duration, margin: Duration)
  /// Fetch when ``remainingTime(expectedLatency:margin:)`` fires, or when the end of
  /// the content is within `minimumScreens` viewport lengths whatever the velocity —
  /// the adaptive strategy's trigger: a fling asks early, and a fling that starts
  /// from rest near the end does not find the next page missing. Pages are small, so
  /// the floor costs little.
  case adaptive(expectedLatency: Duration, margin: Duration, minimumScreens: Double)

  /// Decides whether the next page should be requested now.
  ///
  /// - Parameter input: The current geometry and motion of the list.
  /// - Returns: `true` if the next page is needed.
  /// - Complexity: O(1).
  package func shouldFetch(_ input: PageTriggerInput) -> Bool {
    switch self {
    case .infiniteScroll:
      return input.remainingLength <= 0
    case .threshold(let ratio):
      return Double(input.readFraction) >= ratio - Self.tolerance
    case .dynamicThreshold(let ratio):
      let fraction = Self.dynamicRatio(
        ratio, loadedItemCount: input.loadedItemCount, pageSize: input.pageSize)
      return Double(input.readFraction) >= fraction - Self.tolerance
    case .leadingScreens(let screens):
      return input.batchFetchInput(leadingScreens: CGFloat(screens))
        .textureShouldFetch(context: .completed)
    case .remainingTime(let latency, let margin):
      let remaining = Double(input.remainingLength)
      if remaining <= 0 { return true }
      let velocity = Double(input.velocity)
      guard velocity > 0, !input.isMovingTowardHead else { return false }
      return remaining / velocity < (latency + margin).ratio(to: .seconds(1))
    case .adaptive(let latency, let margin, let screens):
      if Double(input.remainingLength) <= screens * Double(input.viewportLength) { return true }
      return Self.remainingTime(expectedLatency: latency, margin: margin).shouldFetch(input)
    }
  }

  /// Absorbs rounding so that a fraction that is 0.7 on paper (1400 / 2000) fires.
  private static let tolerance = 1e-9

  /// The whole-content fraction at which ``dynamicThreshold(_:)`` fires.
  ///
  /// - Parameters:
  ///   - ratio: The fraction of the newest page to read before fetching.
  ///   - loadedItemCount: How many items are loaded.
  ///   - pageSize: How many items a full page holds; must be > 0.
  /// - Returns: `needRead / total` as defined in ``dynamicThreshold(_:)``.
  /// - Complexity: O(1).
  package static func dynamicRatio(_ ratio: Double, loadedItemCount: Int, pageSize: Int) -> Double {
    precondition(pageSize > 0, "pageSize must be positive, got \(pageSize)")
    let currentPage = Double(max(0, loadedItemCount - 1) / pageSize)
    let size = Double(pageSize)
    let needRead = size * ratio + currentPage * size
    let total = size * (currentPage + 1)
    return needRead / total
  }
}
