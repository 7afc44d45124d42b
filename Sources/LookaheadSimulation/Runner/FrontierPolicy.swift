import Foundation
import Lookahead

/// The clairvoyant limit of the comparison: it loads only the images the run will show,
/// in order of the time each is next on screen (earliest deadline first), with no horizon
/// and no rule that holds prefetches back while something visible loads.
///
/// "Will show" counts the link: an appearance that ends before a load started now would
/// arrive (its first round trip, with the run's own jitter, plus its bytes at its share
/// of the link beside the loads in flight, or a disk read) is one the frontier spends
/// nothing on; a load in flight goes on while its appearance lasts.
///
/// What bounds how far ahead it loads is memory, not time. Each frame it walks the items
/// in the order they are next on screen — those on screen first — adding up the memory
/// their images take; it wants the images that are not ready among those that fit in the
/// memory cache together, and nothing beyond. So every image it loads can stay until it
/// is shown: each frame it marks the images it holds for coming appearances as used, the
/// next due most recently, so the cache evicts the images the run no longer needs first.
///
/// Items on screen are asked for at `visible` priority, so they come first and, when the
/// run allows it, take the connection of a load due later: their deadline has passed.
/// Among them the shortest load goes first, which makes the blank frames they add up to
/// fewest. The others are asked for at `preload` priority in deadline order, by when their
/// appearance starts. Pages come as the oracle's do. The number of loads in flight, and
/// whether a visible item may take a running load's connection (which throws away what
/// that load moved), are the run's (``Simulation`` tries 1 to 6 loads, each way, and keeps
/// the best).
///
/// A simulation-only policy; it reads and refreshes the run's cache (``SimulatedImages``).
struct FrontierPolicy: ItemPolicy {
  /// Every appearance of the trace, by start.
  private let appearances: [TraceAppearances.Appearance]
  /// The index of the first appearance that has not begun.
  private var next = 0
  /// When the latest appearance to begin of each item ends, by item.
  private var latestEnd: [Milliseconds]
  /// A network load's first round trip (with the run's jitter) and server time, by item.
  private let connectTime: [Milliseconds]
  /// The time each item's bytes take at the whole link's bandwidth, by item.
  private let transferTime: [Milliseconds]
  /// How many loads run at once.
  private let concurrentLoads: Int
  /// How long a read from the disk tier takes.
  private let diskTime: Milliseconds
  /// The memory each item's image takes in the cache, by item.
  private let sizes: [Int]
  /// The memory cache's capacity in bytes.
  private let capacity: Int
  /// The frame an item was last counted in, by item (a stamp instead of a set).
  private var counted: [Int]
  private var frame = 0
  /// The images held for coming appearances, next due first; storage kept between frames.
  private var held: [Int] = []
  /// The run's cache and loads in flight.
  private let images: SimulatedImages
  /// For each page, the time from which it is requested.
  let pageNeedTimes: [Milliseconds]

  /// Plans the frontier's requests for `trace` in `world`.
  ///
  /// - Parameters:
  ///   - trace: The whole trace, known in advance.
  ///   - world: The world of the run.
  ///   - geometry: `world.geometry`.
  ///   - images: The run's cache and loads in flight.
  ///   - seed: The seed of the run's network jitter.
  ///   - concurrentLoads: How many loads the run's queue runs at once.
  init(
    trace: Trace, world: World, geometry: WorldLayout, images: SimulatedImages, seed: UInt64,
    concurrentLoads: Int
  ) {
    let appearances = TraceAppearances(trace: trace, world: world, layout: geometry)
    self.appearances = appearances.all
    self.images = images
    let count = geometry.itemCount
    var imageSizes = ImageSizes(world: world)
    sizes = (0..<count).map { imageSizes.decodedBytes(of: $0) }
    capacity = world.memoryCacheBytes
    latestEnd = Array(repeating: -.infinity, count: count)
    let network = world.network
    connectTime = (0..<count).map { item in
      let jitter = NetworkJitter.factor(
        seed: seed, kind: .image, index: item, attempt: 0, sigma: network.jitterSigma)
      return network.roundTrip * jitter + network.imageServerTime
    }
    transferTime = (0..<count).map {
      Double(world.imageBytes($0)) * 1_000 / network.bytesPerSecond
    }
    self.concurrentLoads = concurrentLoads
    diskTime = world.diskReadTime
    counted = Array(repeating: -1, count: count)
    pageNeedTimes = appearances.pageNeedTimes(
      world: world, itemCount: count, horizon: OraclePolicy.horizon)
  }

  mutating func wantedItems<Layout: ItemLayout>(
    for input: PolicyInput<Layout>, status: some LoadStatus, into requests: inout [PreloadRequest]
  ) {
    let now = input.time.inMilliseconds
    while next < appearances.count, appearances[next].start <= now {
      latestEnd[appearances[next].item] = appearances[next].end
      next += 1
    }
    frame += 1
    let itemCount = input.layout.itemCount
    let cache = images.cache
    let loads = images.loads
    // A load started now shares the link with those in flight.
    let sharing = Double(Swift.min(concurrentLoads, loads.count + 1))
    /// Whether an image not ready can still arrive before `end`.
    func canArrive(_ item: Int, before end: Milliseconds) -> Bool {
      if loads[item] != nil { return end > now }
      if cache.isOnDisk(item) { return now + diskTime < end }
      return now + connectTime[item] + transferTime[item] * sharing < end
    }
    var used = 0
    // On screen first: the items the viewport overlaps.
    let axis = input.layout.axis
    let visible = input.layout.items(overlapping: axis.span(of: input.viewport))
    for item in visible where item < counted.count {
      if cache.isReady(item) {
        counted[item] = frame
        used += sizes[item]
      } else if canArrive(item, before: latestEnd[item]) {
        counted[item] = frame
        used += sizes[item]
        requests.append(
          PreloadRequest(item: item, priority: .visible, order: transferTime[item]))
      }
    }
    // Then every coming appearance, by start, while their images fit together.
    held.removeAll(keepingCapacity: true)
    var index = next
    while index < appearances.count {
      let appearance = appearances[index]
      index += 1
      let item = appearance.item
      guard counted[item] != frame else { continue }
      let isReady = cache.isReady(item)
      // An appearance no load can serve costs nothing; a later one of the item may.
      guard isReady || canArrive(item, before: appearance.end) else { continue }
      counted[item] = frame
      used += sizes[item]
      if used > capacity {
        if loads[item] == nil { break }
        // A load in flight has been paid for: it goes on, and what fits after it waits.
        used -= sizes[item]
        requests.append(PreloadRequest(item: item, priority: .preload, order: appearance.start))
        continue
      }
      if isReady {
        held.append(item)
      } else if item < itemCount {
        requests.append(
          PreloadRequest(item: item, priority: .preload, order: appearance.start))
      }
    }
    images.markUsed(held.reversed())
  }
}
