import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

extension ListLayout {
  /// Creates a one-section list whose items sit where a real layout put them.
  ///
  /// A list layout stacks items one after another, while a real layout may leave
  /// insets, spacing and headers between them and may put several items side by side
  /// (a grid row, an orthogonal section). The measured spans are folded in so that every
  /// item starts where the real layout starts its row:
  ///
  /// - starts are made non-decreasing (an item never starts before the one before it);
  /// - items with the same start form a row, which reaches to the next row's start (the
  ///   last row to the end of the content) and is shared equally among its items;
  /// - the first row begins at 0, so a leading inset or header belongs to it.
  ///
  /// The content length is `contentLength`, or the end of the lowest item if that is
  /// further.
  ///
  /// - Parameters:
  ///   - axis: The scrolling axis.
  ///   - crossLength: The length across the axis.
  ///   - spans: Each item's extent along the axis, in list order; finite.
  ///   - contentLength: The content's length along the axis; finite.
  /// - Complexity: O(*n*) for *n* items.
  public init(
    axis: Axis = .vertical, crossLength: CGFloat = 0, measuredSpans spans: [AxisSpan],
    contentLength: CGFloat
  ) {
    precondition(contentLength.isFinite, "contentLength must be finite, got \(contentLength)")
    let end = spans.reduce(Swift.max(contentLength, 0)) { Swift.max($0, $1.upperBound) }
    self.init(
      axis: axis, crossLength: crossLength,
      itemLengths: Self.foldedLengths(ofMeasuredSpans: spans, from: 0, to: end))
  }

  /// The lengths a list layout gives consecutive measured items, folded as
  /// ``init(axis:crossLength:measuredSpans:contentLength:)`` folds a whole list: starts
  /// made non-decreasing, items with the same start a row that reaches to the next row's
  /// start (the last row to `end`), shared equally among its items.
  ///
  /// An adapter that measures only the items on screen folds them with this, so that the
  /// lengths it sends (``ListPreloader/resizeItems(_:)``) are those the whole measured
  /// layout would give them.
  ///
  /// - Parameters:
  ///   - spans: The items' extents along the axis, in list order; finite.
  ///   - start: Where the first row begins: 0 for the list's first item (a leading inset
  ///     belongs to it), `nil` for the first item's own start.
  ///   - end: Where the last row ends: the next item's start, or the end of the content.
  /// - Returns: Each item's length, in the order given.
  /// - Complexity: O(*n*) for *n* spans.
  public static func foldedLengths(
    ofMeasuredSpans spans: [AxisSpan], from start: CGFloat?, to end: CGFloat
  ) -> [CGFloat] {
    var starts: [CGFloat] = []
    starts.reserveCapacity(spans.count)
    var folded = start ?? -CGFloat.infinity
    for span in spans {
      precondition(
        span.lowerBound.isFinite && span.upperBound.isFinite,
        "measured spans must be finite, got \(span)")
      folded = Swift.max(folded, span.lowerBound)
      starts.append(folded)
    }
    var lengths = [CGFloat](repeating: 0, count: spans.count)
    var rowStart = start ?? starts.first ?? 0
    var first = 0
    while first < starts.count {
      var next = first + 1
      while next < starts.count && starts[next] == starts[first] { next += 1 }
      let rowEnd = next < starts.count ? starts[next] : Swift.max(end, starts[first])
      let share = Swift.max(0, rowEnd - rowStart) / CGFloat(next - first)
      for item in first..<next { lengths[item] = share }
      rowStart = rowEnd
      first = next
    }
    return lengths
  }
}
