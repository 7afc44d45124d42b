import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// Every per-list decision of Lookahead as one pure state machine: scroll tracking,
/// range modes, the item policy, the page trigger and pager, wanted-set diffing, the
/// load queue, the mapping between items and resource keys, layout changes from pages,
/// memory warnings and the app's lifecycle, and learning from finished loads.
///
/// Events go in, each with the time (a `Duration` since the driver's epoch), and
/// ``ListPreloaderAction``s come out. The machine never sleeps, loads or reads a clock.
/// Two drivers run it: the app runner ``ListPreloader`` (a real clock, a loader, a
/// cache, a page source) and the simulator (virtual time, a network model). Both run
/// this same code, so what the simulator measures is what an app ships.
///
/// **A frame** is one ``scrolled(to:now:readiness:)``: the tracker records the offset,
/// the page trigger may ask for the next page, the policy answers which items it wants,
/// the answer is mapped to resource keys (items without a key, and keys already cached,
/// are dropped) and diffed against the previous one, and the differences become load
/// queue events. A frame whose answer did not change allocates nothing, and one that
/// passes on the same requests as the last diffed answer skips the diff. An app reports
/// offsets only when they change, so after a load or a page finishes, and after the
/// last offset of a moving viewport, the machine asks for a frame at the unchanged
/// viewport through ``ListPreloaderAction/scheduleWakeUp(at:)``; ``tick(now:readiness:)``
/// performs it unless the driver's own frame came first (see ``restFrameDelay``).
///
/// **Items and keys.** Policies speak positions in the list; the load queue and the
/// cache speak resource keys (`resourceKey(item)`, usually a URL). Two items with the
/// same key share one load. Because the wanted set and the queue hold keys, they stay
/// valid when a refresh inserts items before the others; the policy, the interface
/// ranges and the tracker are rebased (see ``pageLoaded(_:page:now:)``).
///
/// **Pages** come from a cursor API, one request per end at a time
/// (``PagerStateMachine``). Each page's items are merged by id (duplicates dropped,
/// moved items moved, out-of-order items put in order), the geometry grows with the
/// items' lengths (`itemLength(item)`), and a ``ListPreloaderAction/listChanged(_:)``
/// carries the index changes for the screen.
///
/// ```swift
/// var machine = ListPreloaderStateMachine<Post, URL>(
///   strategy: .adaptive,
///   configuration: ListPreloaderConfiguration(viewportSize: CGSize(width: 390, height: 844)),
///   resourceKey: { $0.imageURL }, itemLength: { $0.height })
/// perform(machine.start(now: .zero))
/// perform(machine.scrolled(to: CGPoint(x: 0, y: 120), now: .milliseconds(16)) { cache.contains($0) })
/// ```
///
/// **One queue.** Page requests go through the load queue too, at the top of the
/// `visible` class: a page never waits behind prefetches (when every slot is busy it
/// preempts the least urgent running prefetch) and is never preempted itself.
///
/// **Parts.** The machine ties together four sub-machines, each a small value type:
/// the scroll and range mode (`ListViewing`), the pager and page trigger
/// (`ListPaging`), the wanted keys and the last answer diffed (`WantedLoads`), and the
/// frames at rest and wake-ups (`FrameSchedule`); with the load queue, the item keys, and
/// the storage a frame reuses (`FrameScratch`). Its own code translates between them.
///
/// A value type without locks; confine it to one thread or protect it, as
/// ``ListPreloader`` does. Its drivers are ``ListPreloader`` and the simulator; behind
/// the `Machines` SPI, the separate benchmark and live packages see only the calls they
/// make.
@_spi(Machines)
public struct ListPreloaderStateMachine<Item: FeedItem, Key: Hashable & Sendable>: Sendable {
  /// The action type of this machine.
  @_spi(Machines) public typealias Action = ListPreloaderAction<Key>

  /// The settings the machine was created with.
  package let configuration: ListPreloaderConfiguration
  /// The id of the strategy the machine runs.
  package let strategyID: String
  /// The user's scroll, the range mode, the list's visibility and the app's background.
  var viewing: ListViewing
  /// The scroll tracker: velocity, direction, phase, projected landing.
  package var tracker: ScrollTracker { viewing.tracker }
  /// How the next page is chosen; an adaptive trigger here has learned from every page
  /// and every frame.
  package var paging: PagingStrategy { pages.strategy }
  /// The geometry of the loaded items.
  @_spi(Machines) public internal(set) var geometry: ListGeometry
  /// The visible rectangle, in content coordinates.
  @_spi(Machines) public internal(set) var viewport: CGRect

  let resourceKey: @Sendable (Item) -> Key?
  let itemLength: @Sendable (Item) -> CGFloat
  /// The resource key of each loaded item, by position: `resourceKey` of the item at
  /// the same position of the list, kept in step with every list change (see
  /// `refreshItemKeys(after:)`). A frame asks for the keys of the items near the
  /// viewport several times each; read here, each is an array read instead of a call
  /// of the app's closure.
  var itemKeys = ItemKeyTable<Key>()
  var policy: AnyItemPolicy
  /// The pager, the page trigger, and each end's page request in the load queue.
  var pages: ListPaging<Item>
  /// Resources and page requests share one queue: a page takes a slot like a load and
  /// preempts a running prefetch when every slot is busy (docs/DESIGN.md, "Loading").
  var queue: LoadQueue<QueueKey, ListPreloaderWaiter>
  /// The keys the strategy wants, the item behind each, and the last answer diffed.
  var wanted = WantedLoads<Item, Key>()
  var interfaceRanges: RangeController?
  /// Storage a frame's decisions reuse, so that a frame allocates nothing of its own.
  var scratch = FrameScratch()
  /// The frames decided so far, the frame at rest wanted, and the wake-ups asked for
  /// (ListPreloaderStateMachine+RestFrames.swift).
  var schedule = FrameSchedule()
  /// Prefetch hints, scroll-view states and row appearances from a platform adapter.
  var viewInputs = ListViewInputs<Item.ID, Key>()
  /// The requests of cells waiting for their items' resources
  /// (ListPreloaderStateMachine+Requests.swift).
  var interests = CellInterests<Key>()
  /// Keys whose last load ended without a kept resource, not to ask for yet.
  var cooldowns = LoadCooldowns<Key>()

  /// Creates a machine with an empty list.
  ///
  /// - Parameters:
  ///   - strategy: When to page and which items' resources to load.
  ///   - configuration: The viewport, the geometry and the queue's settings.
  ///   - resourceKey: The key of an item's resource (its image URL), or `nil` when the
  ///     item has none. A pure function of the item: it runs once for each item a list
  ///     change brings or replaces, and the machine keeps the keys by position.
  ///   - itemLength: An item's length along the axis (its height in a vertical list);
  ///     not asked for a grid.
  @_spi(Machines) public init(
    strategy: PreloadStrategy, configuration: ListPreloaderConfiguration,
    resourceKey: @escaping @Sendable (Item) -> Key?,
    itemLength: @escaping @Sendable (Item) -> CGFloat
  ) {
    self.configuration = configuration
    strategyID = strategy.id
    viewing = ListViewing(decelerationRate: configuration.decelerationRate)
    geometry = configuration.geometry
    viewport = CGRect(origin: .zero, size: configuration.viewportSize)
    self.resourceKey = resourceKey
    self.itemLength = itemLength
    policy = strategy.policy
    pages = ListPaging(strategy: strategy.paging, retryPolicy: configuration.pagerRetryPolicy)
    queue = LoadQueue(configuration: configuration.loadQueue)
    interfaceRanges = configuration.interfaceStateTuning.map { RangeController(tuning: $0) }
  }

  // MARK: - Queries

  /// The loaded items, sorted and free of duplicates; position *i* is item *i* of the
  /// geometry.
  package var items: FeedList<Item> { pages.pager.list }

  /// Whether the backend may have more items at the tail.
  package var hasMore: Bool { pages.pager.hasMore }

  /// The state of the tail end (load more).
  package var tail: PagerPhase<Timestamp> { pages.pager.tail }

  /// The state of the head end (refresh).
  package var head: PagerPhase<Timestamp> { pages.pager.head }

  /// Whether a page is being requested at the tail (load more).
  @_spi(Inspection) public var isLoadingTail: Bool { pages.pager.tail.isLoading }

  /// The items overlapping the viewport.
  ///
  /// - Complexity: O(log *n*).
  package var visibleItems: Range<Int> {
    geometry.items(overlapping: geometry.axis.span(of: viewport))
  }

  /// Whether the viewport reaches the end of the loaded content (within
  /// `ListGeometry.endOfContentTolerance`, so that an offset a scroll view clamps at the
  /// end counts, as does an empty list) while the backend has more: the user waits for a
  /// page.
  package var isStalled: Bool {
    pages.pager.hasMore
      && geometry.axis.span(of: viewport).upperBound
        >= geometry.contentLength - ListGeometry.endOfContentTolerance
  }

  /// The resource key of the item at `position`, or `nil` when it has none.
  ///
  /// - Complexity: O(1) plus the cost of `resourceKey`.
  package func resourceKey(ofItemAt position: Int) -> Key? {
    precondition(
      position >= 0 && position < pages.pager.list.count,
      "position \(position) is out of range 0..<\(pages.pager.list.count)")
    return resourceKey(pages.pager.list[position])
  }

  /// Where the load of `key` stands.
  ///
  /// - Complexity: O(1).
  package func loadState(of key: Key) -> LoadState { queue.state(of: .resource(key)) }

  /// The ticket of the running load of `key`, if it is loading.
  ///
  /// - Complexity: O(1).
  @_spi(Inspection) public func currentTicket(of key: Key) -> LoadTicket? {
    queue.currentTicket(of: .resource(key))
  }

  /// The keys the strategy wants now, in the order they were first wanted.
  ///
  /// - Complexity: O(*n* log *n*).
  @_spi(Inspection) public var wantedKeys: [Key] { wanted.set.keys }

  /// The number of loads and page requests running.
  @_spi(Inspection) public var runningLoadCount: Int { queue.runningCount }

  /// How much storage the load queue holds, for leak checks.
  @_spi(Inspection) public var loadQueueStorage: LoadQueueStorageCounts { queue.storageCounts }

  // MARK: - Scrolling

  /// Asks for the first page when the list is empty and nothing is loading.
  ///
  /// - Parameter now: The current time.
  /// - Returns: The actions to perform.
  @_specialize(exported:true,where Item == SimulatedPost, Key == Int)
  package mutating func start(now: Duration) -> [Action] {
    guard pages.pager.list.isEmpty, !pages.pager.tail.isLoading, pages.pager.hasMore else {
      return []
    }
    return translate(pages.pager.loadNextPage(now: Timestamp(now)), now: now)
  }

  /// One frame: records the content offset, then decides pages and loads.
  ///
  /// - Parameters:
  ///   - offset: The content offset (the viewport's origin); finite.
  ///   - now: The sample's time; never earlier than the previous event's.
  ///   - readiness: Which resources are ready in memory; asked for each wanted key.
  /// - Returns: The actions to perform; empty, and not allocated, when nothing changed.
  /// - Complexity: O(log *n* + *w*) for *w* wanted items, plus the policy's own cost. A
  ///   frame whose answer did not change allocates nothing.
  @_spi(Machines) public mutating func scrolled(
    to offset: CGPoint, now: Duration, readiness: some ResourceReadiness<Key>
  ) -> [Action] {
    var actions: [Action] = []
    scrolled(to: offset, now: now, readiness: readiness, into: &actions)
    return actions
  }

  /// One frame; appends the actions to perform to `actions`, as
  /// ``scrolled(to:now:readiness:)`` returns them. A driver that keeps the array's
  /// storage between frames allocates none for them.
  @_specialize(
    exported:true,where Item == SimulatedPost, Key == Int, Readiness == SimulatedReadiness
  )
  package mutating func scrolled<Readiness: ResourceReadiness<Key>>(
    to offset: CGPoint, now: Duration, readiness: Readiness, into actions: inout [Action]
  ) {
    let isFirstDrag = viewing.record(offset: offset, at: now, axis: geometry.axis)
    viewport.origin = offset
    schedule.frameDecided(at: now)
    if viewing.tracker.isMoving { requestRestFrame(now: now, after: Self.settleDelay) }
    if isFirstDrag { policy.userDidBeginDragging() }
    let pageActions = decidePages(now: now)
    if !pageActions.isEmpty { actions.append(contentsOf: pageActions) }
    decideItems(now: now, readiness: readiness, into: &actions)
  }

  /// One frame, with readiness answered by a closure (convenient in tests and scripts;
  /// the closure is boxed once per call, so a driver on the hot path passes a
  /// ``ResourceReadiness`` to ``scrolled(to:now:readiness:)``).
  ///
  /// - Parameters:
  ///   - offset: The content offset (the viewport's origin); finite.
  ///   - now: The sample's time; never earlier than the previous event's.
  ///   - isCached: Whether a key's resource is ready in memory.
  /// - Returns: The actions to perform.
  @_specialize(exported:true,where Item == SimulatedPost, Key == Int)
  package mutating func scrolled(
    to offset: CGPoint, now: Duration, isCached: (Key) -> Bool
  ) -> [Action] {
    var actions: [Action] = []
    scrolled(to: offset, now: now, isCached: isCached, into: &actions)
    return actions
  }

  /// One frame, with readiness answered by a closure; appends the actions to perform to
  /// `actions`, as ``scrolled(to:now:isCached:)`` returns them.
  @_specialize(exported:true,where Item == SimulatedPost, Key == Int)
  package mutating func scrolled(
    to offset: CGPoint, now: Duration, isCached: (Key) -> Bool, into actions: inout [Action]
  ) {
    withoutActuallyEscaping(isCached) { isCached in
      scrolled(
        to: offset, now: now, readiness: ClosureReadiness(isCached: isCached), into: &actions)
    }
  }

  /// The user put a finger on the list.
  ///
  /// The first drag widens Texture's ranges (minimum to full); a drag after a memory
  /// warning or a return from the background widens them again.
  ///
  /// - Parameter now: The event's time.
  @_spi(Machines) public mutating func beginDragging(now: Duration) {
    viewing.beginDragging(now: now)
    policy.userDidBeginDragging()
  }

  /// The user lifted the finger.
  ///
  /// - Parameters:
  ///   - velocity: The release velocity in points per millisecond (UIKit's
  ///     `withVelocity`).
  ///   - targetOffset: Where UIKit says the content will stop, if known.
  ///   - now: The event's time.
  package mutating func endDragging(velocity: CGPoint, targetOffset: CGPoint?, now: Duration) {
    viewing.endDragging(velocity: velocity, targetOffset: targetOffset, now: now)
  }

  /// The content stopped after decelerating.
  ///
  /// - Parameter now: The event's time.
  package mutating func endDecelerating(now: Duration) {
    viewing.endDecelerating(now: now)
  }

  /// The visible area changed size (rotation, split view).
  ///
  /// - Parameter size: The new size; finite and non-negative.
  package mutating func resizeViewport(to size: CGSize) {
    precondition(
      size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0,
      "size must be finite and non-negative, got \(size)")
    viewport.size = size
  }
}
