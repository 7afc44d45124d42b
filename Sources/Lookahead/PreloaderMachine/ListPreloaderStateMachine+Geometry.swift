import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

extension ListPreloaderStateMachine {
  // MARK: - Geometry

  /// Replaces the geometry with one the app measured (self-sizing cells, a layout of
  /// its own). It must describe exactly the loaded items.
  ///
  /// - Parameter geometry: The new geometry.
  /// - Precondition: `geometry.itemCount` equals the number of loaded items.
  package mutating func updateGeometry(_ geometry: ListGeometry) {
    precondition(
      geometry.itemCount == pages.pager.list.count,
      "the layout has \(geometry.itemCount) items but the list has \(pages.pager.list.count)")
    self.geometry = geometry
  }

  /// Changes the length of one item (its cell measured itself).
  ///
  /// - Parameters:
  ///   - position: The item's position.
  ///   - length: Its length along the axis; finite and non-negative.
  package mutating func resizeItem(at position: Int, to length: CGFloat) {
    geometry.resizeItem(position, to: length)
  }

  /// Applies a list change to the geometry and rebases the policy, the interface
  /// ranges and the tracker.
  mutating func apply(_ changes: ListIndexChanges) {
    let axis = geometry.axis
    let viewportSpan = axis.span(of: viewport)
    let anchorItem =
      changes.isAppendOnly ? nil : geometry.items(overlapping: viewportSpan).first
    let anchorStart = anchorItem.map { geometry.span(ofItem: $0).lowerBound }
    let list = pages.pager.list
    let itemLength = self.itemLength
    geometry.apply(changes) { itemLength(list[$0]) }
    precondition(
      geometry.itemCount == pages.pager.list.count,
      "the layout has \(geometry.itemCount) items but the list has \(pages.pager.list.count)")
    refreshItemKeys(after: changes)
    wanted.listChanged(movesItems: !changes.isAppendOnly)
    guard !changes.isAppendOnly else { return }
    policy.listDidChange(changes)
    interfaceRanges?.reset()
    guard let anchorItem, let anchorStart, let moved = changes.newIndex(ofOldIndex: anchorItem)
    else { return }
    let delta = geometry.span(ofItem: moved).lowerBound - anchorStart
    guard delta != 0 else { return }
    viewing.contentMoved(by: delta, viewportStart: viewportSpan.lowerBound)
  }

  /// Brings ``itemKeys`` in step with the list after `changes`: an append adds the new
  /// items' keys (and replaces those of items updated in place); any other change
  /// rebuilds the table.
  ///
  /// - Complexity: O(*a* + *u*) for an append of *a* items with *u* updated in place;
  ///   O(*n*) for *n* items otherwise.
  mutating func refreshItemKeys(after changes: ListIndexChanges) {
    let list = pages.pager.list
    var start = changes.oldCount
    if changes.isAppendOnly, itemKeys.count == changes.oldCount {
      for position in changes.updated where position < changes.oldCount {
        itemKeys.replace(at: position, with: resourceKey(list[position]))
      }
    } else {
      itemKeys.removeAll()
      start = 0
    }
    for position in start..<list.count { itemKeys.append(resourceKey(list[position])) }
    #if LOOKAHEAD_INTERNAL_CHECKS
      precondition(
        itemKeys.count == list.count
          && list.indices.allSatisfy { itemKeys[$0] == resourceKey(list[$0]) },
        "Internal inconsistency: the item keys are out of step with the list")
    #endif
  }

}
