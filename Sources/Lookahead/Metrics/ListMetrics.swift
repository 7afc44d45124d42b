import Foundation

/// The metrics of one scrolling session (docs/DESIGN.md, "Metrics", defined precisely in
/// "Precise definitions"): what the simulator reports for a run and what a
/// ``ListPreloader`` counts in the app, with the same definitions, so field numbers and
/// simulated ones compare directly.
///
/// Times are in milliseconds. Encodes to JSON with stable snake_case keys
/// (docs/DESIGN.md, "Metrics"); ``jsonData()`` sorts the keys so the same run always gives
/// the same bytes.
///
/// A value type; thread-safe.
public struct ListMetrics: Sendable, Equatable, Codable {
  /// Pairs (frame, item) where a loaded item overlaps the viewport.
  public var visibleItemFrames: Int

  /// Of those, the pairs whose image was not ready at that frame.
  public var blankItemFrames: Int

  /// `blankItemFrames / visibleItemFrames`, or 0 when nothing was visible.
  public var blankRate: Double

  /// Milliseconds during which the viewport reached the end of the loaded content (within
  /// a point) while the backend had more: the user waited for a page.
  public var stallMilliseconds: Double

  /// Bytes transferred: pages and images, including partial transfers of cancelled loads
  /// (in an app, those its loader reports: see ``LoadError/transferredBytes``).
  public var bytes: Int

  /// Partial bytes of cancelled transfers + completed images whose item was never visible +
  /// pages none of whose items was visible.
  public var wastedBytes: Int

  /// Network requests that started on a connection (cancelled and preempted included).
  public var requests: Int

  /// Started network requests that were cancelled.
  public var cancelled: Int

  /// Pages loaded.
  public var pages: Int

  /// The median time to content of appearances that started blank (nearest rank; 0 when
  /// none started blank).
  public var timeToContentP50: Double

  /// The 95th percentile time to content (nearest rank; 0 when none started blank).
  public var timeToContentP95: Double

  /// The largest number of bytes the memory cache held.
  public var peakCacheBytes: Int

  /// Creates a metrics record.
  package init(
    visibleItemFrames: Int, blankItemFrames: Int, blankRate: Double,
    stallMilliseconds: Double, bytes: Int, wastedBytes: Int, requests: Int, cancelled: Int,
    pages: Int, timeToContentP50: Double, timeToContentP95: Double,
    peakCacheBytes: Int
  ) {
    self.visibleItemFrames = visibleItemFrames
    self.blankItemFrames = blankItemFrames
    self.blankRate = blankRate
    self.stallMilliseconds = stallMilliseconds
    self.bytes = bytes
    self.wastedBytes = wastedBytes
    self.requests = requests
    self.cancelled = cancelled
    self.pages = pages
    self.timeToContentP50 = timeToContentP50
    self.timeToContentP95 = timeToContentP95
    self.peakCacheBytes = peakCacheBytes
  }

  /// The stable JSON keys (docs/DESIGN.md, "Metrics").
  public enum CodingKeys: String, CodingKey, CaseIterable {
    /// `visible_item_frames`
    case visibleItemFrames = "visible_item_frames"
    /// `blank_item_frames`
    case blankItemFrames = "blank_item_frames"
    /// `blank_rate`
    case blankRate = "blank_rate"
    /// `stall_ms`
    case stallMilliseconds = "stall_ms"
    /// `bytes`
    case bytes
    /// `wasted_bytes`
    case wastedBytes = "wasted_bytes"
    /// `requests`
    case requests
    /// `cancelled`
    case cancelled
    /// `pages`
    case pages
    /// `ttc_p50_ms`
    case timeToContentP50 = "ttc_p50_ms"
    /// `ttc_p95_ms`
    case timeToContentP95 = "ttc_p95_ms"
    /// `peak_cache_bytes`
    case peakCacheBytes = "peak_cache_bytes"
  }

  /// The metrics as one JSON object with sorted keys (byte-stable for equal metrics).
  ///
  /// - Complexity: O(1).
  public func jsonData() -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Encoding a struct of numbers cannot fail.
    return try! encoder.encode(self)
  }
}
