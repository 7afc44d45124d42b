import Foundation
import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

extension ListPreloader {
  /// Creates a preloader whose resources live in memory and on disk: it loads through
  /// the tiered cache's loader and keeps what it loads in both tiers, so a later launch
  /// finds them on disk (disk hits teach the strategy nothing about the network). With a
  /// cache made with a processing step, the preloader processes the loaded bytes in the
  /// load's task, off the main thread, and counts the bytes that crossed the network.
  ///
  /// - Parameters:
  ///   - strategy: When to page and which resources to load; adaptive unless given.
  ///   - configuration: The viewport, the geometry and the load queue's settings.
  ///   - pages: Where pages come from.
  ///   - cache: The memory and disk tiers and the loader behind them.
  ///   - resourceKey: The key of an item's resource, or `nil` when it has none.
  ///   - itemLength: An item's length along the scrolling axis.
  ///   - size: A resource's cost in the memory tier, in bytes; with a processing step, use
  ///     the cache's own cost (a decoded image's pixels).
  ///   - clock: The clock of retries, latencies and metrics.
  ///   - traceCapacity: How many scroll samples to record, or `nil`.
  public convenience init(
    strategy: PreloadStrategy = .adaptive,
    configuration: ListPreloaderConfiguration,
    pages: some PageSource<Item>,
    cache: TieredCache<Key, Resource>,
    resourceKey: @escaping @Sendable (Item) -> Key?,
    itemLength: @escaping @Sendable (Item) -> CGFloat,
    size: @escaping @Sendable (Resource) -> Int,
    clock: some Clock<Duration> = ContinuousClock(),
    traceCapacity: Int? = nil
  ) {
    if let processing = cache.processing {
      // The disk keeps the loaded bytes; the preloader processes them in the load's task
      // and counts the bytes that crossed the network.
      self.init(
        strategy: strategy, configuration: configuration, pages: pages,
        loader: processing.loader, process: processing.process,
        transferredBytes: { $0.count }, cost: size, cache: cache, resourceKey: resourceKey,
        itemLength: itemLength, clock: clock, traceCapacity: traceCapacity)
    } else {
      self.init(
        strategy: strategy, configuration: configuration, pages: pages, loader: cache.loader,
        cache: cache, resourceKey: resourceKey, itemLength: itemLength, size: size,
        clock: clock, traceCapacity: traceCapacity)
    }
  }
}

extension ListPreloader where Resource == Data {
  /// Creates a preloader of raw bytes that live in memory and on disk; a resource's
  /// size is its byte count.
  ///
  /// - Parameters:
  ///   - strategy: When to page and which resources to load; adaptive unless given.
  ///   - configuration: The viewport, the geometry and the load queue's settings.
  ///   - pages: Where pages come from.
  ///   - cache: The memory and disk tiers and the loader behind them.
  ///   - resourceKey: The key of an item's resource, or `nil` when it has none.
  ///   - itemLength: An item's length along the scrolling axis.
  ///   - clock: The clock of retries, latencies and metrics.
  ///   - traceCapacity: How many scroll samples to record, or `nil`.
  public convenience init(
    strategy: PreloadStrategy = .adaptive,
    configuration: ListPreloaderConfiguration,
    pages: some PageSource<Item>,
    cache: TieredCache<Key, Data>,
    resourceKey: @escaping @Sendable (Item) -> Key?,
    itemLength: @escaping @Sendable (Item) -> CGFloat,
    clock: some Clock<Duration> = ContinuousClock(),
    traceCapacity: Int? = nil
  ) {
    self.init(
      strategy: strategy, configuration: configuration, pages: pages, loader: cache.loader,
      cache: cache, resourceKey: resourceKey, itemLength: itemLength, size: { $0.count },
      clock: clock, traceCapacity: traceCapacity)
  }
}
