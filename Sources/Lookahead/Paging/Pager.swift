import Foundation

/// Pages a feed from a backend: the driver of a `PagerStateMachine`.
///
/// Feed it the list's geometry on every scroll tick with ``scrolled(_:)``; it asks
/// `fetch` for pages at the tail when the trigger says so, one at a time, merges
/// pull-to-refresh pages at the head, retries failures with backoff on the injected
/// clock, and saves a snapshot after every change.
///
/// ```swift
/// let pager = Pager<Post, ContinuousClock>(
///   trigger: .dynamicThreshold(0.7),
///   clock: ContinuousClock(),
///   persistence: .store(feedStore, feedID: "home"),
///   onUpdate: { update in Task { @MainActor in render(update.list) } }
/// ) { request in
///   try await api.posts(after: request.cursor?.rawValue)
/// }
/// try pager.restore()      // the last list, instantly
/// pager.refresh()          // then the newest page
/// ```
///
/// Thread-safety: all methods are thread-safe and cheap enough to call from the
/// main thread during scrolling; `fetch`, the persistence closures and `onUpdate`
/// are called from background tasks.
public final class Pager<Item: FeedItem, C: Clock<Duration>>: Sendable {
  /// Fetches one page. Must honour task cancellation.
  public typealias Fetch = @Sendable (PageRequest) async throws -> Page<Item>

  private struct State {
    var machine: PagerStateMachine<Item, C.Instant>
    var tasks: [UInt64: Task<Void, Never>] = [:]
    var retry = WakeUpTimer()
    var version = 0
  }

  private let state: Locked<State>
  /// The version of the last saved snapshot; saves run outside the state lock, so
  /// this keeps an older snapshot from overwriting a newer one.
  private let savedVersion = Locked(0)
  private let clock: C
  private let fetch: Fetch
  private let persistence: PagerPersistence<Item>?
  private let onUpdate: @Sendable (PagerUpdate<Item>) -> Void

  /// Creates a pager with an empty list.
  ///
  /// - Parameters:
  ///   - trigger: When to fetch the next tail page.
  ///   - retryPolicy: How to retry failed tail pages.
  ///   - clock: The clock retries wait on; a manual clock in tests.
  ///   - persistence: Where to restore from and save to, or `nil`.
  ///   - onUpdate: Called after every change, from a background task.
  ///   - fetch: Fetches one page.
  public init(
    trigger: PageTrigger,
    retryPolicy: PagerRetryPolicy = PagerRetryPolicy(),
    clock: C,
    persistence: PagerPersistence<Item>? = nil,
    onUpdate: @escaping @Sendable (PagerUpdate<Item>) -> Void = { _ in },
    fetch: @escaping Fetch
  ) {
    self.state = Locked(
      State(machine: PagerStateMachine(trigger: trigger, retryPolicy: retryPolicy)))
    self.clock = clock
    self.fetch = fetch
    self.persistence = persistence
    self.onUpdate = onUpdate
  }

  deinit {
    state.withLock { state in
      for task in state.tasks.values { task.cancel() }
      state.retry.cancel()?.cancel()
    }
  }

  /// The items loaded so far, sorted and free of duplicates.
  ///
  /// - Complexity: O(1) (copy on write).
  public var list: FeedList<Item> { state.withLock { $0.machine.list } }
  /// The state of the tail end (load more).
  public var tail: PagerPhase<C.Instant> { state.withLock { $0.machine.tail } }
  /// The state of the head end (refresh).
  public var head: PagerPhase<C.Instant> { state.withLock { $0.machine.head } }

  /// Restores the last saved list and cursor from the persistence.
  ///
  /// - Returns: Whether a snapshot was found.
  /// - Throws: The persistence's error if it cannot be read.
  @discardableResult
  public func restore() throws -> Bool {
    guard let snapshot = try persistence?.load() else { return false }
    perform { $0.restore(snapshot) }
    return true
  }

  /// Reports the list's geometry; fetches the next page if the trigger says so.
  public func scrolled(_ input: PageTriggerInput) {
    let now = clock.now
    perform { $0.scrolled(input, now: now) }
  }

  /// Fetches the next tail page now, whatever the trigger says.
  public func loadNextPage() {
    let now = clock.now
    perform { $0.loadNextPage(now: now) }
  }

  /// Fetches the newest page and merges it at the head (pull to refresh).
  public func refresh() {
    let now = clock.now
    perform { $0.refresh(now: now) }
  }

  /// Retries a failed tail page now.
  public func retry() {
    let now = clock.now
    perform { $0.retry(now: now) }
  }

  /// Cancels every request in flight.
  public func cancelAll() {
    perform { $0.cancelAll() }
  }

  // MARK: - Driving

  /// What to save after a change, captured in O(1) under the lock.
  private struct PendingSave {
    var list: FeedList<Item>
    var nextCursor: PageCursor?
    var hasMore: Bool
    var version: Int
  }

  private func perform(
    _ event: (inout PagerStateMachine<Item, C.Instant>) -> [PagerAction<C.Instant>]
  ) {
    let (actions, pending, retry) = state.withLock { state in
      let actions = event(&state.machine)
      var pending: PendingSave?
      var retry: WakeUpTimer.Request?
      for action in actions {
        switch action {
        case .listChanged where pending == nil:
          state.version += 1
          pending = PendingSave(
            list: state.machine.list, nextCursor: state.machine.nextCursor,
            hasMore: state.machine.hasMore, version: state.version)
        case .tailFailed(_, .some):
          // Asked for under the lock that decided it, so the latest decision wins.
          retry = state.retry.ask()
        default:
          break
        }
      }
      return (actions, pending, retry)
    }
    for action in actions { run(action, pending: pending, retry: retry) }
  }

  private func run(
    _ action: PagerAction<C.Instant>, pending: PendingSave?, retry: WakeUpTimer.Request?
  ) {
    switch action {
    case .fetch(let request):
      state.startTask { [weak self, fetch] in
        let result: Result<Page<Item>, any Error>
        do {
          result = .success(try await fetch(request))
        } catch {
          result = .failure(error)
        }
        self?.complete(request, with: result)
      } adopt: { state, task in
        // Between the action and this line the request may have finished or been
        // cancelled by another thread; only an in-flight request keeps its task.
        guard state.machine.tail.request == request || state.machine.head.request == request
        else { return false }
        state.tasks[request.id] = task
        return true
      }
    case .cancel(let request):
      let task = state.withLock { $0.tasks.removeValue(forKey: request.id) }
      task?.cancel()
    case .tailFailed(let error, let retryAt):
      onUpdate(PagerUpdate(kind: .pageFailed(error), list: list))
      guard let deadline = retryAt, let retry else { return }
      state.startWakeUp(retry, of: \.retry) { [weak self, clock] in
        do {
          try await clock.sleep(until: deadline, tolerance: nil)
        } catch {
          return
        }
        self?.tick()
      }
    case .listChanged(let change):
      guard let pending else { return }
      save(pending)
      onUpdate(PagerUpdate(kind: .listChanged(change), list: pending.list))
    case .refreshFailed(let error):
      onUpdate(PagerUpdate(kind: .refreshFailed(error), list: list))
    }
  }

  private func complete(_ request: PageRequest, with result: Result<Page<Item>, any Error>) {
    let now = clock.now
    state.withLock { _ = $0.tasks.removeValue(forKey: request.id) }
    perform { machine in
      switch result {
      case .success(let page): machine.pageLoaded(request, page: page, now: now)
      case .failure(let error): machine.pageFailed(request, error: error, now: now)
      }
    }
  }

  private func tick() {
    let now = clock.now
    perform { $0.tick(now: now) }
  }

  private func save(_ pending: PendingSave) {
    guard let persistence else { return }
    do {
      try savedVersion.withLock { saved in
        // Saves run on the tasks that completed the pages, possibly at once; the lock
        // serialises them so the store sees snapshots in order, the one call this
        // type makes under a lock.
        guard pending.version > saved else { return }
        let snapshot = FeedSnapshot(
          items: pending.list.items, nextCursor: pending.nextCursor, hasMore: pending.hasMore,
          savedAt: Date())
        try persistence.save(snapshot)
        saved = pending.version
      }
    } catch {
      onUpdate(PagerUpdate(kind: .saveFailed(error), list: pending.list))
    }
  }
}

/// What changed in a ``Pager``, with the list after the change.
///
/// Thread-safety: a value type; safe to share between tasks.
public struct PagerUpdate<Item: FeedItem>: Sendable {
  /// What happened.
  public enum Kind: Sendable {
    /// The list changed.
    case listChanged(PagerListChange)
    /// A refresh failed; the list was kept.
    case refreshFailed(any Error)
    /// A tail page failed; the pager retries it with backoff until the retry policy
    /// gives up.
    case pageFailed(any Error)
    /// Saving the snapshot failed; the list in memory is unaffected.
    case saveFailed(any Error)
  }

  /// What happened.
  public var kind: Kind
  /// The list after the change.
  public var list: FeedList<Item>
}
