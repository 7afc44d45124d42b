import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

extension ListPreloader where Key == Never, Resource == Never {
  /// Creates a preloader that only pages: for a list whose items have nothing to load
  /// (text rows, or resources the app loads itself).
  ///
  /// The list pages by the strategy's trigger, refreshes, merges and restores exactly as
  /// a preloader with resources does; it loads nothing else, so its cache, its loader and
  /// its resource lookups are never used.
  ///
  /// ```swift
  /// let comments = ListPreloader(
  ///   strategy: .dynamicThreshold,
  ///   configuration: ListPreloaderConfiguration(viewportSize: view.bounds.size),
  ///   pages: CommentSource(api: api), itemLength: { $0.height })
  /// ```
  ///
  /// - Parameters:
  ///   - strategy: When to page; ``PreloadStrategy/adaptive`` unless given.
  ///   - configuration: The viewport, the geometry and the pager's retry policy.
  ///   - pages: Where pages come from.
  ///   - itemLength: An item's length along the scrolling axis; not asked for a grid.
  ///   - clock: The clock of page retries and metrics; a manual clock in tests.
  ///   - traceCapacity: How many scroll samples to keep for ``recordedTrace``, or `nil`.
  public convenience init(
    strategy: PreloadStrategy = .adaptive,
    configuration: ListPreloaderConfiguration,
    pages: some PageSource<Item>,
    itemLength: @escaping @Sendable (Item) -> CGFloat,
    clock: some Clock<Duration> = ContinuousClock(),
    traceCapacity: Int? = nil
  ) {
    self.init(
      strategy: strategy, configuration: configuration, pages: pages,
      loader: NoResources<Never, Never>(), cache: MemoryCache<Never, Never>(),
      resourceKey: { _ in nil }, itemLength: itemLength, size: NoResources<Never, Never>.size,
      clock: clock, traceCapacity: traceCapacity)
  }
}

/// The loader of a list whose items have no resource: it is never asked, because no
/// item has a key. (Generic, so that its bodies are not code after an uninhabited value.)
private struct NoResources<Key: Hashable & Sendable, Value: Sendable>: Loader {
  func load(_ key: Key) async throws -> Value {
    throw LoadError.permanent(ListPreloaderError.noResource("\(key)"))
  }

  @Sendable static func size(_ value: Value) -> Int { 0 }
}
