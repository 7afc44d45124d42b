/// The identity of a simulated request: a page number or an item's image.
///
/// A value type; thread-safe.
public struct NetworkKey: Hashable, Sendable, CustomStringConvertible {
  /// Page or image.
  public var kind: ResourceKind

  /// The page number (pages) or the item id (images).
  public var index: Int

  /// Creates a key.
  ///
  /// - Precondition: `index >= 0`.
  public init(kind: ResourceKind, index: Int) {
    precondition(index >= 0, "index must be non-negative (got \(index))")
    self.kind = kind
    self.index = index
  }

  /// The key of page number `number`.
  public static func page(_ number: Int) -> Self { Self(kind: .page, index: number) }

  /// The key of the image of `item`.
  public static func image(_ item: Int) -> Self { Self(kind: .image, index: item) }

  /// `page 3` or `image 42`.
  public var description: String {
    switch kind {
    case .page: "page \(index)"
    case .image: "image \(index)"
    }
  }
}

/// A request that finished, reported by ``NetworkModel`` at its exact virtual time.
///
/// A value type; thread-safe.
public struct NetworkCompletion: Sendable, Equatable {
  /// Where the bytes came from.
  public enum Source: Sendable, Equatable {
    /// A network request that held a connection.
    case network
    /// A reload from the simulated disk tier: no connection, no bandwidth, no request.
    case disk
  }

  /// The request that finished.
  public var key: NetworkKey

  /// The bytes of the resource.
  public var bytes: Int

  /// The virtual time at which the last byte arrived.
  public var time: Milliseconds

  /// Network or disk tier.
  public var source: Source

  /// Creates a completion record.
  public init(key: NetworkKey, bytes: Int, time: Milliseconds, source: Source) {
    self.key = key
    self.bytes = bytes
    self.time = time
    self.source = source
  }
}

/// What cancelling a request undid, reported by ``NetworkModel/cancel(_:)``.
///
/// A value type; thread-safe.
public struct NetworkCancellation: Sendable, Equatable {
  /// The request that was cancelled.
  public var key: NetworkKey

  /// Whether it held a connection (a started network request). Waiting requests and disk
  /// reads report `false`: they are not counted as cancelled requests (docs/DESIGN.md,
  /// "Precise definitions").
  public var wasStarted: Bool

  /// Whole bytes that had arrived before the cancellation (0 while still in the round trip).
  public var transferredBytes: Int

  /// Creates a cancellation record.
  public init(key: NetworkKey, wasStarted: Bool, transferredBytes: Int) {
    self.key = key
    self.wasStarted = wasStarted
    self.transferredBytes = transferredBytes
  }
}

/// The counters of a ``NetworkModel``: the metrics `bytes`, `requests` and `cancelled`
/// (docs/DESIGN.md, "Metrics").
///
/// A value type; thread-safe.
public struct NetworkStatistics: Sendable, Equatable {
  /// Network requests that started on a connection, cancelled and preempted ones included.
  public var startedRequests = 0

  /// Started network requests that were cancelled.
  public var cancelledRequests = 0

  /// Network requests that delivered all their bytes.
  public var completedRequests = 0

  /// Page requests that delivered all their bytes.
  public var completedPages = 0

  /// Bytes that arrived over the network: completed requests plus the partial bytes of
  /// cancelled ones.
  public var transferredBytes = 0

  /// The partial bytes of cancelled requests (part of ``transferredBytes``).
  public var cancelledBytes = 0

  /// Creates zeroed counters.
  public init() {}
}

/// Where a request stands in a ``NetworkModel``.
///
/// A value type; thread-safe.
public enum RequestPhase: Sendable, Equatable {
  /// Waiting for a free connection.
  case waiting
  /// Holding a connection during its round trip and server time; no bytes flow yet.
  case connecting(until: Milliseconds)
  /// Receiving its bytes at a fair share of the bandwidth.
  case transferring(remainingBytes: Double)
  /// Reloading from the simulated disk tier.
  case readingDisk(until: Milliseconds)
}
