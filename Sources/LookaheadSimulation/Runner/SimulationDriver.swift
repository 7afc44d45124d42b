import Foundation
import Lookahead

/// Replays a trace frame by frame on virtual time through the engine's own parts —
/// ``ScrollTracker``, an ``ItemPolicy``, ``WantedSet``, ``LoadQueue`` and
/// ``PagerStateMachine`` — with loads completing according to the ``NetworkModel``.
///
/// Per frame (SPEC §8.6): the network advances to the frame's time (completions are
/// handled at their exact instants, and the load queue starts its next loads then);
/// the frame is measured; then the page trigger and the policy decide.
struct SimulationDriver<Policy: ItemPolicy> {
  /// How the next page is chosen.
  enum PagePlan {
    /// A trigger evaluated every frame by the pager.
    case trigger(PageTrigger)
    /// Page `p` is requested once the run reaches `needTimes[p]` (the oracle).
    case schedule([Milliseconds])
    /// The adaptive trigger: `.remainingTime` with the learned page latency.
    case adaptive(AdaptivePaging)
  }

  private let trace: Trace
  private let world: WorldLayout
  private var policy: Policy
  private var pagePlan: PagePlan
  private var layout: SimulatedLayout
  private var network: NetworkModel
  private var cache = ImageCacheModel()
  private var metrics = MetricsCollector()
  private var queue = LoadQueue<Int, Int>()
  private var wanted = WantedSet()
  private var tracker = ScrollTracker()
  private var pager: PagerStateMachine<SimulatedPost, VirtualInstant>
  private var pendingPage: (request: PageRequest, index: Int, start: Milliseconds)?
  private var loadedPages = 0
  private var tickets: [Int: LoadTicket] = [:]
  private var startTimes: [Int: Milliseconds] = [:]
  private var hasDragged = false
  /// Called after every frame's decisions, when per-frame data is wanted.
  var onFrame: ((FrameRecord) -> Void)?

  /// The policy's waiter id in the load queue.
  private static var waiter: Int { 0 }

  init(setup: SimulationSetup, policy: Policy, pagePlan: PagePlan) {
    trace = setup.trace
    world = .standard(setup.layout)
    self.policy = policy
    self.pagePlan = pagePlan
    layout = SimulatedLayout(world: world)
    network = NetworkModel(profile: setup.network, seed: setup.seed)
    let trigger: PageTrigger =
      switch pagePlan {
      case .trigger(let trigger): trigger
      case .schedule: .infiniteScroll
      case .adaptive(let paging): paging.trigger
      }
    pager = PagerStateMachine(trigger: trigger)
  }

  private var loadedItemCount: Int { layout.itemCount }
  private var hasMore: Bool { StandardWorld.hasMore(loadedPages: loadedPages) }

  /// Runs the whole trace and returns its metrics.
  mutating func run() -> RunMetrics {
    // At t = 0 the list is empty and page 0 is requested before any strategy decides.
    perform(pager.loadNextPage(now: VirtualInstant(.zero)), at: 0)
    let firstOffset = trace.samples.first?.offset ?? 0
    for sample in trace.samples {
      let time = sample.time
      while let completion = network.nextCompletion(notAfter: time) {
        handle(completion)
      }
      let visible = metrics.recordFrame(
        time: time, offset: sample.offset, layout: world, loadedItemCount: loadedItemCount,
        hasMore: hasMore, isImageReady: { cache.isReady($0) })
      for item in visible { cache.markUsed(item) }
      decide(at: time, offset: sample.offset, firstOffset: firstOffset)
      if let onFrame {
        onFrame(
          FrameRecord(
            time: time, offset: sample.offset, velocity: Double(tracker.velocity.y),
            phase: tracker.phase, visible: visible, blank: visible.filter { !cache.isReady($0) },
            loadedItemCount: loadedItemCount, imagesInFlight: tickets.count,
            wanted: wanted.items))
      }
    }
    return metrics.finish(network: network.statistics, peakCacheBytes: cache.peakBytes)
  }

  // MARK: - Decisions

  private mutating func decide(at time: Milliseconds, offset: Double, firstOffset: Double) {
    let now = Duration.milliseconds(time)
    tracker.record(offset: CGPoint(x: 0, y: offset), at: now)
    if !hasDragged && offset != firstOffset {
      // Bare traces have no drag events: the first moving frame is the first drag.
      hasDragged = true
      policy.userDidBeginDragging()
    }
    decidePages(at: time, offset: offset)
    let viewport = CGRect(
      x: 0, y: offset, width: StandardWorld.viewportWidth, height: StandardWorld.viewportHeight)
    let input = PolicyInput(time: now, layout: layout, viewport: viewport, tracker: tracker)
    let status = SimulationLoadStatus(
      cache: cache, queue: queue, isPageLoading: pendingPage != nil)
    var requests = policy.wantedItems(for: input, status: status)
    let loaded = loadedItemCount
    requests.removeAll { $0.item >= loaded || cache.isReady($0.item) }
    let changes = wanted.update(to: requests)
    for item in changes.unwanted {
      perform(queue.unwant(item, by: Self.waiter, now: now), at: time)
    }
    for request in changes.wanted {
      perform(
        queue.want(
          request.item, by: Self.waiter, priority: request.priority, order: request.order, now: now),
        at: time)
    }
  }

  private mutating func decidePages(at time: Milliseconds, offset: Double) {
    guard pendingPage == nil, hasMore else { return }
    let now = VirtualInstant(milliseconds: time)
    switch pagePlan {
    case .schedule(let needTimes):
      if loadedPages < needTimes.count, time >= needTimes[loadedPages] {
        perform(pager.loadNextPage(now: now), at: time)
      }
    case .trigger, .adaptive:
      if case .adaptive(let paging) = pagePlan { pager.trigger = paging.trigger }
      let input = PageTriggerInput(
        offset: CGFloat(offset), viewportLength: CGFloat(StandardWorld.viewportHeight),
        contentLength: CGFloat(world.contentLength(loadedItemCount: loadedItemCount)),
        velocity: tracker.velocity.y, isMovingTowardHead: tracker.direction.contains(.up),
        loadedItemCount: loadedItemCount, pageSize: StandardWorld.pageSize)
      perform(pager.scrolled(input, now: now), at: time)
    }
  }

  // MARK: - Effects

  private mutating func perform(_ actions: [PagerAction<VirtualInstant>], at time: Milliseconds) {
    for action in actions {
      guard case .fetch(let request) = action else { continue }
      pendingPage = (request, loadedPages, time)
      // Cursor paging is sequential and pages never wait behind images.
      network.request(.page(loadedPages), bytes: StandardWorld.pageBytes, priority: .infinity)
    }
  }

  private mutating func perform(_ actions: [LoadQueue<Int, Int>.Action], at time: Milliseconds) {
    for action in actions {
      switch action {
      case .start(let item, let ticket, let priority):
        tickets[item] = ticket
        startTimes[item] = time
        let bytes = StandardWorld.imageBytes(item)
        if cache.isOnDisk(item) {
          network.readFromDisk(.image(item), bytes: bytes)
        } else {
          network.request(.image(item), bytes: bytes, priority: Double(priority.rawValue))
        }
      case .cancel(let item, _):
        tickets[item] = nil
        startTimes[item] = nil
        network.cancel(.image(item))
      case .deliver, .fail, .scheduleWakeUp:
        // Delivery needs no work (the cache already holds the image); the simulated
        // network never fails, and nothing here is rate limited.
        break
      }
    }
  }

  private mutating func handle(_ completion: NetworkCompletion) {
    metrics.recordCompletion(completion)
    let index = completion.key.index
    switch completion.key.kind {
    case .page:
      guard let pending = pendingPage, pending.index == index else {
        preconditionFailure(
          "Internal inconsistency: page \(index) completed while \(String(describing: pendingPage)) was pending"
        )
      }
      pendingPage = nil
      loadedPages += 1
      layout.grow(
        to: Swift.min(loadedPages * StandardWorld.pageSize, world.itemCount), in: world)
      if case .adaptive(var paging) = pagePlan {
        paging.pageDidLoad(latency: .milliseconds(completion.time - pending.start))
        pagePlan = .adaptive(paging)
      }
      let page = Page(
        items: SimulatedPost.page(index), nextCursor: PageCursor(String(loadedPages)),
        hasMore: hasMore)
      _ = pager.pageLoaded(
        pending.request, page: page, now: VirtualInstant(milliseconds: completion.time))
    case .image:
      _ = cache.store(index, size: completion.bytes)
      metrics.recordImageReady(index, at: completion.time)
      guard let ticket = tickets.removeValue(forKey: index) else {
        preconditionFailure("Internal inconsistency: image \(index) completed without a ticket")
      }
      let started = startTimes.removeValue(forKey: index) ?? completion.time
      if completion.source == .network {
        policy.loadDidFinish(
          item: index, latency: .milliseconds(completion.time - started), bytes: completion.bytes)
      }
      let now = Duration.milliseconds(completion.time)
      perform(queue.loadFinished(index, ticket: ticket, now: now), at: completion.time)
    }
  }
}

/// The driver's answers to a policy's questions about loads under way.
struct SimulationLoadStatus: LoadStatus {
  let cache: ImageCacheModel
  let queue: LoadQueue<Int, Int>
  let isPageLoading: Bool

  func isReady(_ item: Int) -> Bool { cache.isReady(item) }

  func isLoading(_ item: Int) -> Bool {
    if case .loading = queue.state(of: item) { return true }
    return false
  }
}
