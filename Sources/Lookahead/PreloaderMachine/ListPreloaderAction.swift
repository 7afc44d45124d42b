import Foundation

/// Who waits for a load in a list preloader's load queue.
///
/// A value type; thread-safe.
package enum ListPreloaderWaiter: Hashable, Sendable, CustomStringConvertible {
  /// The strategy's item policy: a preload.
  case policy
  /// A caller that asked for one resource (a cell), by the id the driver gave it.
  case request(UInt64)
  /// The pager: a page request holds a slot of the queue like a load.
  case pager
  /// The platform's prefetch hints (`UICollectionViewDataSourcePrefetching`): the least
  /// urgent waiter, which never outranks or cancels another (see
  /// `ListPreloaderStateMachine.hintPrefetch(_:now:isCached:)`).
  case hint

  /// `policy`, `request 7`, `pager` or `hint`.
  package var description: String {
    switch self {
    case .policy: "policy"
    case .request(let id): "request \(id)"
    case .pager: "pager"
    case .hint: "hint"
    }
  }
}

/// Where a finished load's value came from.
///
/// Only network loads teach a policy latency and bandwidth: a memory or disk hit says
/// nothing about the network.
///
/// A value type; thread-safe.
@_spi(Machines) public enum LoadSource: Sendable, Hashable {
  /// The memory cache.
  case memory
  /// A local tier such as a disk cache.
  case disk
  /// The network (the loader).
  case network
}

/// What a list preloader's driver must do after an event of
/// `ListPreloaderStateMachine`.
///
/// Thread-safety: a value type; safe to send between tasks.
@_spi(Machines) public enum ListPreloaderAction<Key: Hashable & Sendable>: Sendable {
  /// Start loading `key`; report the outcome with
  /// `ListPreloaderStateMachine.loadFinished(_:ticket:bytes:duration:source:now:)` or
  /// `ListPreloaderStateMachine.loadFailed(_:ticket:error:now:)` and the ticket.
  case startLoad(Key, LoadTicket, LoadPriority)
  /// Cancel the running attempt `ticket` of `key`; its outcome will be ignored.
  case cancelLoad(Key, LoadTicket)
  /// Hand the loaded value of `key` to the requests with these ids (cells that asked
  /// with `ListPreloaderStateMachine.request(_:id:priority:order:now:)`).
  case deliver(Key, to: [UInt64])
  /// The load of `key` failed for good (a permanent error, or retries ran out). The
  /// requests with these ids (possibly none) get the error; the item stays without
  /// its resource until it is wanted anew.
  case fail(Key, LoadError, to: [UInt64])
  /// Fetch this page from the page source and report the outcome with
  /// `ListPreloaderStateMachine.pageLoaded(_:page:now:)` or
  /// `ListPreloaderStateMachine.pageFailed(_:error:now:)`.
  case fetchPage(PageRequest)
  /// Cancel this page request; its completion, if it still arrives, is ignored.
  case cancelPage(PageRequest)
  /// The list changed: apply the index changes to the screen (a diffable data source,
  /// a collection view's batch updates). The preloader's own geometry already has.
  case listChanged(PagerListChange)
  /// A tail page failed; it is retried at `retryAt` (a ``scheduleWakeUp(at:)`` follows)
  /// or, when `nil`, only on `ListPreloaderStateMachine.retryPage(now:)` or a refresh.
  case pageFailed(any Error, retryAt: Duration?)
  /// A refresh failed; the list is kept.
  case refreshFailed(any Error)
  /// Items changed interface state (preload, display, visible), nearest to the
  /// viewport first (docs/DESIGN.md, "Geometry, scrolling and interface states").
  case interfaceStatesChanged([InterfaceStateTransition])
  /// The strategy started wanting these items' resources ahead of display, nearest
  /// first: the calls of `UICollectionViewDataSourcePrefetching.prefetchItemsAt`.
  case prefetch([Int])
  /// The strategy no longer wants these items' resources: the calls of
  /// `cancelPrefetchingForItemsAt`.
  case cancelPrefetching([Int])
  /// Call `ListPreloaderStateMachine.tick(now:readiness:)` at this time: a retry is
  /// due, or a frame at the unchanged viewport (see
  /// `ListPreloaderStateMachine.restFrameDelay`). Replaces any earlier wake-up.
  case scheduleWakeUp(at: Duration)
}

extension ListPreloaderAction: CustomStringConvertible {
  /// A compact form for scripts and logs, such as `start 12 visible`.
  public var description: String {
    switch self {
    case .startLoad(let key, _, let priority): "start \(key) \(priority)"
    case .cancelLoad(let key, _): "cancel \(key)"
    case .deliver(let key, let ids): "deliver \(key) → \(ids)"
    case .fail(let key, let error, let ids): "fail \(key) \(error.kind) → \(ids)"
    case .fetchPage(let request): "fetch page \(request)"
    case .cancelPage(let request): "cancel page \(request)"
    case .listChanged(let change): "list \(change.indexChanges)"
    case .pageFailed(let error, let retryAt):
      "page failed (\(error)), retry at \(retryAt.map { "\($0)" } ?? "never")"
    case .refreshFailed(let error): "refresh failed (\(error))"
    case .interfaceStatesChanged(let transitions): "\(transitions.count) interface states"
    case .prefetch(let items): "prefetch \(items)"
    case .cancelPrefetching(let items): "cancel prefetching \(items)"
    case .scheduleWakeUp(let at): "wake at \(at)"
    }
  }
}
