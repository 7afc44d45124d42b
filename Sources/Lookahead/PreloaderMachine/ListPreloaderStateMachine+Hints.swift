import Foundation

extension ListPreloaderStateMachine {
  // MARK: - Prefetch hints

  /// The platform hinted that these items will be needed soon: the calls of
  /// `UICollectionViewDataSourcePrefetching.prefetchItemsAt` and its table-view twin.
  ///
  /// UIKit's prefetch calls are a hint, not a source of truth: they repeat the same
  /// items, miss compositional and orthogonal sections, and do not know the network.
  /// The strategy decides from the geometry and the scroll, with or without hints. A
  /// hint only adds a request of its own through the item's resource key — the key
  /// cells and the cache use — at the lowest priority (`.idle`, after the strategy's
  /// idle requests), by the ``ListPreloaderWaiter/hint`` waiter:
  ///
  /// - an item the strategy or a cell already wants gets nothing new: the hint joins
  ///   its load and never lowers it;
  /// - a hint repeated before its load ends changes nothing;
  /// - a hint load takes a slot only when nothing else waits for one, and yields it to
  ///   any request of the strategy, a cell or the pager (an `idle` load is preempted by
  ///   anything more urgent);
  /// - the strategy's decisions ignore loads that only hints wait for.
  ///
  /// Hints are ignored while the ranges are constrained to the screen (a memory warning,
  /// the background, a list off screen), and withdrawn when that happens.
  ///
  /// - Parameters:
  ///   - ids: The hinted items; items not in the list, without a resource, or whose
  ///     resource is cached are skipped.
  ///   - now: The current time.
  ///   - isCached: Whether a key's resource is ready in memory.
  /// - Returns: The actions to perform; empty when every hint was already known.
  /// - Complexity: O(*h* (log *n* + *w*)) for *h* hints, *n* loaded items and *w*
  ///   waiters per key, plus the starts.
  package mutating func hintPrefetch(
    _ ids: some Sequence<Item.ID>, now: Duration, isCached: (Key) -> Bool
  ) -> [Action] {
    guard !isConstrained, !viewing.isInBackground else { return [] }
    var requests: [WantedSet<QueueKey>.Request] = []
    for id in ids {
      guard let key = hintKey(of: id), !isCached(key),
        !queue.hasRequest(for: .resource(key), by: .hint)
      else { continue }
      requests.append(
        WantedSet.Request(key: .resource(key), priority: .idle, order: .greatestFiniteMagnitude))
      viewInputs.hintedKeys[key] = id
    }
    guard !requests.isEmpty else { return [] }
    var actions: [Action] = []
    absorb(
      queueEvent {
        $0.apply(WantedSetChanges(wanted: requests, unwanted: []), by: .hint, now: now)
      },
      now: now, into: &actions)
    // After the queue has the new hints: pruning before forgot them (they had no request
    // yet), and a memory warning then left their loads running.
    pruneHintedKeysIfNeeded()
    announceWakeUp(into: &actions)
    return actions
  }

  /// The platform withdrew its hint for these items: the calls of
  /// `cancelPrefetchingForItemsAt`. Only the hints' own requests are withdrawn: a load
  /// the strategy or a cell still waits for goes on at their priority, and a load only
  /// hints waited for is cancelled. Withdrawing twice, or a hint never given, is
  /// harmless.
  ///
  /// - Parameters:
  ///   - ids: The items.
  ///   - now: The current time.
  /// - Returns: The actions to perform.
  /// - Complexity: O(*h* (log *n* + *w*)) for *h* items, *n* loaded items and *w*
  ///   waiters per key.
  package mutating func withdrawPrefetchHint(_ ids: some Sequence<Item.ID>, now: Duration)
    -> [Action]
  {
    var keys: [QueueKey] = []
    for id in ids {
      guard let key = hintKey(of: id), queue.hasRequest(for: .resource(key), by: .hint)
      else { continue }
      keys.append(.resource(key))
      viewInputs.hintedKeys[key] = nil
    }
    guard !keys.isEmpty else { return [] }
    var actions: [Action] = []
    absorb(
      queueEvent { $0.apply(WantedSetChanges(wanted: [], unwanted: keys), by: .hint, now: now) },
      now: now, into: &actions)
    return actions
  }

  /// Whether a hint waits for the resource of `key`.
  ///
  /// - Complexity: O(*w*) for the waiters of `key`.
  package func isHinted(_ key: Key) -> Bool { queue.hasRequest(for: .resource(key), by: .hint) }

  /// Withdraws every hint when the ranges are constrained to the screen or the app is
  /// in the background: hints are prefetches, and those stop then.
  mutating func withdrawHintsIfConstrained(now: Duration, into actions: inout [Action]) {
    guard isConstrained || viewing.isInBackground, !viewInputs.hintedKeys.isEmpty else { return }
    let hinted = viewInputs.hintedKeys.filter {
      queue.hasRequest(for: .resource($0.key), by: .hint)
    }
    viewInputs.hintedKeys = [:]
    viewInputs.hintedKeysAfterPruning = 0
    guard !hinted.isEmpty else { return }
    // In list order: a dictionary's order differs between processes.
    let unwanted =
      hinted
      .map { (key: $0.key, position: pages.pager.list.index(ofID: $0.value) ?? Int.max) }
      .sorted { $0.position < $1.position }
      .map { QueueKey.resource($0.key) }
    absorb(
      queueEvent {
        $0.apply(WantedSetChanges(wanted: [], unwanted: unwanted), by: .hint, now: now)
      },
      now: now, into: &actions)
  }

  /// The resource key of a hinted item, or `nil` when it is not in the list or has none.
  private func hintKey(of id: Item.ID) -> Key? {
    guard let position = pages.pager.list.index(ofID: id) else { return nil }
    return resourceKey(pages.pager.list[position])
  }

  /// Forgets keys whose hint is gone once the set doubled since the last pruning.
  private mutating func pruneHintedKeysIfNeeded() {
    let count = viewInputs.hintedKeys.count
    guard count >= Swift.max(64, 2 * viewInputs.hintedKeysAfterPruning) else { return }
    let queue = queue
    viewInputs.hintedKeys = viewInputs.hintedKeys.filter {
      queue.hasRequest(for: .resource($0.key), by: .hint)
    }
    viewInputs.hintedKeysAfterPruning = viewInputs.hintedKeys.count
  }
}
