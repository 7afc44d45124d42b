/// The calls of UIKit's prefetching data source protocols
/// (`UICollectionViewDataSourcePrefetching`), derived from a range update.
///
/// The prefetch candidates are the items in the preload state that are not
/// visible. Items that become candidates from outside the preload range are to be
/// prefetched; candidates that leave the preload range are to be cancelled. An item
/// moving between visible and candidate is neither: its cell owns the load (a cell
/// that is configured joins the in-flight load and raises its priority).
///
/// ```swift
/// let changes = ranges.update(layout: layout, viewport: bounds, direction: dir, mode: mode)
/// let prefetching = PrefetchChanges(changes)
/// dataSource.prefetch(items: prefetching.prefetch)            // nearest first
/// dataSource.cancelPrefetching(items: prefetching.cancel)
/// ```
@_spi(Machines) public struct PrefetchChanges: Sendable, Hashable {
  /// Items to start prefetching, nearest to the viewport first.
  @_spi(Machines) public var prefetch: [Int]
  /// Items whose prefetch is no longer wanted, nearest first.
  @_spi(Machines) public var cancel: [Int]

  /// Creates the prefetch calls for the transitions of one update.
  ///
  /// - Parameter transitions: The result of `RangeController.update(layout:viewport:direction:mode:isListVisible:)`,
  ///   in its order.
  /// - Complexity: O(*c*) for *c* transitions.
  @_spi(Machines) public init(_ transitions: [InterfaceStateTransition]) {
    prefetch = []
    cancel = []
    for transition in transitions {
      let wasCandidate = Self.isCandidate(transition.oldState)
      let isCandidate = Self.isCandidate(transition.newState)
      if isCandidate && !wasCandidate && !transition.oldState.contains(.visible) {
        prefetch.append(transition.item)
      } else if wasCandidate && !isCandidate && !transition.newState.contains(.visible) {
        cancel.append(transition.item)
      }
    }
  }

  private static func isCandidate(_ state: InterfaceState) -> Bool {
    state.contains(.preload) && !state.contains(.visible)
  }
}
