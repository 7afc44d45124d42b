import Foundation
import Lookahead
import LookaheadFeedServer

/// Counts what a loader delivered, from the app's side: the bodies it returned, with their
/// bytes, and the loads that were cancelled or failed.
///
/// A live run wraps its ``URLSessionLoader`` in one, to cross-check the preloader's own
/// counts: every body the loader returned crossed the network, whatever the preloader did
/// with it afterwards.
///
/// All methods are thread-safe.
public final class MeteredLoader<Inner: Loader>: Loader where Inner.Value == Data {
  /// What a ``MeteredLoader`` has seen.
  public struct Counts: Sendable, Hashable {
    /// Loads that returned a body.
    public var delivered = 0
    /// The bytes of those bodies.
    public var deliveredBytes = 0
    /// Loads that ended in cancellation.
    public var cancelled = 0
    /// Loads that failed otherwise.
    public var failed = 0
    /// Loads that have not ended yet.
    public var inFlight = 0
  }

  private let inner: Inner
  private let counts = Protected(Counts())

  /// Wraps `inner`.
  public init(_ inner: Inner) {
    self.inner = inner
  }

  /// What the loader has seen so far.
  public var current: Counts { counts.withLock { $0 } }

  /// Loads through the wrapped loader and counts the outcome.
  public func load(_ key: Inner.Key) async throws -> Data {
    counts.withLock { $0.inFlight += 1 }
    do {
      let data = try await inner.load(key)
      counts.withLock {
        $0.inFlight -= 1
        $0.delivered += 1
        $0.deliveredBytes += data.count
      }
      return data
    } catch {
      let isCancellation = LoadError.classifying(error).kind == .cancelled
      counts.withLock {
        $0.inFlight -= 1
        if isCancellation { $0.cancelled += 1 } else { $0.failed += 1 }
      }
      throw error
    }
  }
}
