// UICollectionView and UITableView are not in watchOS's UIKit.
#if canImport(UIKit) && !os(watchOS)
  import Foundation
  import Lookahead
  import UIKit

  /// How an adapter reads its list view: the index paths on screen, an item's frame and the
  /// view's sections, in the view's own order (the list its data source shows now, which may
  /// be behind the preloader's).
  ///
  /// Thread-safety: `@MainActor`, like the views it reads.
  @MainActor
  struct ListViewLayout<ID: Hashable & Sendable> {
    /// How index paths name the preloader's items.
    let indexPaths: ItemIndexPaths<ID>
    /// The index paths on screen, in any order.
    let visibleIndexPaths: @MainActor () -> [IndexPath]
    /// The frame of the item at an index path in content coordinates, or `nil` when the view
    /// has none.
    let frame: @MainActor (IndexPath) -> CGRect?
    /// How many sections the view shows.
    let numberOfSections: @MainActor () -> Int
    /// How many items a section shows.
    let numberOfItems: @MainActor (Int) -> Int

    /// The most index paths read past the visible ones, to complete their rows.
    static var rowReach: Int { 256 }

    /// A collection view's layout, from its layout attributes.
    static func collectionView(
      _ collectionView: UICollectionView, indexPaths: ItemIndexPaths<ID>
    ) -> Self {
      Self(
        indexPaths: indexPaths,
        visibleIndexPaths: { collectionView.indexPathsForVisibleItems },
        frame: { collectionView.layoutAttributesForItem(at: $0)?.frame },
        numberOfSections: { collectionView.numberOfSections },
        numberOfItems: { collectionView.numberOfItems(inSection: $0) })
    }

    /// A table view's layout, from its row rectangles (`CGRect.zero` counts as none: it is
    /// what `rectForRow(at:)` answers for a row the table does not have).
    static func tableView(_ tableView: UITableView, indexPaths: ItemIndexPaths<ID>) -> Self {
      Self(
        indexPaths: indexPaths,
        visibleIndexPaths: { tableView.indexPathsForVisibleRows ?? [] },
        frame: { indexPath in
          let rect = tableView.rectForRow(at: indexPath)
          return rect == .zero ? nil : rect
        },
        numberOfSections: { tableView.numberOfSections },
        numberOfItems: { tableView.numberOfRows(inSection: $0) })
    }

    /// The index path after `indexPath`, across sections, or `nil` at the end.
    func indexPath(after indexPath: IndexPath) -> IndexPath? {
      if indexPath.item + 1 < numberOfItems(indexPath.section) {
        return IndexPath(item: indexPath.item + 1, section: indexPath.section)
      }
      let sections = numberOfSections()
      var section = indexPath.section + 1
      while section < sections {
        if numberOfItems(section) > 0 { return IndexPath(item: 0, section: section) }
        section += 1
      }
      return nil
    }

    /// The index path before `indexPath`, across sections, or `nil` at the start.
    func indexPath(before indexPath: IndexPath) -> IndexPath? {
      if indexPath.item > 0 {
        return IndexPath(item: indexPath.item - 1, section: indexPath.section)
      }
      var section = indexPath.section - 1
      while section >= 0 {
        let count = numberOfItems(section)
        if count > 0 { return IndexPath(item: count - 1, section: section) }
        section -= 1
      }
      return nil
    }

    /// The lengths along `axis` of the items in the rows on screen, as a list layout gives
    /// them (`ListLayout.foldedLengths(ofMeasuredSpans:from:to:)`): each row reaches to
    /// the next row's start.
    ///
    /// The run read starts at the first item of the first visible row and ends with the
    /// first item after the last visible row, whose start ends that row (the end of the
    /// content when there is none). Index paths that name no item of the preloader take no
    /// part: their space belongs to the row before them, as in the preloader's own measured
    /// layouts.
    ///
    /// - Parameters:
    ///   - axis: The scrolling axis.
    ///   - contentLength: The content's length along the axis.
    /// - Returns: The items and their lengths, in view order; empty when nothing is on
    ///   screen or a row reaches further than ``rowReach``.
    /// - Complexity: O(*v* + *r*) for *v* visible index paths and *r* more that complete
    ///   their rows.
    func visibleItemLengths(axis: Axis, contentLength: CGFloat) -> [(id: ID, length: CGFloat)] {
      let visible = visibleIndexPaths()
      guard let first = visible.min(), let last = visible.max(),
        let firstStart = frame(first).map({ axis.minimum(of: $0) })
      else { return [] }
      // Back to the first item of the first visible row.
      var lower = first
      var steps = 0
      while let previous = indexPath(before: lower),
        let rect = frame(previous), axis.minimum(of: rect) == firstStart
      {
        steps += 1
        guard steps <= Self.rowReach else { return [] }
        lower = previous
      }
      // Forward through the last visible row, to the start of the next item.
      var spans: [(id: ID, span: AxisSpan)] = []
      var foldedStart = -CGFloat.infinity
      var lastRowStart = -CGFloat.infinity
      var end: CGFloat?
      var next: IndexPath? = lower
      var beyond = 0
      var read = 0
      while let indexPath = next {
        // Items between visible ones that are not on screen (an orthogonal section's).
        read += 1
        guard read <= visible.count + 2 * Self.rowReach else { return [] }
        next = self.indexPath(after: indexPath)
        guard let rect = frame(indexPath), let id = indexPaths.itemID(indexPath) else { continue }
        let span = axis.span(of: rect)
        foldedStart = Swift.max(foldedStart, span.lowerBound)
        if indexPath <= last {
          lastRowStart = foldedStart
        } else {
          if foldedStart > lastRowStart {
            end = foldedStart
            break
          }
          beyond += 1
          guard beyond <= Self.rowReach else { return [] }
        }
        spans.append((id, span))
      }
      let contentEnd = spans.reduce(contentLength) { Swift.max($0, $1.span.upperBound) }
      let lengths = ListLayout.foldedLengths(
        ofMeasuredSpans: spans.map(\.span), from: isFirstItem(lower) ? 0 : nil,
        to: end ?? contentEnd)
      return zip(spans, lengths).map { ($0.id, $1) }
    }

    /// Whether no item of the preloader comes before `indexPath` in the view: its row then
    /// begins at 0, as the first row of a measured list layout does.
    private func isFirstItem(_ indexPath: IndexPath) -> Bool {
      var probe = indexPath
      for _ in 0..<Self.rowReach {
        guard let previous = self.indexPath(before: probe) else { return true }
        if indexPaths.itemID(previous) != nil { return false }
        probe = previous
      }
      return false
    }
  }

  /// The lengths last sent to the preloader, so that a display frame sends only the items
  /// whose layout changed.
  ///
  /// A value type; used on the main actor by the observer that owns it.
  struct SentItemLengths<ID: Hashable & Sendable> {
    private var lengths: [ID: CGFloat] = [:]
    private var contentSize: CGSize?

    /// The measured lengths that differ from those last sent, which they replace.
    ///
    /// A new content size (a page applied, a cell that resized) forgets what was sent: the
    /// preloader may have estimated the lengths of items that moved, so the items on screen
    /// are sent again (the preloader skips those it has).
    ///
    /// - Parameters:
    ///   - measured: The lengths measured now.
    ///   - contentSize: The scroll view's content size now.
    /// - Returns: The lengths to send.
    mutating func changes(
      in measured: [(id: ID, length: CGFloat)], contentSize: CGSize
    ) -> [(id: ID, length: CGFloat)] {
      if self.contentSize != contentSize {
        self.contentSize = contentSize
        lengths = [:]
      }
      var changes: [(id: ID, length: CGFloat)] = []
      for (id, length) in measured where lengths[id] != length {
        lengths[id] = length
        changes.append((id, length))
      }
      return changes
    }
  }
#endif
