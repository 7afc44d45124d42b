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
    var starts: [CGFloat] = []
    starts.reserveCapacity(spans.count)
    var start: CGFloat = 0
    var end = Swift.max(contentLength, 0)
    for span in spans {
      precondition(
        span.lowerBound.isFinite && span.upperBound.isFinite,
        "measured spans must be finite, got \(span)")
      start = Swift.max(start, span.lowerBound)
      end = Swift.max(end, span.upperBound)
      starts.append(start)
    }
    end = Swift.max(end, start)
    var lengths = [CGFloat](repeating: 0, count: spans.count)
    var rowStart: CGFloat = 0
    var first = 0
    while first < starts.count {
      var next = first + 1
      while next < starts.count && starts[next] == starts[first] { next += 1 }
      let rowEnd = next < starts.count ? starts[next] : end
      let share = (rowEnd - rowStart) / CGFloat(next - first)
      for item in first..<next { lengths[item] = share }
      rowStart = rowEnd
      first = next
    }
    self.init(axis: axis, crossLength: crossLength, itemLengths: lengths)
  }
}
