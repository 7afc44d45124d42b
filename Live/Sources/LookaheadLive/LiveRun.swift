import Foundation
@_spi(Machines) @_spi(Inspection) import Lookahead
import LookaheadFeedServer
import LookaheadSimulation
import LookaheadStore

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Replays a scroll trace on real time through the stack an app ships: the list
/// preloader (``ListPreloader``) with ``URLSessionLoader`` and a `TieredCache` whose disk
/// tier is a real `DiskCache` in a temporary folder, against a ``FeedServer``.
///
/// Cells are bound as the simulator binds them (and as a view does): after each frame, an
/// observation for every item in the viewport widened by the world's configure-ahead
/// margin, withdrawn when the item leaves it.
///
/// The preloader runs on a ``ScaledClock`` `speed` times faster than real time, and the
/// server divides the world's times by the same speed: the engine sees the world's own
/// times, so its decisions and its metrics compare directly with the simulator's. Every
/// trace sample is one scroll event at its time; the metrics are the preloader's own
/// field metrics (``ListPreloader/metrics``), plus the partial bytes of responses that
/// did not complete, which a loader cannot report and the server counts.
///
/// After the trace every load is cancelled, the session invalidated, and every disk-cache
/// entry read back and checked against the image the server serves.
///
/// A namespace; thread-safe. Runs are independent (each has its own session, caches and
/// temporary folder), but they measure real time: run one at a time.
public enum LiveRun {
  /// Runs one live replay.
  ///
  /// Before the trace, the run warms its session and measures the loopback round trip `r`
  /// (the median of a few `GET /world`); a server in the same process is told to take
  /// `r · (1 − 1/speed)` off every latency (``FeedServer/setLatencyAllowance(_:)``), so that
  /// speeding up does not multiply the stack's own millisecond.
  ///
  /// - Parameters:
  ///   - setup: The trace, strategy, world, server and speed.
  ///   - server: The server, when it runs in this process; `nil` for another process.
  ///   - statistics: Reads the server's statistics; partial bytes come from their
  ///     difference before and after the run. `nil` when they cannot be read.
  /// - Returns: The field metrics, per-frame data and the checks.
  /// - Throws: When the temporary disk cache cannot be created.
  public static func run(
    _ setup: LiveRunSetup, server: FeedServer? = nil,
    statistics: @Sendable () async -> FeedServerStatistics?
  ) async throws -> LiveResult {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lookahead-live-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let disk = try DiskCache(directory: folder.appendingPathComponent("images"))
    let session = makeSession(for: setup)
    // FoundationNetworking can crash at exit while curl tears down (swift-corelibs-
    // foundation #5469): a session is invalidated as soon as the run is over.
    defer { session.invalidateAndCancel() }
    let loader = URLSessionLoader(session: session, timeout: setup.timeout)
    let images = MeteredLoader(loader)
    // The memory tier holds images "decoded" to the size the world gives them, as the
    // simulator charges it, and keeps any image that fits, as the world's tier does (a
    // world is refused unless its largest decoded image fits); the disk keeps the bytes
    // as they came.
    let world = setup.world
    let memory = MemoryCache<URL, LiveImage>(
      costLimit: world.memoryCacheBytes, maximumEntryCostFraction: 1)
    let cache = TieredCache(
      memory: memory, disk: disk,
      loader: images, diskKey: { $0.path() },
      process: { data, url in
        LiveImage(
          bytes: data, decodedBytes: world.decodedImageBytes(Int(url.lastPathComponent) ?? 0))
      },
      cost: { $0.decodedBytes })
    let pages = MeteredLoader(loader)
    // An app's session is warm when its list appears; a fresh one pays FoundationNetworking's
    // set-up on its first request (about 8 ms here, which --speed would multiply).
    let roundTrip = await loopbackRoundTrip(setup.server, loader: loader)
    server?.setLatencyAllowance(roundTrip * (1 - 1 / setup.speed))
    let before = await statistics()
    let start = ContinuousClock.now
    let (metrics, drained, frames, loaded) = await replay(
      setup, cache: cache, images: images, pages: pages)
    let elapsed = ContinuousClock.now - start
    let after = await statistics()
    let served = after.map { after in before.map { after.subtracting($0) } ?? after }
    let check = DiskCacheCheck.verify(disk, world: setup.world)
    try? disk.close()
    return LiveResult(
      appMetrics: metrics, drainedMetrics: drained, loopbackRoundTrip: roundTrip,
      loader: images.current,
      pageLoader: pages.current,
      reportedLoads: loaded, server: served,
      allFrames: frames, recordsFrames: setup.recordsFrames,
      appearances: LiveAppearance.appearances(in: frames), diskCache: check,
      peakMemoryBytes: ProcessMemory.peakResidentBytes, elapsed: elapsed)
  }

  /// The median time of five `GET /world` through `loader`, after one that warms the
  /// session: the round trip of the loopback stack itself, which the server does not shape.
  static func loopbackRoundTrip(_ server: URL, loader: URLSessionLoader) async -> Duration {
    let url = server.appending(path: "world")
    _ = try? await loader.load(url)
    var times: [Duration] = []
    for _ in 0..<5 {
      let start = ContinuousClock.now
      guard (try? await loader.load(url)) != nil else { return .zero }
      times.append(ContinuousClock.now - start)
    }
    return times.sorted()[times.count / 2]
  }

  /// The session of a run: nothing cached by URLSession (the tiers are the app's), the
  /// world's number of connections, the run's timeout.
  static func makeSession(for setup: LiveRunSetup) -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.httpMaximumConnectionsPerHost = setup.world.network.connections
    configuration.timeoutIntervalForRequest = Double(setup.timeout.components.seconds)
    return URLSession(configuration: configuration)
  }

  /// Replays the trace; returns the preloader's metrics at the last frame and once every
  /// cancelled load has ended, every frame's data, and how many loads the preloader
  /// reported finished (``ListPreloaderEvent/resourceLoaded(_:)``).
  private static func replay(
    _ setup: LiveRunSetup, cache: TieredCache<URL, LiveImage>,
    images: MeteredLoader<URLSessionLoader>, pages: MeteredLoader<URLSessionLoader>
  ) async -> (ListMetrics, ListMetrics, [LiveFrame], Int) {
    let world = setup.world
    let clock = ScaledClock(speed: setup.speed)
    let preloader = ListPreloader<FeedPost, URL, LiveImage>(
      strategy: setup.simulation.preloadStrategy,
      configuration: configuration(of: world),
      pages: FeedPageSource(server: setup.server, loader: pages),
      cache: cache, resourceKey: { $0.image }, itemLength: { CGFloat($0.height) },
      size: { $0.decodedBytes }, clock: clock)
    var frames: [LiveFrame] = []
    frames.reserveCapacity(setup.trace.samples.count)
    let events = preloader.events()
    let loaded = Task {
      var count = 0
      for await event in events {
        if case .resourceLoaded = event { count += 1 }
      }
      return count
    }
    var cells = BoundCells()
    preloader.start()
    for sample in setup.trace.samples {
      try? await clock.sleep(until: ScaledClock.Instant(offset: .milliseconds(sample.time)))
      preloader.scrolled(toOffset: CGFloat(sample.offset))
      cells.bind(preloader, configureAhead: setup.world.cellConfigureAhead)
      frames.append(frame(of: preloader, cache: cache, sample: sample, clock: clock))
    }
    cells.unbindAll()
    let metrics = preloader.metrics
    preloader.cancelAll()
    // Cancelled loads and pages finish on their own tasks, and report what they
    // transferred to the preloader right after their loader returns.
    let deadline = ContinuousClock.now + .seconds(5)
    while images.current.inFlight + pages.current.inFlight > 0, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(10))
    }
    try? await Task.sleep(for: .milliseconds(50))
    let drained = preloader.metrics
    // Releasing the preloader finishes its event streams.
    _ = consume preloader
    return (metrics, drained, frames, await loaded.value)
  }

  /// The preloader's configuration in `world`: its viewport, layout, page size and one
  /// load slot per connection, without interface states (nobody draws cells), as the
  /// simulator configures its state machine.
  ///
  /// - Parameter world: The world the list shows.
  public static func configuration(of world: World) -> ListPreloaderConfiguration {
    let width = CGFloat(world.viewport.width)
    let geometry: ListGeometry =
      switch world.layout {
      case .feed: .list(crossLength: width)
      case .grid(let columns, let cellLength):
        .grid(columns: columns, rowLength: CGFloat(cellLength), crossLength: width)
      }
    return ListPreloaderConfiguration(
      viewportSize: CGSize(width: width, height: CGFloat(world.viewport.height)),
      geometry: geometry, pageSize: world.pageSize,
      loadQueue: LoadQueueConfiguration(maximumConcurrentLoads: world.network.connections),
      interfaceStateTuning: nil)
  }

  private static func frame(
    of preloader: ListPreloader<FeedPost, URL, LiveImage>, cache: some Caching<URL, LiveImage>,
    sample: Trace.Sample, clock: ScaledClock
  ) -> LiveFrame {
    // Visible positions first: a page that lands between the two reads only adds items,
    // so every position read is inside the list read after it.
    let visible = preloader.visibleItems
    let items = preloader.items
    var blank: [Int] = []
    for position in visible where !cache.containsMemoryValue(forKey: items[position].image) {
      blank.append(items[position].id)
    }
    let ids =
      visible.isEmpty
      ? visible : items[visible.lowerBound].id..<(items[visible.upperBound - 1].id + 1)
    let machine = preloader.stateMachine
    return LiveFrame(
      time: sample.time, measuredAt: clock.now.offset.inMilliseconds, offset: sample.offset,
      visible: ids, blank: blank, loadedItemCount: items.count,
      running: machine.runningLoadCount,
      wanted: machine.wantedKeys.compactMap { Int($0.lastPathComponent) }.sorted())
  }
}

extension FeedServerStatistics {
  /// The counts served between `earlier` and these statistics.
  func subtracting(_ earlier: FeedServerStatistics) -> FeedServerStatistics {
    var delta = self
    delta.pageRequests -= earlier.pageRequests
    delta.imageRequests -= earlier.imageRequests
    delta.completedResponses -= earlier.completedResponses
    delta.abandonedResponses -= earlier.abandonedResponses
    delta.serverErrors -= earlier.serverErrors
    delta.truncatedBodies -= earlier.truncatedBodies
    delta.stalls -= earlier.stalls
    delta.resets -= earlier.resets
    delta.slowFirstBytes -= earlier.slowFirstBytes
    delta.completedBodyBytes -= earlier.completedBodyBytes
    delta.partialBodyBytes -= earlier.partialBodyBytes
    return delta
  }
}

extension Duration {
  /// The duration in milliseconds, as the simulator counts time.
  var inMilliseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1000 + Double(attoseconds) * 1e-15
  }
}

/// The cells of a live replay: an observation of each item's resource while the item is
/// in the viewport widened by the configure-ahead margin, as the simulator binds cells.
struct BoundCells {
  private var bound: Range<Int> = 0..<0
  private var observations: [Int: ResourceObservation<LiveImage>] = [:]

  /// Unbinds the cells of items that left the configured area, then binds the items that
  /// entered it, nearest the start first.
  mutating func bind(
    _ preloader: ListPreloader<FeedPost, URL, LiveImage>, configureAhead: Double
  ) {
    let geometry = preloader.geometry
    let viewport = geometry.axis.span(of: preloader.stateMachine.viewport)
    let margin = CGFloat(configureAhead)
    let configured = geometry.items(
      overlapping: AxisSpan(viewport.lowerBound - margin, viewport.upperBound + margin))
    guard configured != bound else { return }
    let items = preloader.items
    for position in bound where !configured.contains(position) {
      observations.removeValue(forKey: position)?.cancel()
    }
    for position in configured where !bound.contains(position) {
      observations[position] = preloader.observeResource(for: items[position]) { _ in }
    }
    bound = configured
  }

  /// Unbinds every cell.
  mutating func unbindAll() {
    for observation in observations.values { observation.cancel() }
    observations = [:]
    bound = 0..<0
  }
}

/// An image of a live run as the memory tier keeps it: its bytes, and the memory a
/// decoded copy of it would take (the world's decoded size), which is its cost.
public struct LiveImage: Sendable {
  /// The image's bytes, as the server sent them.
  public var bytes: Data
  /// The bytes a decoded copy takes in memory: its cost in the memory tier.
  public var decodedBytes: Int
}
