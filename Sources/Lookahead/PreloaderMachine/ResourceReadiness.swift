/// Tells a list preloader's state machine which resources are ready: in memory, able to
/// show at once.
///
/// A driver passes one with every event that decides loads. The state machine asks it
/// for each wanted key on every frame, so it must be cheap; the app runner answers from
/// its cache's memory tier, the simulator from its cache model. Passing a conforming
/// struct, rather than a closure, keeps a frame free of allocations.
///
/// A key whose load the driver started must answer `false` until the driver reports the
/// load finished (`ListPreloaderStateMachine.loadFinished(_:ticket:bytes:duration:source:now:)`),
/// even if the value is already in the cache: a driver that stores before it reports
/// would otherwise let a frame in between take the key as ready, unwant it and cancel a
/// load that has in fact finished. ``ListPreloader`` answers from the loads it tracks.
///
/// ```swift
/// struct Ready: ResourceReadiness {
///   let cache: MemoryCache<URL, Data>
///   func isReady(_ key: URL) -> Bool { cache.containsValue(forKey: key) }
/// }
/// ```
@_spi(Machines) public protocol ResourceReadiness<Key> {
  /// The identifier of a resource.
  associatedtype Key: Hashable & Sendable

  /// Whether the resource of `key` is ready to show.
  func isReady(_ key: Key) -> Bool

  /// Whether a local tier below memory (a disk cache) holds the resource of `key`: its
  /// load reads that tier, costs no network bytes and takes about a disk read.
  ///
  /// Asked only for keys that are not ready, and only by rules that weigh a load's cost:
  /// `adaptive` loads such a resource even where a network load would come too late or
  /// cost bytes for nothing (see `AdaptivePolicy`, "Resources stored locally"). The
  /// default answers `false`, as for a cache with no slower tier.
  func isStoredLocally(_ key: Key) -> Bool
}

extension ResourceReadiness {
  /// `false`: no tier below memory.
  public func isStoredLocally(_ key: Key) -> Bool { false }
}

/// A ``ResourceReadiness`` made of a closure, for the state machine's closure-taking
/// events.
struct ClosureReadiness<Key: Hashable & Sendable>: ResourceReadiness {
  let isCached: (Key) -> Bool

  func isReady(_ key: Key) -> Bool { isCached(key) }
}
