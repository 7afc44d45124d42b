import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The default HTTP ``Loader``: fetches the body of a URL with `URLSession`.
///
/// Outcomes are classified for the load queue:
/// - 2xx: the body is the value.
/// - 408, 429 and 5xx, timeouts, lost, reset or refused connections, connections closed
///   before any response, and bodies cut short: transient ``LoadError``s wrapping an
///   ``HTTPStatusError`` or the `URLError`; retried.
/// - Any other status, or a response that is not HTTP: permanent.
/// - Cancelling the calling task cancels the transfer at once and throws a ``LoadError``
///   of kind ``LoadError/Kind/cancelled`` whose ``LoadError/transferredBytes`` counts the
///   body bytes that had arrived, where the platform counts them
///   (``reportsPartialTransfers``); a list preloader counts them as transferred. A
///   `URLError(.cancelled)` counts as cancellation too.
///
/// Works on Apple platforms and on Linux (FoundationNetworking), where it wraps a
/// data task in `withTaskCancellationHandler`.
///
/// A value type holding a `URLSession`; safe to call from many tasks at once.
public struct URLSessionLoader: Loader {
  /// Whether a cancelled load reports the bytes that had arrived: on Apple platforms,
  /// where `URLSessionTask.countOfBytesReceived` counts them. FoundationNetworking on
  /// Linux does not count the bytes of a task with a completion handler.
  public static var reportsPartialTransfers: Bool {
    #if canImport(Darwin)
      true
    #else
      false
    #endif
  }

  /// The session that performs the requests.
  public let session: URLSession
  /// How long a request may wait for data before it fails as a transient
  /// timeout. On Linux it is rounded up to whole seconds, because
  /// FoundationNetworking mishandles sub-second timeouts.
  public let timeout: Duration
  private let makeRequest: @Sendable (URL) -> URLRequest

  /// Creates a loader.
  ///
  /// - Parameters:
  ///   - session: The session to use; `.shared` by default.
  ///   - timeout: The per-request timeout; positive. 30 seconds by default.
  ///   - makeRequest: Builds the request for a URL, to add headers or change the
  ///     cache policy. Its `timeoutInterval` is replaced by `timeout`.
  public init(
    session: URLSession = .shared,
    timeout: Duration = .seconds(30),
    makeRequest: @escaping @Sendable (URL) -> URLRequest = { URLRequest(url: $0) }
  ) {
    precondition(timeout > .zero, "timeout must be positive")
    self.session = session
    self.timeout = timeout
    self.makeRequest = makeRequest
  }

  /// Fetches the body of `url`.
  ///
  /// - Parameter url: The resource.
  /// - Returns: The response body of a 2xx response.
  /// - Throws: A ``LoadError``: cancelled (with the bytes that had arrived) when the
  ///   calling task is cancelled, transient or permanent otherwise.
  public func load(_ url: URL) async throws -> Data {
    var request = makeRequest(url)
    request.timeoutInterval = timeout.inSeconds
    #if !canImport(Darwin)
      // FoundationNetworking fires sub-second timeouts almost at once (a 0.4 s
      // timeout fails after ~20 ms), so it only gets whole seconds.
      request.timeoutInterval.round(.up)
    #endif
    let (data, response): (Data, URLResponse)
    let running = RunningDataTask()
    do {
      (data, response) = try await perform(request, running: running)
    } catch {
      let classified = LoadError.classifying(error)
      if classified.kind == .cancelled || Task.isCancelled {
        throw LoadError.cancelled(transferredBytes: running.receivedBytes)
      }
      #if !canImport(Darwin)
        // FoundationNetworking reports a body cut short (curl's "transfer closed with n
        // bytes remaining") as URLError(.unknown), and a connection closed before any
        // response (curl's "Empty reply from server", a server that died) as
        // URLError(.badServerResponse), where Apple platforms report
        // .networkConnectionLost: the same transient fault.
        if let code = (error as? URLError)?.code, code == .unknown || code == .badServerResponse {
          throw LoadError.transient(error)
        }
      #endif
      throw classified
    }
    guard let http = response as? HTTPURLResponse else {
      throw LoadError.permanent(URLError(.badServerResponse, userInfo: [:]))
    }
    switch http.statusCode {
    case 200..<300:
      return data
    case 408, 429, 500..<600:
      throw LoadError.transient(HTTPStatusError(statusCode: http.statusCode, url: url))
    default:
      throw LoadError.permanent(HTTPStatusError(statusCode: http.statusCode, url: url))
    }
  }

  private func perform(_ request: URLRequest, running: RunningDataTask) async throws -> (
    Data, URLResponse
  ) {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let task = session.dataTask(with: request) { data, response, error in
          running.finish()
          if let error {
            continuation.resume(throwing: error)
          } else if let response {
            continuation.resume(returning: (data ?? Data(), response))
          } else {
            continuation.resume(throwing: URLError(.badServerResponse))
          }
        }
        running.start(task)
      }
    } onCancel: {
      running.cancel()
    }
  }
}

/// An HTTP response whose status code says the request failed.
///
/// An immutable value; safe to share between threads.
public struct HTTPStatusError: Error, Hashable, CustomStringConvertible {
  /// The HTTP status code, such as 404.
  public let statusCode: Int
  /// The requested URL.
  public let url: URL

  /// Creates the error for `statusCode` answered to `url`.
  public init(statusCode: Int, url: URL) {
    self.statusCode = statusCode
    self.url = url
  }

  /// A sentence such as `HTTP 404 (not found) for https://example.com/a.jpg`.
  public var description: String {
    let reason = HTTPURLResponse.localizedString(forStatusCode: statusCode)
    return "HTTP \(statusCode) (\(reason)) for \(url.absoluteString)"
  }
}

/// A data task that may be cancelled before or after it starts.
///
/// Cancelling never waits for the session: `URLSessionTask.cancel()` hops synchronously
/// onto the session's internal queue in FoundationNetworking, which can be busy with a
/// transfer for milliseconds, and cancellation runs on the thread that cancelled the Swift
/// task — a scroll handler, when a list preloader stops wanting an image. The cancellation
/// is handed to a queue of its own instead.
///
/// A task whose completion handler has run is never cancelled: FoundationNetworking
/// forgets a finished task, and cancelling it then stops the process ("Trying to access a
/// behaviour for a task that in not in the registry", seen in a storm of cancellations on
/// Swift 6.3). A cancellation racing the very end of a transfer can still meet it; this
/// only keeps the loader from asking for it after the fact.
private final class RunningDataTask: Sendable {
  /// Where running tasks are cancelled, off the caller's thread.
  private static let cancellations = DispatchQueue(
    label: "lookahead.url-session-loader.cancellations", qos: .utility)

  private enum State {
    case waiting
    case running(URLSessionDataTask)
    case cancelled
  }

  private let state = Locked(State.waiting)
  /// Whether the task's completion handler has run.
  private let hasFinished = Locked(false)
  /// The body bytes received when the completion handler ran.
  private let received = Locked(0)
  /// The task once started, also after a cancellation, to read what it received.
  private let started = Locked<URLSessionDataTask?>(nil)

  /// The body bytes the task had received when it ended (0 before it ends).
  var receivedBytes: Int { received.withLock { $0 } }

  func start(_ task: URLSessionDataTask) {
    started.withLock { $0 = task }
    let isCancelled = state.withLock { state in
      if case .cancelled = state { return true }
      state = .running(task)
      return false
    }
    // A task cancelled before it resumes still calls its completion handler
    // (with URLError(.cancelled)), which resumes the continuation.
    if isCancelled { task.cancel() }
    task.resume()
  }

  func cancel() {
    let task = state.withLock { state -> URLSessionDataTask? in
      defer { state = .cancelled }
      if case .running(let task) = state { return task }
      return nil
    }
    guard let task, !hasFinished.withLock({ $0 }) else { return }
    Self.cancellations.async { [hasFinished] in
      // The transfer may have ended since.
      guard !hasFinished.withLock({ $0 }), task.state == .running || task.state == .suspended
      else { return }
      task.cancel()
    }
  }

  /// Records that the task's completion handler runs, and how many body bytes had
  /// arrived; a later cancellation does nothing.
  func finish() {
    hasFinished.withLock { $0 = true }
    let count = started.withLock { $0 }.map { Int(clamping: $0.countOfBytesReceived) } ?? 0
    received.withLock { $0 = count }
  }
}
