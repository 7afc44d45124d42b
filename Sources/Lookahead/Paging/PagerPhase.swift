/// The state of one end of a pager.
///
/// The head end (refresh) is only ever ``idle`` or ``loading(_:)``: a failed
/// refresh is reported and the head returns to idle, because the user decides when
/// to pull again. The tail end (load more) uses all four states.
///
/// Thread-safety: a value type; safe to share between tasks.
package enum PagerPhase<Instant: InstantProtocol>: Sendable, CustomStringConvertible {
  /// No request in flight; a trigger may start one.
  case idle
  /// A request is in flight; further triggers for this end are ignored.
  case loading(PageRequest)
  /// The last request failed. `attempt` counts the failures in a row; the pager
  /// retries at `retryAt`, or waits for `PagerStateMachine.retry(now:)` or a
  /// refresh when `retryAt` is `nil` (the retry policy gave up).
  case failed(any Error, attempt: Int, retryAt: Instant?)
  /// The backend has no more items (it said so or sent an empty page). No request
  /// is made until a refresh.
  case exhausted

  /// Whether a request is in flight.
  package var isLoading: Bool {
    if case .loading = self { return true }
    return false
  }

  /// Whether the end has been reached.
  package var isExhausted: Bool {
    if case .exhausted = self { return true }
    return false
  }

  /// The request in flight, if any.
  package var request: PageRequest? {
    if case .loading(let request) = self { return request }
    return nil
  }

  /// A textual form such as `loading(#3 tail after c42)`.
  package var description: String {
    switch self {
    case .idle: "idle"
    case .loading(let request): "loading(\(request))"
    case .failed(let error, let attempt, let retryAt):
      "failed(\(error), attempt: \(attempt), retryAt: \(retryAt.map { "\($0)" } ?? "never"))"
    case .exhausted: "exhausted"
    }
  }
}

/// What the pager's driver must do after an event.
///
/// Thread-safety: a value type; safe to share between tasks.
package enum PagerAction<Instant: InstantProtocol>: Sendable {
  /// Start fetching this page and report the outcome with
  /// `PagerStateMachine.pageLoaded(_:page:now:)` or
  /// `PagerStateMachine.pageFailed(_:error:now:)`.
  case fetch(PageRequest)
  /// Cancel this request; its completion, if it still arrives, will be ignored.
  case cancel(PageRequest)
  /// A tail page failed. Show it, and when `retryAt` is not `nil` call
  /// `PagerStateMachine.tick(now:)` at that instant to retry; `nil` means the retry
  /// policy gave up until `PagerStateMachine.retry(now:)` or a refresh.
  case tailFailed(any Error, retryAt: Instant?)
  /// The list changed: update the screen and save a snapshot.
  case listChanged(PagerListChange)
  /// A refresh failed; show it (the previous list is kept).
  case refreshFailed(any Error)
}

/// How the pager's list changed: what happened, and which positions changed. The list
/// preloader's machine reports it; apps receive it as a ``ListChange``.
///
/// Thread-safety: a value type; safe to share between tasks.
@_spi(Machines) public struct PagerListChange: Sendable, Hashable {
  /// What happened to the list.
  public var kind: ListChangeKind
  /// The positions that changed, to apply to a layout or a collection view.
  public var indexChanges: ListIndexChanges

  /// Creates a change.
  package init(_ kind: ListChangeKind, indexChanges: ListIndexChanges) {
    self.kind = kind
    self.indexChanges = indexChanges
  }
}
