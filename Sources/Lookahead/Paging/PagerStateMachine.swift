import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// The pure core of cursor paging: decides when to fetch a page at either end of a
/// list, merges what comes back, and recovers from failures.
///
/// Events go in (``scrolled(_:now:)``, ``loadNextPage(now:)``, ``refresh(now:)``,
/// ``pageLoaded(_:page:now:)``, ``pageFailed(_:error:now:)``, ``tick(now:)``) and
/// ``PagerAction``s come out; the list preloader performs them. The machine
/// never reads a clock: every event carries `now`.
///
/// Guarantees, including fixes for Texture's batch-fetch defects:
/// - one request in flight per end; a trigger while loading is ignored;
/// - after a tail page that added items, no tail fetch until the caller reports a
///   different content length (the page was laid out) or the state changes (a
///   refresh, a restore, a retry) — so bouncing at the top, small content that did
///   not grow and a stale content size never cause a fetch loop;
/// - an empty page or `hasMore == false` exhausts the tail until a refresh;
/// - a failed tail page is retried with backoff (``PagerRetryPolicy``);
/// - completions of cancelled or superseded requests are ignored by request id.
///
/// ```swift
/// var pager = PagerStateMachine<Post, ContinuousClock.Instant>(
///   trigger: .dynamicThreshold(0.7))
/// for action in pager.scrolled(input, now: clock.now) {
///   if case .fetch(let request) = action { start(request) }
/// }
/// ```
///
/// Thread-safety: a value type; confine it to one task or guard it with a lock.
package struct PagerStateMachine<Item: FeedItem, Instant: InstantProtocol>: Sendable
where Instant.Duration == Duration {
  /// The items loaded so far, sorted and free of duplicates.
  package private(set) var list: FeedList<Item>
  /// The cursor of the next tail page; `nil` before the first page.
  package private(set) var nextCursor: PageCursor?
  /// The state of the tail end (load more).
  package private(set) var tail: PagerPhase<Instant> = .idle
  /// The state of the head end (refresh): idle or loading.
  package private(set) var head: PagerPhase<Instant> = .idle
  /// Decides when the next tail page is needed.
  package var trigger: PageTrigger
  /// How failed tail pages are retried.
  package var retryPolicy: PagerRetryPolicy

  private var lastRequestID: UInt64 = 0
  private var lastInput: PageTriggerInput?
  /// After a tail page added items, the content length seen when it arrived: no tail
  /// fetch until a different length is reported. `nil` when fetching is allowed.
  private var staleContentLength: CGFloat??

  /// Creates a pager with an empty list.
  ///
  /// - Parameters:
  ///   - trigger: When to fetch the next tail page.
  ///   - retryPolicy: How to retry failed tail pages.
  package init(trigger: PageTrigger, retryPolicy: PagerRetryPolicy = PagerRetryPolicy()) {
    self.list = FeedList()
    self.trigger = trigger
    self.retryPolicy = retryPolicy
  }

  /// Whether the backend may have more items at the tail.
  package var hasMore: Bool { !tail.isExhausted }

  /// The state to persist in a ``FeedStore``.
  ///
  /// - Parameter savedAt: The time of the save.
  /// - Complexity: O(n): the items are copied into an array.
  package func snapshot(savedAt: Date) -> FeedSnapshot<Item> {
    FeedSnapshot(items: list.items, nextCursor: nextCursor, hasMore: hasMore, savedAt: savedAt)
  }

  // MARK: - Events

  /// Replaces the list and cursor with a saved snapshot (at launch, before the
  /// network answers). Cancels any request in flight.
  ///
  /// - Complexity: O(n log n) for n saved items.
  package mutating func restore(_ snapshot: FeedSnapshot<Item>) -> [PagerAction<Instant>] {
    var actions = cancelAll()
    let oldCount = list.count
    list = FeedList(snapshot.items)
    nextCursor = snapshot.nextCursor
    tail = snapshot.hasMore ? .idle : .exhausted
    staleContentLength = nil
    actions.append(
      .listChanged(
        PagerListChange(
          .restored, indexChanges: .replaced(oldCount: oldCount, newCount: list.count))))
    return actions
  }

  /// Reports the list's geometry; fetches the next tail page if the trigger says so
  /// and nothing forbids it.
  ///
  /// Call it on every scroll tick and after every layout that changed the content
  /// length.
  ///
  /// - Complexity: O(1).
  package mutating func scrolled(_ input: PageTriggerInput, now: Instant) -> [PagerAction<Instant>]
  {
    lastInput = input
    if case .some(let stale) = staleContentLength, stale != input.contentLength {
      staleContentLength = nil
    }
    guard staleContentLength == nil, trigger.shouldFetch(input) else { return [] }
    return startTail()
  }

  /// Fetches the next tail page now, whatever the trigger says (the first page, or a
  /// "load more" button). Ignored while the tail is loading, exhausted or waiting
  /// for a retry.
  ///
  /// - Complexity: O(1).
  package mutating func loadNextPage(now: Instant) -> [PagerAction<Instant>] {
    startTail()
  }

  /// Fetches the newest page to merge at the head (pull to refresh). Ignored while a
  /// refresh is in flight.
  ///
  /// - Complexity: O(1).
  package mutating func refresh(now: Instant) -> [PagerAction<Instant>] {
    guard !head.isLoading else { return [] }
    let request = makeRequest(.head, cursor: nil)
    head = .loading(request)
    return [.fetch(request)]
  }

  /// Retries a failed tail page now, also after the retry policy gave up.
  ///
  /// - Complexity: O(1).
  package mutating func retry(now: Instant) -> [PagerAction<Instant>] {
    guard case .failed = tail else { return [] }
    tail = .idle
    return startTail()
  }

  /// Advances time: retries a failed tail page whose retry is due.
  ///
  /// - Complexity: O(1).
  package mutating func tick(now: Instant) -> [PagerAction<Instant>] {
    guard case .failed(_, _, .some(let retryAt)) = tail, retryAt <= now else { return [] }
    return retry(now: now)
  }

  /// Cancels every request in flight; both ends become idle.
  ///
  /// - Complexity: O(1).
  package mutating func cancelAll() -> [PagerAction<Instant>] {
    var actions: [PagerAction<Instant>] = []
    if let request = tail.request {
      actions.append(.cancel(request))
      tail = .idle
    }
    if let request = head.request {
      actions.append(.cancel(request))
      head = .idle
    }
    return actions
  }

  /// Reports a page that arrived. Ignored unless `request` is the one in flight.
  ///
  /// A tail page is appended without duplicates. The tail is exhausted when the page
  /// is empty, says `hasMore == false`, has no cursor, or brings nothing new under
  /// the same cursor (asking again would loop). A head page is merged with
  /// ``FeedList/refresh(with:)``; on a gap the list is replaced, a tail request in
  /// flight is cancelled and paging continues from the head page's cursor.
  ///
  /// - Complexity: That of ``FeedList/append(contentsOf:)`` or
  ///   ``FeedList/refresh(with:)``.
  package mutating func pageLoaded(_ request: PageRequest, page: Page<Item>, now: Instant)
    -> [PagerAction<Instant>]
  {
    switch request.end {
    case .tail:
      guard tail.request == request else { return [] }
      return tailLoaded(page)
    case .head:
      guard head.request == request else { return [] }
      return headLoaded(page)
    }
  }

  /// Reports a failed request. Ignored unless `request` is the one in flight.
  ///
  /// A failed tail page is retried after the policy's delay; a failed refresh is
  /// reported and the list kept.
  ///
  /// - Complexity: O(1).
  package mutating func pageFailed(_ request: PageRequest, error: any Error, now: Instant)
    -> [PagerAction<Instant>]
  {
    switch request.end {
    case .head:
      guard head.request == request else { return [] }
      head = .idle
      return [.refreshFailed(error)]
    case .tail:
      guard tail.request == request else { return [] }
      let attempt = failureCount + 1
      let retryAt = retryPolicy.delay(beforeAttempt: attempt).map { now.advanced(by: $0) }
      tail = .failed(error, attempt: attempt, retryAt: retryAt)
      failureCount = attempt
      return [.tailFailed(error, retryAt: retryAt)]
    }
  }

  // MARK: - Internals

  private var failureCount = 0

  private mutating func makeRequest(_ end: PageEnd, cursor: PageCursor?) -> PageRequest {
    lastRequestID += 1
    return PageRequest(id: lastRequestID, end: end, cursor: cursor)
  }

  private mutating func startTail() -> [PagerAction<Instant>] {
    guard case .idle = tail else { return [] }
    let request = makeRequest(.tail, cursor: nextCursor)
    tail = .loading(request)
    return [.fetch(request)]
  }

  private mutating func tailLoaded(_ page: Page<Item>) -> [PagerAction<Instant>] {
    failureCount = 0
    let (summary, changes) = list.mergeReportingChanges(page.items)
    let previousCursor = nextCursor
    // An empty page keeps the last cursor: after a refresh the tail asks from there.
    if let cursor = page.nextCursor, !page.items.isEmpty { nextCursor = cursor }
    let madeProgress = summary.inserted > 0 || summary.moved > 0
    if page.items.isEmpty || !page.hasMore || page.nextCursor == nil
      || (!madeProgress && page.nextCursor == previousCursor)
    {
      tail = .exhausted
    } else {
      tail = .idle
    }
    var actions: [PagerAction<Instant>] = []
    if summary != FeedMergeSummary() {
      actions.append(.listChanged(PagerListChange(.appended(summary), indexChanges: changes)))
    }
    if madeProgress {
      // The new items change the content length only once laid out; until then the
      // old geometry would ask again (Texture's stale-content-size double fetch).
      staleContentLength = .some(lastInput?.contentLength)
    } else {
      staleContentLength = nil
      if let input = lastInput, trigger.shouldFetch(input) { actions += startTail() }
    }
    return actions
  }

  private mutating func headLoaded(_ page: Page<Item>) -> [PagerAction<Instant>] {
    head = .idle
    let (result, changes) = list.refreshReportingChanges(with: page)
    var actions: [PagerAction<Instant>] = []
    if result == .replaced {
      if let request = tail.request { actions.append(.cancel(request)) }
      nextCursor = page.nextCursor
      tail = page.hasMore && page.nextCursor != nil ? .idle : .exhausted
    } else if !tail.isLoading {
      tail = .idle
    }
    failureCount = 0
    staleContentLength = nil
    if result != .unchanged {
      actions.append(.listChanged(PagerListChange(.refreshed(result), indexChanges: changes)))
    }
    return actions
  }
}
