import Foundation

/// What a list preloader's state machine remembers of the app's list view, for the
/// inputs that come from a platform adapter rather than from a driver: prefetch hints,
/// scroll-view states and row appearances.
struct ListViewInputs<ID: Hashable & Sendable, Key: Hashable & Sendable>: Sendable {
  /// The item of each key that may hold a hint; pruned of keys whose hint is gone
  /// (loaded, failed, withdrawn), so it never grows with the keys ever hinted.
  var hintedKeys: [Key: ID] = [:]
  /// The size of ``hintedKeys`` after the last pruning; the next pruning waits until
  /// it doubled, so pruning costs O(1) amortized per hint.
  var hintedKeysAfterPruning = 0
  /// The last state a scroll view reported, if any.
  var scrollView: ScrollViewState?
  /// Whether the drag ended in the newest scroll-view state (its deceleration may not
  /// have begun yet).
  var dragEndedInLastState = false
  /// The rows on screen, by id, while no scroll view reports offsets.
  var appearedRows: Set<ID> = []
  /// How many scroll samples these inputs produced, so that the runner measures a
  /// frame for each.
  var samples = 0
}
