import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

extension ListPreloaderStateMachine {
  // MARK: - Loads

  /// A load finished.
  ///
  /// A network load teaches the policy its latency and size; a memory or disk hit
  /// does not (it says nothing about the network). Requests waiting for the key get
  /// a ``ListPreloaderAction/deliver(_:to:)``. An outcome whose ticket is no longer
  /// current (the load was cancelled or preempted) is ignored.
  ///
  /// - Parameters:
  ///   - key: The resource.
  ///   - ticket: The ticket of its ``ListPreloaderAction/startLoad(_:_:_:)``.
  ///   - bytes: The size of the resource.
  ///   - duration: How long the load took, from its start to its last byte.
  ///   - source: Where the value came from.
  ///   - now: The current time.
  /// - Returns: The actions to perform.
  @_specialize(exported:true,where Item == SimulatedPost, Key == Int)
  public mutating func loadFinished(
    _ key: Key, ticket: LoadTicket, bytes: Int, duration: Duration, source: LoadSource,
    now: Duration
  ) -> [Action] {
    var actions: [Action] = []
    loadFinished(
      key, ticket: ticket, bytes: bytes, duration: duration, source: source, now: now,
      into: &actions)
    return actions
  }

  /// A load finished; appends the actions to perform to `actions`, as
  /// ``loadFinished(_:ticket:bytes:duration:source:now:)`` returns them. A driver that
  /// keeps the array's storage between events allocates none for them.
  @_specialize(exported:true,where Item == SimulatedPost, Key == Int)
  package mutating func loadFinished(
    _ key: Key, ticket: LoadTicket, bytes: Int, duration: Duration, source: LoadSource,
    now: Duration, into actions: inout [Action]
  ) {
    guard queue.isRunning(.resource(key), ticket: ticket) else { return }
    if source == .network { policy.loadDidFinish(latency: duration, bytes: bytes) }
    cooldowns.forget(key)
    // Passive interests are answered with the queue's waiters (read before the queue's
    // event, which holds the machine).
    let hasInterests = interests.contains(key)
    absorbQueueActions(now: now, into: &actions) { machine, queueActions in
      var deliversToPolicyAlone = false
      machine.queueEvent {
        $0.loadFinished(.resource(key), ticket: ticket, now: now, into: &queueActions) {
          requests, queueActions in
          // A delivery to callers goes through `absorb` as a `deliver` action; one to the
          // policy (or hints) alone needs no array of waiters.
          if requests.contains(where: { if case .request = $0.waiter { true } else { false } })
            || hasInterests
          {
            queueActions.append(.deliver(.resource(key), to: requests.map(\.waiter)))
          } else {
            deliversToPolicyAlone = requests.contains { $0.waiter == .policy }
          }
        }
      }
      // As `absorb` does for a delivery, before the starts that follow it.
      if deliversToPolicyAlone { machine.wanted.set.reportNextChange(of: key) }
    }
    requestRestFrame(now: now, after: Self.restFrameDelay)
    announceWakeUp(into: &actions)
  }

  /// A load failed. Transient errors are retried with backoff (a
  /// ``ListPreloaderAction/scheduleWakeUp(at:)`` follows); permanent ones and exhausted
  /// retries end in ``ListPreloaderAction/fail(_:_:to:)``. Cancellations are not
  /// failures: report them only when the loader cancelled by itself.
  ///
  /// - Parameters:
  ///   - key: The resource.
  ///   - ticket: The ticket of its ``ListPreloaderAction/startLoad(_:_:_:)``.
  ///   - error: The classified error (``LoadError/classifying(_:)``).
  ///   - now: The current time.
  /// - Returns: The actions to perform.
  package mutating func loadFailed(
    _ key: Key, ticket: LoadTicket, error: LoadError, now: Duration
  ) -> [Action] {
    var actions: [Action] = []
    // A stale outcome (the load was cancelled or preempted) changes nothing to decide.
    let isCurrent = queue.isRunning(.resource(key), ticket: ticket)
    absorb(
      queueEvent { $0.loadFailed(.resource(key), ticket: ticket, error: error, now: now) },
      now: now,
      into: &actions)
    if isCurrent { requestRestFrame(now: now, after: Self.restFrameDelay) }
    announceWakeUp(into: &actions)
    return actions
  }

  /// A caller wants `key`: a cell being configured, a detail screen, a task.
  ///
  /// **One owner of starts.** Only the strategy starts and cancels the loads of the items
  /// the list shows. A request for the key of an item within a screen of the viewport
  /// (where views configure their cells) is a cell's *interest*: it waits, without
  /// touching the load queue, for whichever load of the key ends — the one in flight, or
  /// the one the strategy starts by its own rules (none for an item a fling flies over or
  /// that is leaving; the same item at rest loads). It can neither start a load nor keep
  /// alive one the strategy withdrew, so binding cells changes no decision. Any other
  /// request — an item the list does not show, a key of no item, a list off screen — is
  /// queued at once, as a waiter that joins a load in flight and raises its priority.
  ///
  /// A request ends with a ``ListPreloaderAction/deliver(_:to:)`` or a
  /// ``ListPreloaderAction/fail(_:_:to:)`` naming `id`, from whichever load of the key
  /// ends it. A cancellation never ends an interest: after ``cancelAll(now:)`` it waits
  /// for the strategy's next load of the key.
  ///
  /// - Parameters:
  ///   - key: The resource.
  ///   - id: The caller's id, unique among the requests waiting now.
  ///   - priority: How urgent a direct request is; `.visible` for a cell on screen.
  ///   - order: The position of a direct request inside its priority class.
  ///   - waitsForStrategy: Whether the request is an interest even for an item the list
  ///     does not show: a view that showed a failure waits for the strategy to want the
  ///     key again.
  ///   - now: The current time.
  /// - Returns: The actions to perform; none for an interest.
  /// - Complexity: O(*s*) for the *s* items within a screen of the viewport, plus the
  ///   queue's event for a direct request.
  @_specialize(exported:true,where Item == SimulatedPost, Key == Int)
  package mutating func request(
    _ key: Key, id: UInt64, priority: LoadPriority = .visible, order: Double = 0,
    waitsForStrategy: Bool = false, now: Duration
  ) -> [Action] {
    if waitsForStrategy || showsItem(withKey: key) {
      interests.add(key, id: id)
      return []
    }
    var actions: [Action] = []
    absorb(
      queueEvent {
        $0.want(.resource(key), by: .request(id), priority: priority, order: order, now: now)
      },
      now: now, into: &actions)
    announceWakeUp(into: &actions)
    return actions
  }

  /// A caller no longer waits for `key` (its cell was reused, its task cancelled). An
  /// interest is forgotten and changes nothing else; a direct request's load goes on while
  /// the strategy or another caller wants it, and is cancelled otherwise. Withdrawing
  /// never restarts a key. Withdrawing twice, or after the answer, is harmless.
  ///
  /// - Parameters:
  ///   - key: The resource.
  ///   - id: The caller's id.
  ///   - now: The current time.
  /// - Returns: The actions to perform; none for an interest.
  @_specialize(exported:true,where Item == SimulatedPost, Key == Int)
  package mutating func withdrawRequest(_ key: Key, id: UInt64, now: Duration) -> [Action] {
    if interests.remove(key, id: id) { return [] }
    var actions: [Action] = []
    absorb(
      queueEvent { $0.unwant(.resource(key), by: .request(id), now: now) }, now: now, into: &actions
    )
    return actions
  }

  /// The number of cells' interests waiting for a load.
  var cellInterestCount: Int { interests.count }

  /// Whether an item within a screen of the viewport has the resource `key`: the items
  /// whose cells a view may have configured.
  ///
  /// - Complexity: O(*s*) for the *s* items within a screen of the viewport.
  func showsItem(withKey key: Key) -> Bool {
    guard viewing.isListVisible else { return false }
    let span = geometry.axis.span(of: viewport)
    let reach = span.length
    let near = geometry.items(
      overlapping: AxisSpan(span.lowerBound - reach, span.upperBound + reach))
    return near.contains { itemKeys[$0] == key }
  }

  /// Cancels every load and page request and forgets what the strategy wanted; the next
  /// frame decides afresh. Cells' interests keep waiting for the strategy's next loads;
  /// other callers waiting for a key get ``LoadError/cancelled``.
  ///
  /// - Parameter now: The current time.
  /// - Returns: The actions to perform.
  package mutating func cancelAll(now: Duration) -> [Action] {
    // The queue first: withdrawing the pages one by one would start queued loads in
    // their slots.
    var actions: [Action] = []
    // Orders deferred by frames go with the wanted set below: nothing is left to order.
    absorb(queue.removeAll(now: now), now: now, into: &actions)
    actions += translate(pages.pager.cancelAll(), now: now)
    wanted.removeAll()
    // Nothing decides again until the app's next frame, not even a frame at rest.
    schedule.removeAll()
    return actions
  }

  // MARK: - Pages

  /// Asks for the next tail page now, whatever the trigger says (a "load more"
  /// button). Ignored while the tail is loading, exhausted or waiting for a retry.
  ///
  /// - Parameter now: The current time.
  /// - Returns: The actions to perform.
  @_specialize(exported:true,where Item == SimulatedPost, Key == Int)
  package mutating func loadNextPage(now: Duration) -> [Action] {
    translate(pages.pager.loadNextPage(now: Timestamp(now)), now: now)
  }

  /// Fetches the newest page to merge at the head (pull to refresh). Ignored while a
  /// refresh is in flight.
  ///
  /// - Parameter now: The current time.
  /// - Returns: The actions to perform.
  package mutating func refresh(now: Duration) -> [Action] {
    // Asking for fresh content asks for the resources that failed too.
    cooldowns.removeAll()
    return translate(pages.pager.refresh(now: Timestamp(now)), now: now)
  }

  /// Retries a failed tail page now, also after the retry policy gave up.
  ///
  /// - Parameter now: The current time.
  /// - Returns: The actions to perform.
  package mutating func retryPage(now: Duration) -> [Action] {
    schedule.wakeUps.pageRetry = nil
    return translate(pages.pager.retry(now: Timestamp(now)), now: now)
  }

  /// The list and the cursor of its next page, to save (a `FeedStore`) and give back to
  /// ``restore(_:now:)`` at the next launch.
  ///
  /// - Parameter savedAt: When the snapshot is taken.
  /// - Complexity: O(*n*) for *n* loaded items.
  package func snapshot(savedAt: Date) -> FeedSnapshot<Item> {
    pages.pager.snapshot(savedAt: savedAt)
  }

  /// Replaces the list with a saved one (at launch, before the network answers).
  ///
  /// - Parameters:
  ///   - snapshot: The saved items and cursor.
  ///   - now: The current time.
  /// - Returns: The actions to perform: page requests in flight are cancelled and a
  ///   ``ListPreloaderAction/listChanged(_:)`` replaces everything.
  public mutating func restore(_ snapshot: FeedSnapshot<Item>, now: Duration) -> [Action] {
    translate(pages.pager.restore(snapshot), now: now)
  }

  /// A page arrived.
  ///
  /// Its items are merged by id: duplicates are dropped, an item whose sort key changed
  /// moves, items out of order are put in order, and an empty page or
  /// `hasMore == false` ends the tail. The geometry takes the new items' lengths; when
  /// items land before others, the policy and the interface ranges are rebased, and
  /// the tracker is shifted at the next sample if the offset moved with the content
  /// (the app kept the visible items in place). The page's latency teaches the policy
  /// and the adaptive page trigger how slow the link is. Late answers of cancelled
  /// requests are ignored.
  ///
  /// - Parameters:
  ///   - request: The request of the ``ListPreloaderAction/fetchPage(_:)``.
  ///   - page: The page.
  ///   - now: The current time.
  /// - Returns: The actions to perform.
  @_specialize(exported:true,where Item == SimulatedPost, Key == Int)
  package mutating func pageLoaded(_ request: PageRequest, page: Page<Item>, now: Duration)
    -> [Action]
  {
    if let latency = pages.pageArrived(for: request, now: now) {
      policy.pageDidLoad(latency: latency)
    }
    var actions: [Action] = []
    releasePage(request, now: now, into: &actions)
    let pagerActions = pages.pager.pageLoaded(request, page: page, now: Timestamp(now))
    actions += translate(pagerActions, now: now)
    // A stale page (cancelled, or answered already) changes nothing to decide.
    if !pagerActions.isEmpty { requestRestFrame(now: now, after: Self.restFrameDelay) }
    announceWakeUp(into: &actions)
    return actions
  }

  /// A page request failed: a tail page is retried with backoff, a failed refresh is
  /// reported and the list kept.
  ///
  /// - Parameters:
  ///   - request: The request of the ``ListPreloaderAction/fetchPage(_:)``.
  ///   - error: What went wrong.
  ///   - now: The current time.
  /// - Returns: The actions to perform.
  package mutating func pageFailed(_ request: PageRequest, error: any Error, now: Duration)
    -> [Action]
  {
    var actions: [Action] = []
    releasePage(request, now: now, into: &actions)
    let pagerActions = pages.pager.pageFailed(request, error: error, now: Timestamp(now))
    actions += translate(pagerActions, now: now)
    if !pagerActions.isEmpty { requestRestFrame(now: now, after: Self.restFrameDelay) }
    announceWakeUp(into: &actions)
    return actions
  }
}
