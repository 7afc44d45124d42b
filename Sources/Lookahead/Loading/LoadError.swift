import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Why a load did not produce a value, classified so the load queue knows what
/// to do next.
///
/// - ``Kind-swift.enum/transient``: the failure may go away by itself (a timeout,
///   a 5xx, a lost connection); the queue retries with exponential backoff.
/// - ``Kind-swift.enum/permanent``: retrying cannot help (a 4xx, a response that
///   cannot be decoded); the queue fails fast.
/// - ``Kind-swift.enum/cancelled``: nobody wants the value any more. Never
///   reported as a failure and never retried.
///
/// `LoadError` is an immutable value and safe to share between threads.
public struct LoadError: Error, CustomStringConvertible {
  /// The three classes of load errors.
  public enum Kind: Sendable, Hashable, CustomStringConvertible {
    /// The failure may go away by itself; retrying is worthwhile.
    case transient
    /// Retrying cannot help.
    case permanent
    /// The load was cancelled because nobody wants its value.
    case cancelled

    /// A one-word name of the kind.
    public var description: String {
      switch self {
      case .transient: "transient"
      case .permanent: "permanent"
      case .cancelled: "cancelled"
      }
    }
  }

  /// The class of this error.
  public let kind: Kind
  /// The error the loader threw, if any.
  public let underlying: (any Error)?
  /// How many bytes of the value had arrived when a load was cancelled, for a loader
  /// that counts them (``URLSessionLoader`` does); 0 otherwise. They crossed the network:
  /// a list preloader counts them in its field metrics' bytes, as the simulator counts
  /// partial transfers of cancelled loads.
  public let transferredBytes: Int

  private init(kind: Kind, underlying: (any Error)?, transferredBytes: Int = 0) {
    self.kind = kind
    self.underlying = underlying
    self.transferredBytes = transferredBytes
  }

  /// An error worth retrying, such as a timeout or a server error.
  ///
  /// - Parameter underlying: The error the loader saw.
  public static func transient(_ underlying: any Error) -> LoadError {
    LoadError(kind: .transient, underlying: underlying)
  }

  /// An error that retrying cannot fix, such as a 404 or undecodable data.
  ///
  /// - Parameter underlying: The error the loader saw.
  public static func permanent(_ underlying: any Error) -> LoadError {
    LoadError(kind: .permanent, underlying: underlying)
  }

  /// The load was cancelled because no waiter wants its value any more.
  public static let cancelled = LoadError(kind: .cancelled, underlying: nil)

  /// The load was cancelled after `bytes` of its value had arrived.
  ///
  /// - Parameter bytes: The bytes that had arrived; not negative.
  public static func cancelled(transferredBytes bytes: Int) -> LoadError {
    precondition(bytes >= 0, "transferredBytes must not be negative, got \(bytes)")
    return LoadError(kind: .cancelled, underlying: nil, transferredBytes: bytes)
  }

  /// Classifies an arbitrary error thrown by a loader.
  ///
  /// A `LoadError` is returned unchanged. `CancellationError` and
  /// `URLError(.cancelled)` are cancellation. `URLError`s that describe a
  /// network condition that may clear (timeouts, lost or refused connections,
  /// DNS failures, no network) are transient. Every other error is permanent:
  /// a loader that knows an error is worth retrying throws
  /// ``transient(_:)`` itself.
  ///
  /// - Parameter error: The error thrown by a loader.
  /// - Returns: The classified error.
  public static func classifying(_ error: any Error) -> LoadError {
    if let error = error as? LoadError { return error }
    if error is CancellationError { return .cancelled }
    if let error = error as? URLError {
      switch error.code {
      case .cancelled:
        return .cancelled
      case .timedOut, .networkConnectionLost, .cannotConnectToHost, .notConnectedToInternet,
        .dnsLookupFailed, .cannotFindHost, .resourceUnavailable, .internationalRoamingOff,
        .callIsActive, .dataNotAllowed, .secureConnectionFailed:
        return .transient(error)
      default:
        return .permanent(error)
      }
    }
    return .permanent(error)
  }

  /// A sentence saying what happened, such as
  /// `transient load error: The request timed out.`
  public var description: String {
    switch kind {
    case .cancelled:
      return "the load was cancelled because nobody wants its value any more"
    case .transient, .permanent:
      let detail = underlying.map { String(describing: $0) } ?? "no detail"
      return "\(kind) load error: \(detail)"
    }
  }
}
