import Lookahead

/// The layout of a simulation run: the standard `feed` or `grid` (docs/DESIGN.md,
/// "The standard world").
///
/// A value type; thread-safe.
public enum WorldLayout: Sendable, Equatable {
  /// One column of variable-height items.
  case feed(FeedGeometry)
  /// Columns of square cells.
  case grid(GridGeometry)

  /// The stable ids of the layouts, as the command-line tool spells them.
  public enum Kind: String, Sendable, CaseIterable {
    /// The standard ``FeedGeometry``.
    case feed
    /// The standard ``GridGeometry``.
    case grid
  }

  /// The standard layout of `kind` with `itemCount` items.
  ///
  /// - Complexity: O(itemCount) for `feed`, O(1) for `grid`.
  public static func standard(_ kind: Kind, itemCount: Int = StandardWorld.itemCount) -> Self {
    switch kind {
    case .feed: .feed(FeedGeometry(itemCount: itemCount))
    case .grid: .grid(GridGeometry(itemCount: itemCount))
    }
  }

  /// The id of this layout.
  public var kind: Kind {
    switch self {
    case .feed: .feed
    case .grid: .grid
    }
  }

  /// The number of items.
  public var itemCount: Int {
    switch self {
    case .feed(let layout): layout.itemCount
    case .grid(let layout): layout.itemCount
    }
  }

  /// The vertical extent of `item`.
  ///
  /// - Precondition: `0 <= item < itemCount`.
  /// - Complexity: O(1).
  public func span(of item: Int) -> Range<Double> {
    switch self {
    case .feed(let layout): layout.span(of: item)
    case .grid(let layout): layout.span(of: item)
    }
  }

  /// The content length when the first `loadedItemCount` items are loaded.
  ///
  /// - Precondition: `0 <= loadedItemCount <= itemCount`.
  /// - Complexity: O(1).
  public func contentLength(loadedItemCount: Int) -> Double {
    switch self {
    case .feed(let layout): layout.contentLength(loadedItemCount: loadedItemCount)
    case .grid(let layout): layout.contentLength(loadedItemCount: loadedItemCount)
    }
  }

  /// The items among the first `loadedItemCount` that overlap `range` by a positive length.
  ///
  /// - Precondition: the bounds of `range` are finite; `0 <= loadedItemCount <= itemCount`.
  /// - Complexity: O(log n) for `feed`, O(1) for `grid`.
  public func items(overlapping range: Range<Double>, loadedItemCount: Int) -> Range<Int> {
    switch self {
    case .feed(let layout): layout.items(overlapping: range, loadedItemCount: loadedItemCount)
    case .grid(let layout): layout.items(overlapping: range, loadedItemCount: loadedItemCount)
    }
  }

  /// The items visible in a viewport of `viewportHeight` at `offset`, among the first
  /// `loadedItemCount`: loaded, and overlapping it by a positive length (docs/DESIGN.md,
  /// "Precise definitions").
  ///
  /// - Precondition: `offset` and `viewportHeight` are finite.
  /// - Complexity: O(log n) for `feed`, O(1) for `grid`.
  public func visibleItems(
    offset: Double, viewportHeight: Double = StandardWorld.viewportHeight, loadedItemCount: Int
  ) -> Range<Int> {
    items(overlapping: offset..<(offset + viewportHeight), loadedItemCount: loadedItemCount)
  }

  /// Whether a viewport of `viewportHeight` at `offset` reaches the end of the content of
  /// the first `loadedItemCount` items, within `ListGeometry.endOfContentTolerance` (a
  /// scroll view clamps its offset at the end, so a viewport waiting there for the next
  /// page reaches it exactly); the caller adds "and the backend has more".
  ///
  /// - Complexity: O(1).
  public func extendsPastContent(
    offset: Double, viewportHeight: Double = StandardWorld.viewportHeight, loadedItemCount: Int
  ) -> Bool {
    offset + viewportHeight
      >= contentLength(loadedItemCount: loadedItemCount)
      - Double(ListGeometry.endOfContentTolerance)
  }
}
