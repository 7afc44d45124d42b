/// What a ``ListPreloader`` tells its observers: list changes to apply, resources that
/// became ready or failed, and the strategy's per-item decisions.
///
/// Thread-safety: a value type; safe to send between tasks.
public enum ListPreloaderEvent<Item: FeedItem, Key: Hashable & Sendable>: Sendable {
  /// The list changed: items were inserted, removed or moved (a page, a refresh, a
  /// restore). The change carries the list it produces: apply it as a snapshot, or as
  /// batch updates checked against the count they start from (see ``ListChange``).
  case listChanged(ListChange<Item>)
  /// The resource of `key` is in the cache: cells showing an item with this key can
  /// display it.
  case resourceLoaded(Key)
  /// The resource of `key` failed for good; its items stay without it until they are
  /// wanted anew (they leave the screen and come back, or a cell asks).
  case resourceFailed(Key, LoadError)
  /// A tail page failed; the preloader retries it at `retryAt` (since its creation),
  /// or waits for ``ListPreloader/retryPage()`` when `nil`.
  case pageFailed(any Error, retryAt: Duration?)
  /// A refresh failed; the list is kept.
  case refreshFailed(any Error)
  /// Items changed interface state (preload, display, visible), nearest first.
  case interfaceStatesChanged([InterfaceStateTransition])
  /// The strategy started wanting these items' resources ahead of display (the shape
  /// of `prefetchItemsAt`), nearest first.
  case prefetch([Int])
  /// The strategy no longer wants these items' resources (the shape of
  /// `cancelPrefetchingForItemsAt`).
  case cancelPrefetching([Int])
}
