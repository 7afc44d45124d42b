import Foundation
import Lookahead

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 and an ephemeral port, for tests that
/// need a real network peer.
///
/// Each path answers with a scripted ``Response``: a status and body, a
/// sequence of responses (one per request), a stall, a slow chunked body, or a
/// body cut short.
/// Every connection is served by its own thread and closed after one response.
/// ``stop()`` closes the listening socket, interrupts stalls and slow bodies,
/// and waits for every thread to finish.
///
/// All methods are thread-safe.
public final class TestHTTPServer: Sendable {
  /// How the server answers one path.
  public indirect enum Response: Sendable {
    /// A complete response with this status code and body.
    case status(Int, body: Data = Data())
    /// Answers the n-th request with the n-th response; the last one repeats.
    case sequence([Response])
    /// Reads the request and never answers, until the client or the server
    /// closes the connection.
    case stall
    /// A 200 with a chunked body of `count` chunks of `size` bytes, one every
    /// `interval`.
    case slowChunks(count: Int, size: Int, interval: Duration)
    /// A 200 whose `Content-Length` promises `declaredLength` bytes, of which only `body`
    /// is sent before the connection closes: a body cut short.
    case truncated(body: Data, declaredLength: Int)
    /// Reads the request and closes the connection without a byte: an empty reply, as
    /// from a server that dies.
    case closeWithoutReply

    /// A 200 with `body`.
    public static func ok(_ body: Data) -> Response { .status(200, body: body) }
  }

  /// What the server has seen so far.
  public struct Statistics: Sendable {
    /// Requests received, per path.
    public var requestCounts: [String: Int] = [:]
    /// Slow bodies abandoned because the client went away.
    public var abortedTransfers = 0
  }

  private struct State {
    var routes: [String: Response]
    var statistics = Statistics()
    var connections: Set<Int32> = []
    var isStopped = false
    var waiters:
      [(condition: @Sendable (Statistics) -> Bool, continuation: CheckedContinuation<Void, Never>)] =
        []

    mutating func satisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
      var ready: [CheckedContinuation<Void, Never>] = []
      waiters.removeAll { waiter in
        guard waiter.condition(statistics) else { return false }
        ready.append(waiter.continuation)
        return true
      }
      return ready
    }
  }

  /// The port the server listens on.
  public let port: UInt16
  private let listener: Int32
  private let state: Locked<State>
  private let stopSignal = NSCondition()
  private let threads = DispatchGroup()

  /// Starts a server answering `routes` (keyed by path, such as `/image.jpg`);
  /// unknown paths answer 404.
  ///
  /// - Throws: A `POSIXError` if the socket cannot be set up.
  public init(routes: [String: Response] = [:]) throws {
    state = Locked(State(routes: routes))
    listener = try Self.makeListener()
    port = try Self.boundPort(of: listener)
    let listener = listener
    threads.enter()
    Thread { [self] in
      acceptLoop(listener)
      threads.leave()
    }.start()
  }

  deinit {
    stop()
  }

  /// The URL of `path` on this server.
  public func url(_ path: String) -> URL {
    URL(string: "http://127.0.0.1:\(port)\(path)")!
  }

  /// Replaces the response of `path`.
  public func setRoute(_ path: String, _ response: Response) {
    state.withLock { $0.routes[path] = response }
  }

  /// How many requests for `path` arrived.
  public func requestCount(for path: String) -> Int {
    state.withLock { $0.statistics.requestCounts[path, default: 0] }
  }

  /// A copy of the server's statistics.
  public var statistics: Statistics { state.withLock { $0.statistics } }

  /// Suspends until `condition` holds for the server's statistics.
  public func waitUntil(_ condition: @escaping @Sendable (Statistics) -> Bool) async {
    await withCheckedContinuation { continuation in
      let satisfied = state.withLock { state in
        if condition(state.statistics) { return true }
        state.waiters.append((condition, continuation))
        return false
      }
      if satisfied { continuation.resume() }
    }
  }

  private func updateStatistics<Result>(_ body: (inout State) -> Result) -> Result {
    let (result, ready) = state.withLock { state in
      let result = body(&state)
      return (result, state.satisfiedWaiters())
    }
    for continuation in ready { continuation.resume() }
    return result
  }

  /// Stops the server and waits (at most 5 seconds) for its threads to end.
  /// Calling it twice is harmless.
  public func stop() {
    let connections = state.withLock { state -> Set<Int32>? in
      guard !state.isStopped else { return nil }
      state.isStopped = true
      return state.connections
    }
    guard let connections else { return }
    stopSignal.broadcast()
    for connection in connections { _ = shutdown(connection, Int32(SHUT_RDWR)) }
    _ = threads.wait(timeout: .now() + 5)
    close(listener)
  }

  private var isStopped: Bool { state.withLock { $0.isStopped } }

  // MARK: - Serving

  private func acceptLoop(_ listener: Int32) {
    while !isStopped {
      guard Self.waitReadable(listener, milliseconds: 50) else { continue }
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { continue }
      Self.disableSIGPIPE(connection)
      let accepted = state.withLock { state in
        guard !state.isStopped else { return false }
        state.connections.insert(connection)
        return true
      }
      guard accepted else {
        close(connection)
        return
      }
      threads.enter()
      Thread { [self] in
        serve(connection)
        state.withLock { _ = $0.connections.remove(connection) }
        close(connection)
        threads.leave()
      }.start()
    }
  }

  private func serve(_ connection: Int32) {
    guard let path = readRequestPath(connection) else { return }
    let response = updateStatistics { state -> Response in
      let index = state.statistics.requestCounts[path, default: 0]
      state.statistics.requestCounts[path] = index + 1
      guard let route = state.routes[path] else { return .status(404) }
      guard case .sequence(let responses) = route, !responses.isEmpty else { return route }
      return responses[min(index, responses.count - 1)]
    }
    respond(connection, with: response)
  }

  private func respond(_ connection: Int32, with response: Response) {
    switch response {
    case .status(let code, let body):
      let head =
        "HTTP/1.1 \(code) \(code < 400 ? "OK" : "Error")\r\n"
        + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
      _ = Self.write(Data(head.utf8) + body, to: connection)
    case .sequence(let responses):
      respond(connection, with: responses.first ?? .status(404))
    case .truncated(let body, let declaredLength):
      let head =
        "HTTP/1.1 200 OK\r\nContent-Length: \(declaredLength)\r\nConnection: close\r\n\r\n"
      _ = Self.write(Data(head.utf8) + body, to: connection)
    case .closeWithoutReply:
      return
    case .stall:
      while !isStopped {
        guard Self.waitReadable(connection, milliseconds: 50) else { continue }
        var byte: UInt8 = 0
        if recv(connection, &byte, 1, 0) <= 0 { return }
      }
    case .slowChunks(let count, let size, let interval):
      let head = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
      guard Self.write(Data(head.utf8), to: connection) else { return }
      let chunk =
        Data(String(size, radix: 16).utf8) + Data("\r\n".utf8)
        + Data(repeating: UInt8(ascii: "x"), count: size) + Data("\r\n".utf8)
      for _ in 0..<count {
        guard Self.write(chunk, to: connection) else {
          updateStatistics { $0.statistics.abortedTransfers += 1 }
          return
        }
        guard pause(for: interval) else { return }
      }
      _ = Self.write(Data("0\r\n\r\n".utf8), to: connection)
    }
  }

  /// Waits for `interval`; returns `false` if the server stopped meanwhile.
  private func pause(for interval: Duration) -> Bool {
    let deadline = Date(timeIntervalSinceNow: interval.inSeconds)
    stopSignal.lock()
    defer { stopSignal.unlock() }
    while !isStopped {
      if !stopSignal.wait(until: deadline) { return true }
    }
    return false
  }

  private func readRequestPath(_ connection: Int32) -> String? {
    var received = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4_096)
    let end = Array("\r\n\r\n".utf8)
    while received.count < 65_536 && !isStopped {
      guard Self.waitReadable(connection, milliseconds: 50) else { continue }
      let count = recv(connection, &buffer, buffer.count, 0)
      guard count > 0 else { return nil }
      received += buffer[0..<count]
      guard contains(received, end) else { continue }
      let line = String(decoding: received.prefix { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
      let parts = line.split(separator: " ")
      return parts.count >= 2 ? String(parts[1]) : nil
    }
    return nil
  }

  private func contains(_ bytes: [UInt8], _ pattern: [UInt8]) -> Bool {
    guard bytes.count >= pattern.count else { return false }
    for start in 0...(bytes.count - pattern.count)
    where bytes[start..<start + pattern.count].elementsEqual(pattern) {
      return true
    }
    return false
  }
}
