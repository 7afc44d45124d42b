import Foundation
@_spi(Machines) @_spi(Inspection) @_spi(Simulation) import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// Replays a trace frame by frame on virtual time through the list preloader's state
/// machine (``ListPreloaderStateMachine``) — the same decisions an app's
/// ``ListPreloader`` takes — with loads completing according to the ``NetworkModel``.
///
/// Per frame (docs/DESIGN.md, "Precise definitions"): the network advances to the frame's
/// time (completions are handled at their exact instants, and the machine starts its next
/// loads then); the frame is measured; then the machine decides pages and loads for the
/// frame's offset.
struct SimulationDriver {
  private let trace: Trace
  /// The world's description: sizes, pages, viewport.
  private let world: World
  /// The world's layout of every item, for measuring frames.
  private let geometry: WorldLayout
  private var machine: ListPreloaderStateMachine<SimulatedPost, Int>
  /// For the oracle: page `p` is requested once the run reaches `pageSchedule[p]`.
  private let pageSchedule: [Milliseconds]?
  private var network: NetworkModel
  /// The cache and the loads in flight, shared with the oracle.
  private let images: SimulatedImages
  /// The simulated memory cache (in ``images``).
  private var cache: ImageCacheModel { images.cache }
  private var metrics: MetricsCollector
  /// The bytes of each image, remembered: a load's start asks for them.
  private var imageSizes: ImageSizes
  private var pendingPage: (request: PageRequest, index: Int)?
  private var loadedPages = 0
  /// The items whose cells are bound: they overlap the viewport widened by the world's
  /// configure-ahead margin. Positions only grow (pages append), so a range.
  private var boundCells: Range<Int> = 0..<0
  /// The machine's actions of one event, kept between events so that their storage is
  /// reused; empty in between.
  private var scratchActions: [ListPreloaderAction<Int>] = []
  /// Called after every frame's decisions, when per-frame data is wanted.
  var onFrame: ((FrameRecord) -> Void)?
  /// Called for every load and page the machine starts or cancels, and every
  /// completion, with its time: the decisions an app's runner must reproduce.
  var onDecision: ((SimulationDecision) -> Void)?

  /// Creates a driver.
  ///
  /// - Parameters:
  ///   - setup: The trace, world and seed.
  ///   - strategy: The strategy the machine runs.
  ///   - pageSchedule: When each page is requested, for a strategy that pages by hand.
  ///   - geometry: The world's geometry, when the caller already built it.
  ///   - images: The run's cache and loads in flight, when a clairvoyant policy reads them.
  ///   - concurrentLoads: How many image loads and pages may run at once; the world's
  ///     number of connections unless given.
  ///   - preemptsForVisible: Whether a request for an item on screen may take the
  ///     connection of a running prefetch (the load queue's default).
  init(
    setup: SimulationSetup, strategy: PreloadStrategy, pageSchedule: [Milliseconds]? = nil,
    geometry: WorldLayout? = nil, images: SimulatedImages? = nil, concurrentLoads: Int? = nil,
    preemptsForVisible: Bool = true
  ) {
    trace = setup.trace
    let world = setup.world
    self.world = world
    self.geometry = geometry ?? world.geometry
    self.pageSchedule = pageSchedule
    network = NetworkModel(
      profile: world.network, seed: setup.seed, diskReadTime: world.diskReadTime)
    self.images = images ?? SimulatedImages(capacity: world.memoryCacheBytes)
    metrics = MetricsCollector(pageSize: world.pageSize)
    imageSizes = ImageSizes(world: world)
    let width = CGFloat(world.viewport.width)
    let machineGeometry: ListGeometry =
      switch world.layout {
      case .feed: .list(crossLength: width)
      case .grid(let columns, let cellLength):
        .grid(columns: columns, rowLength: CGFloat(cellLength), crossLength: width)
      }
    machine = ListPreloaderStateMachine(
      strategy: strategy,
      configuration: ListPreloaderConfiguration(
        viewportSize: CGSize(width: width, height: CGFloat(world.viewport.height)),
        geometry: machineGeometry, pageSize: world.pageSize,
        loadQueue: LoadQueueConfiguration(
          maximumConcurrentLoads: concurrentLoads ?? world.network.connections,
          allowsPreemption: preemptsForVisible),
        interfaceStateTuning: nil),
      resourceKey: { $0.id },
      itemLength: { CGFloat(world.itemHeight($0.id)) })
  }

  private var loadedItemCount: Int { machine.geometry.itemCount }
  private var hasMore: Bool { world.hasMore(loadedPages: loadedPages) }

  /// Runs the whole trace and returns its metrics.
  mutating func run() -> RunMetrics {
    // At t = 0 the list is empty and page 0 is requested before any strategy decides.
    perform(machine.start(now: .zero), at: 0)
    for sample in trace.samples {
      let time = sample.time
      while let completion = network.nextCompletion(notAfter: time) {
        handle(completion)
      }
      let visible: Range<Int>
      do {
        // One read of the cache for the frame: reading the class's property per item cost
        // an exclusivity check and a copy each. It ends with this scope, so that
        // `markUsed` below does not copy the cache's storage.
        visible = metrics.recordFrame(
          time: time, offset: sample.offset, viewportHeight: world.viewport.height,
          layout: geometry, loadedItemCount: loadedItemCount, hasMore: hasMore,
          readiness: images.readiness)
      }
      images.markUsed(visible)
      if let pageSchedule, pendingPage == nil, hasMore, loadedPages < pageSchedule.count,
        time >= pageSchedule[loadedPages]
      {
        perform(machine.loadNextPage(now: .simulated(milliseconds: time)), at: time)
      }
      var actions = takeScratchActions()
      machine.scrolled(
        to: CGPoint(x: 0, y: sample.offset), now: .simulated(milliseconds: time),
        readiness: images.readiness, into: &actions)
      performAndKeep(actions, at: time)
      bindCells(offset: sample.offset, at: time)
      if let onFrame {
        onFrame(
          FrameRecord(
            time: time, offset: sample.offset, velocity: Double(machine.tracker.velocity.y),
            phase: machine.tracker.phase, visible: visible,
            blank: visible.filter { !cache.isReady($0) },
            loadedItemCount: loadedItemCount,
            isStalled: hasMore
              && geometry.extendsPastContent(
                offset: sample.offset, viewportHeight: world.viewport.height,
                loadedItemCount: loadedItemCount),
            imagesInFlight: images.loads.count,
            wanted: machine.wantedKeys.sorted()))
      }
    }
    return metrics.finish(network: network.statistics, peakCacheBytes: cache.peakBytes)
  }

  // MARK: - Cells

  /// Binds and unbinds cells as a view configures and reuses them once the frame is
  /// decided: the cells of the items that left the configured area are reused first, then
  /// the items that entered it get cells, nearest the start first. A cell asks for its
  /// item's resource with a request the machine treats as an interest (it joins a load in
  /// flight or waits for the strategy), as ``ResourceBinding`` does in an app; its id is
  /// the item's.
  private mutating func bindCells(offset: Double, at time: Milliseconds) {
    let margin = world.cellConfigureAhead
    let configured = geometry.items(
      overlapping: (offset - margin)..<(offset + world.viewport.height + margin),
      loadedItemCount: loadedItemCount)
    guard configured != boundCells else { return }
    let now = Duration.simulated(milliseconds: time)
    let previous = boundCells
    boundCells = configured
    for item in previous where !configured.contains(item) {
      perform(machine.withdrawRequest(item, id: UInt64(item), now: now), at: time)
    }
    for item in configured where !previous.contains(item) {
      perform(machine.request(item, id: UInt64(item), priority: .visible, now: now), at: time)
    }
  }

  // MARK: - Effects

  /// The empty array an event's actions go into, with the storage of earlier events.
  private mutating func takeScratchActions() -> [ListPreloaderAction<Int>] {
    var actions: [ListPreloaderAction<Int>] = []
    swap(&actions, &scratchActions)
    return actions
  }

  /// Performs `actions`, then keeps their storage (emptied) for the next event.
  private mutating func performAndKeep(
    _ actions: consuming [ListPreloaderAction<Int>], at time: Milliseconds
  ) {
    if !actions.isEmpty {
      perform(actions, at: time)
      actions.removeAll(keepingCapacity: true)
    }
    scratchActions = actions
  }

  private mutating func perform(_ actions: [ListPreloaderAction<Int>], at time: Milliseconds) {
    for action in actions {
      switch action {
      case .startLoad(let item, let ticket, let priority):
        onDecision?(.started(item, at: time))
        let isOnDisk = images.startLoad(InFlightLoad(ticket: ticket, start: time), for: item)
        let bytes = imageSizes.bytes(of: item)
        if isOnDisk {
          network.readFromDisk(.image(item), bytes: bytes)
        } else {
          network.request(.image(item), bytes: bytes, priority: Double(priority.rawValue))
        }
      case .cancelLoad(let item, _):
        images.endLoad(of: item)
        let arrived = network.cancel(.image(item))?.transferredBytes ?? 0
        onDecision?(.cancelled(item, at: time, bytes: arrived))
      case .fetchPage(let request):
        onDecision?(.pageRequested(loadedPages, at: time))
        pendingPage = (request, loadedPages)
        // Cursor paging is sequential and pages never wait behind images.
        network.request(.page(loadedPages), bytes: world.pageBytes, priority: .infinity)
      case .cancelPage(let request):
        guard let pending = pendingPage, pending.request == request else { break }
        pendingPage = nil
        network.cancel(.page(pending.index))
      case .deliver, .fail, .listChanged, .pageFailed, .refreshFailed, .interfaceStatesChanged,
        .prefetch, .cancelPrefetching, .scheduleWakeUp:
        // The simulated network never fails and nothing here is rate limited; the
        // machine's geometry already holds the new items; nobody draws cells.
        break
      }
    }
  }

  private mutating func handle(_ completion: NetworkCompletion) {
    onDecision?(.completed(completion))
    metrics.recordCompletion(completion)
    let index = completion.key.index
    let now = Duration.simulated(milliseconds: completion.time)
    switch completion.key.kind {
    case .page:
      guard let pending = pendingPage, pending.index == index else {
        preconditionFailure(
          "Internal inconsistency: page \(index) completed while \(String(describing: pendingPage)) was pending"
        )
      }
      pendingPage = nil
      loadedPages += 1
      let page = Page(
        items: SimulatedPost.page(index, of: world), nextCursor: PageCursor(String(loadedPages)),
        hasMore: hasMore)
      perform(machine.pageLoaded(pending.request, page: page, now: now), at: completion.time)
    case .image:
      // The memory tier holds the image decoded, at its decoded size.
      let finished = images.finishLoad(of: index, size: imageSizes.decodedBytes(of: index))
      metrics.recordImageReady(index, at: completion.time)
      guard let load = finished else {
        preconditionFailure("Internal inconsistency: image \(index) completed without a ticket")
      }
      var actions = takeScratchActions()
      // The machine reads the duration of network loads only (a disk read says nothing
      // about the network): converting a time to a `Duration` is costly.
      let source: LoadSource = completion.source == .network ? .network : .disk
      machine.loadFinished(
        index, ticket: load.ticket, bytes: completion.bytes,
        duration: source == .network
          ? .simulated(milliseconds: completion.time - load.start) : .zero,
        source: source, now: now, into: &actions)
      performAndKeep(actions, at: completion.time)
    }
  }
}
