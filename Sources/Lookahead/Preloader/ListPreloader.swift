import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// Preloads one list: its pages from a cursor API, and each item's resource (an image,
/// a detail document) into a cache, ahead of the user's scrolling. The one object an
/// app creates per list.
///
/// ```swift
/// let preloader = ListPreloader(
///   configuration: ListPreloaderConfiguration(viewportSize: view.bounds.size),
///   pages: FeedSource(api: api),           // a PageSource
///   loader: URLSessionLoader(),
///   cache: MemoryCache<URL, Data>(costLimit: 50_000_000),
///   resourceKey: { $0.imageURL }, itemLength: { $0.height })
/// preloader.start()                        // the first page
/// // scrollViewDidScroll:
/// preloader.scrolled(to: scrollView.contentOffset)
/// // a cell:
/// imageView.image = preloader.cachedResource(for: post).map(UIImage.init(data:))
/// ```
///
/// Its decisions are one pure state machine, `ListPreloaderStateMachine`, which the
/// simulator runs too: the strategy (``PreloadStrategy/adaptive`` unless given) decides
/// on every scroll sample which pages and resources to load, and this runner performs
/// them on a real clock: pages through the ``PageSource``, resources through the
/// ``Loader`` into the ``Caching`` cache, with the load queue's priorities, joins,
/// cancellation and retries.
///
/// **One owner.** The cache is the only place loaded resources live: cells read it
/// synchronously (``cachedResource(for:)``), and the strategy asks it what is ready.
/// Give the preloader a `MemoryCache`, or a `TieredCache` (memory and disk, from
/// `LookaheadStore`); memory and disk hits are not network loads and teach the
/// strategy nothing about latency or bandwidth.
///
/// **Lifetime.** Keep the preloader with the list's owner (the view controller or the
/// model), never in a view that is rebuilt. When it is released, every load, page
/// request and timer is cancelled, waiting cell lookups throw `CancellationError`, and
/// event streams finish.
///
/// **Threads.** Send scroll and drag events from the main thread, in order; loads and
/// pages complete on background tasks. Every method is thread-safe and cheap enough for
/// the main thread during scrolling: state changes under a short lock, and tasks are
/// started, cancelled and resumed after it is released. Events reach observers
/// (``events(bufferingPolicy:)``) in the order they happened, also given after the
/// lock, so a task's cancellation handler may call the preloader.
///
/// **Field metrics.** The preloader counts the metrics the simulator reports
/// (``metrics``), and with `traceCapacity` it records the scroll trace it sees, to
/// replay it in the simulator (``recordedTrace``).
public final class ListPreloader<Item: FeedItem, Key: Hashable & Sendable, Resource: Sendable>:
  Sendable
{
  /// The state machine this preloader runs.
  typealias StateMachine = ListPreloaderStateMachine<Item, Key>
  /// The events of ``events(bufferingPolicy:)``.
  public typealias Event = ListPreloaderEvent<Item, Key>

  let locked: Locked<State>
  /// Loads a resource over the network and processes it: the value for the cache and
  /// the bytes that crossed the network.
  let fetch: @Sendable (Key) async throws -> (Resource, transferred: Int)
  let cache: any Caching<Key, Resource>
  let pages: any PageSource<Item>
  /// A resource's cost in the memory tier.
  let size: @Sendable (Resource) -> Int
  let classify: @Sendable (any Error) -> LoadError
  let now: @Sendable () -> Duration
  let sleep: @Sendable (Duration) async throws -> Void
  /// The item's resource key, outside the lock, for cell lookups.
  let resourceKey: @Sendable (Item) -> Key?

  /// Creates a preloader with an empty list; call ``start()`` to load the first page.
  ///
  /// - Parameters:
  ///   - strategy: When to page and which resources to load; ``PreloadStrategy/adaptive``
  ///     unless given.
  ///   - configuration: The viewport, the geometry and the load queue's settings.
  ///   - pages: Where pages come from.
  ///   - loader: Loads a resource the cache does not have.
  ///   - cache: Where resources live; the one owner of loaded values.
  ///   - resourceKey: The key of an item's resource, or `nil` when it has none. A pure
  ///     function of the item: called once for each item a page or a refresh brings (the
  ///     machine keeps the keys), and by cell lookups.
  ///   - itemLength: An item's length along the scrolling axis (its height in a vertical
  ///     list); not asked for a grid.
  ///   - size: A resource's size in bytes: its cost in the memory cache and what the
  ///     strategy learns bandwidth from.
  ///   - clock: The clock of retries, latencies and metrics; a manual clock in tests.
  ///   - traceCapacity: How many scroll samples to keep for ``recordedTrace`` (at 60 Hz,
  ///     36,000 is ten minutes); `nil` records nothing.
  ///   - classify: Maps a loader's error to transient, permanent or cancelled.
  public convenience init(
    strategy: PreloadStrategy = .adaptive,
    configuration: ListPreloaderConfiguration,
    pages: some PageSource<Item>,
    loader: some Loader<Key, Resource>,
    cache: some Caching<Key, Resource>,
    resourceKey: @escaping @Sendable (Item) -> Key?,
    itemLength: @escaping @Sendable (Item) -> CGFloat,
    size: @escaping @Sendable (Resource) -> Int,
    clock: some Clock<Duration> = ContinuousClock(),
    traceCapacity: Int? = nil,
    classify: @escaping @Sendable (any Error) -> LoadError = LoadError.classifying
  ) {
    self.init(
      strategy: strategy, configuration: configuration, pages: pages, loader: loader,
      process: { value, _ in value }, transferredBytes: size, cost: size, cache: cache,
      resourceKey: resourceKey, itemLength: itemLength, clock: clock,
      traceCapacity: traceCapacity, classify: classify)
  }

  /// Creates a preloader whose resources are processed between the loader and the cache:
  /// decoded, downsampled to the cell's size, parsed.
  ///
  /// `process` runs in the load's task, off the main thread and at the load's priority,
  /// never for a load that was cancelled; the cache's memory tier holds what it returns,
  /// at `cost`, so a cell shows it without further work. The field metrics count
  /// `transferredBytes` of what the loader returned, the bytes that crossed the network.
  /// (A `TieredCache` made with a processing step keeps the loaded bytes on disk.)
  ///
  /// ```swift
  /// let preloader = ListPreloader(
  ///   configuration: configuration, pages: pages, loader: URLSessionLoader(),
  ///   process: { data, _ in try Thumbnail(decoding: data, fitting: cellSize) },
  ///   transferredBytes: { $0.count }, cost: { $0.decodedByteCount },
  ///   cache: MemoryCache<URL, Thumbnail>(costLimit: 150_000_000),
  ///   resourceKey: { $0.imageURL }, itemLength: { $0.height })
  /// ```
  ///
  /// - Parameters:
  ///   - strategy: When to page and which resources to load; adaptive unless given.
  ///   - configuration: The viewport, the geometry and the load queue's settings.
  ///   - pages: Where pages come from.
  ///   - loader: Loads what the cache does not have, as it comes over the network.
  ///   - process: Turns a loaded value into the resource; a thrown error fails the load
  ///     for good.
  ///   - transferredBytes: The bytes a loaded value took on the network.
  ///   - cost: A resource's cost in the memory tier, in bytes (a decoded image's pixels).
  ///   - cache: Where resources live; the one owner of processed values.
  ///   - resourceKey: The key of an item's resource, or `nil` when it has none.
  ///   - itemLength: An item's length along the scrolling axis; not asked for a grid.
  ///   - clock: The clock of retries, latencies and metrics; a manual clock in tests.
  ///   - traceCapacity: How many scroll samples to keep for ``recordedTrace``, or `nil`.
  ///   - classify: Maps a loader's error to transient, permanent or cancelled.
  public init<Loaded: Sendable>(
    strategy: PreloadStrategy = .adaptive,
    configuration: ListPreloaderConfiguration,
    pages: some PageSource<Item>,
    loader: some Loader<Key, Loaded>,
    process: @escaping @Sendable (Loaded, Key) throws -> Resource,
    transferredBytes: @escaping @Sendable (Loaded) -> Int,
    cost: @escaping @Sendable (Resource) -> Int,
    cache: some Caching<Key, Resource>,
    resourceKey: @escaping @Sendable (Item) -> Key?,
    itemLength: @escaping @Sendable (Item) -> CGFloat,
    clock: some Clock<Duration> = ContinuousClock(),
    traceCapacity: Int? = nil,
    classify: @escaping @Sendable (any Error) -> LoadError = LoadError.classifying
  ) {
    var configuration = configuration
    configuration.loadQueue = configuration.loadQueue.drawingJitterSeed()
    let machine = StateMachine(
      strategy: strategy, configuration: configuration, resourceKey: resourceKey,
      itemLength: itemLength)
    locked = Locked(State(machine: machine, trace: traceCapacity.map(ScrollTraceRecorder.init)))
    fetch = { key in
      let loaded = try await loader.load(key)
      let bytes = transferredBytes(loaded)
      // A load cancelled while it ended is never processed; its bytes still count.
      if Task.isCancelled { throw LoadError.cancelled(transferredBytes: bytes) }
      return (try process(loaded, key), bytes)
    }
    self.cache = cache
    self.pages = pages
    size = cost
    self.classify = classify
    self.resourceKey = resourceKey
    let epoch = clock.now
    now = { epoch.duration(to: clock.now) }
    sleep = { try await clock.sleep(until: epoch.advanced(by: $0), tolerance: nil) }
  }

  deinit {
    let effects = locked.withLock { $0.closeAll() }
    effects.perform()
  }

  // MARK: - Reading

  /// The loaded items, sorted and free of duplicates; position *i* is the *i*-th cell.
  ///
  /// - Complexity: O(1) (copy on write).
  public var items: FeedList<Item> { locked.withLock { $0.machine.items } }

  /// The geometry of the loaded items.
  public var geometry: ListGeometry { locked.withLock { $0.machine.geometry } }

  /// The items overlapping the viewport now.
  public var visibleItems: Range<Int> { locked.withLock { $0.machine.visibleItems } }

  /// Whether the backend may have more items at the tail.
  public var hasMore: Bool { locked.withLock { $0.machine.hasMore } }

  /// A copy of the state machine, for inspection (the strategy's learned state, the
  /// tracker, the pager's phases).
  @_spi(Inspection) public var stateMachine: ListPreloaderStateMachine<Item, Key> {
    locked.withLock { $0.machine }
  }

  /// The metrics the simulator reports, counted since the preloader was created, with
  /// the same definitions: every call of ``scrolled(to:)`` (or a scroll-view state) at a
  /// new time is a frame — call it once per display frame, at rest too, and the metrics
  /// count what the user saw. `requests` counts page requests and loads started, less
  /// those a cache tier answered (memory and disk hits are not requests); `bytes` counts
  /// resources that came from the loader, pages whose source reports their size, and the
  /// bytes a cancelled load had transferred when its loader reports them
  /// (``LoadError/transferredBytes``; ``URLSessionLoader`` does), which also count as
  /// wasted.
  public var metrics: ListMetrics { locked.withLock { $0.currentMetrics() } }

  /// The scroll trace recorded so far as CSV (`t_ms,offset_pt`), or `nil` when the
  /// preloader was created without a `traceCapacity`.
  public var recordedTrace: String? { locked.withLock { $0.trace?.csv } }

  // MARK: - Scrolling

  /// Loads the first page when the list is empty.
  public func start() {
    update { state, now in state.machine.start(now: now) }
  }

  /// One scroll sample: call it from `scrollViewDidScroll` with the content offset.
  ///
  /// - Parameter offset: The content offset (the viewport's origin); finite.
  public func scrolled(to offset: CGPoint) {
    let cache = cache
    update { state, now in
      let axis = state.machine.geometry.axis
      state.trace?.record(offset: Double(axis.offset(of: offset)), at: now)
      let actions = state.machine.scrolled(
        to: offset, now: now, readiness: CacheReadiness(cache: cache, loads: state.loads))
      state.recordFrame(now: now, cache: cache)
      return actions
    }
  }

  /// One scroll sample of a vertical list (or, for a horizontal one, its horizontal
  /// offset).
  ///
  /// - Parameter offset: The content offset along the scrolling axis.
  public func scrolled(toOffset offset: CGFloat) {
    let axis = locked.withLock { $0.machine.geometry.axis }
    scrolled(to: axis == .vertical ? CGPoint(x: 0, y: offset) : CGPoint(x: offset, y: 0))
  }

  /// Forward `scrollViewWillBeginDragging`.
  public func beginDragging() {
    locked.withLock { $0.machine.beginDragging(now: now()) }
  }

  /// Forward `scrollViewWillEndDragging(withVelocity:targetContentOffset:)`.
  ///
  /// - Parameters:
  ///   - velocity: The release velocity in points per millisecond, as UIKit gives it.
  ///   - targetOffset: Where UIKit says the content will stop.
  public func endDragging(velocity: CGPoint, targetOffset: CGPoint?) {
    locked.withLock {
      $0.machine.endDragging(velocity: velocity, targetOffset: targetOffset, now: now())
    }
  }

  /// Forward `scrollViewDidEndDecelerating`.
  public func endDecelerating() {
    locked.withLock { $0.machine.endDecelerating(now: now()) }
  }

  /// The visible area changed size (rotation, split view).
  ///
  /// - Parameter size: The new size.
  public func resizeViewport(to size: CGSize) {
    locked.withLock { $0.machine.resizeViewport(to: size) }
  }

  // MARK: - Pages

  /// Fetches the newest page and merges it at the head (pull to refresh).
  public func refresh() {
    update { state, now in state.machine.refresh(now: now) }
  }

  /// Fetches the next page now, whatever the trigger says (a "load more" button).
  public func loadNextPage() {
    update { state, now in state.machine.loadNextPage(now: now) }
  }

  /// Retries a failed tail page now.
  public func retryPage() {
    update { state, now in state.machine.retryPage(now: now) }
  }

  /// The list and the cursor of its next page, to save in a `FeedStore` (on a background
  /// task) and give back to ``restore(_:)`` at the next launch.
  ///
  /// ```swift
  /// let snapshot = preloader.snapshot()
  /// Task.detached { try store.save(snapshot, forFeed: "home") }
  /// ```
  ///
  /// - Parameter savedAt: When the snapshot is taken; now unless given.
  /// - Complexity: O(*n*) for *n* loaded items.
  public func snapshot(savedAt: Date = Date()) -> FeedSnapshot<Item> {
    locked.withLock { $0.machine.snapshot(savedAt: savedAt) }
  }

  /// Shows a saved list at once (restored from a `FeedStore`), before the network
  /// answers.
  ///
  /// - Parameter snapshot: The saved items and cursor.
  public func restore(_ snapshot: FeedSnapshot<Item>) {
    update { state, now in state.machine.restore(snapshot, now: now) }
  }

  /// Cancels every load and page request and forgets what the strategy wanted; the next
  /// scroll sample decides afresh. Cells waiting for their items' resources keep waiting
  /// and get them from the strategy's next loads; a direct request (an item the list does
  /// not show) throws ``LoadError`` with kind ``LoadError/Kind/cancelled``. Releasing the
  /// preloader cancels everything for good.
  public func cancelAll() {
    update { state, now in state.machine.cancelAll(now: now) }
  }

  // MARK: - Lifecycle

  /// Forward the app's memory warning: the cache's memory tier is emptied, prefetches
  /// are cancelled and the ranges shrink to what is visible until the next drag.
  public func didReceiveMemoryWarning() {
    cache.removeAllFromMemory()
    let cache = cache
    update { state, now in
      let readiness = CacheReadiness(cache: cache, loads: state.loads)
      return state.machine.didReceiveMemoryWarning(now: now, isCached: readiness.isReady)
    }
  }

  /// The app went to the background: paging and prefetching stop.
  public func didEnterBackground() {
    let cache = cache
    update { state, now in
      let readiness = CacheReadiness(cache: cache, loads: state.loads)
      return state.machine.didEnterBackground(now: now, isCached: readiness.isReady)
    }
  }

  /// The app came back to the foreground.
  public func willEnterForeground() {
    let cache = cache
    update { state, now in
      let readiness = CacheReadiness(cache: cache, loads: state.loads)
      return state.machine.willEnterForeground(now: now, isCached: readiness.isReady)
    }
  }

  /// The list went on or off screen (another screen covered it, or it came back).
  ///
  /// - Parameter isVisible: Whether the list is on screen.
  public func setListVisible(_ isVisible: Bool) {
    let cache = cache
    update { state, now in
      let readiness = CacheReadiness(cache: cache, loads: state.loads)
      return state.machine.setListVisible(isVisible, now: now, isCached: readiness.isReady)
    }
  }

  // MARK: - Observing

  /// A stream of the preloader's events, from now on, in the order they happened. It
  /// finishes when the preloader is released; cancel the consuming task to stop early
  /// (the preloader forgets the stream at its next event).
  ///
  /// - Parameter bufferingPolicy: What to keep while the consumer is behind; unbounded
  ///   by default, so that no list change is lost.
  /// - Returns: A new stream; every call makes an independent one.
  public func events(
    bufferingPolicy: AsyncStream<Event>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<Event> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Event.self, bufferingPolicy: bufferingPolicy)
    // No termination handler: the runtime runs it under the consuming task's lock when
    // that task is cancelled, and nothing run under a task's lock takes the preloader's
    // (see `deliverEvents()`). An ended stream is forgotten at the next event instead.
    locked.withLock { state in
      state.nextObserverID += 1
      state.observers[state.nextObserverID] = continuation
    }
    return stream
  }
}
