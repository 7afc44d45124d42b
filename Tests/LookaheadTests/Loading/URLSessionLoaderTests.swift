import Foundation
import Lookahead
import LookaheadTestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("URLSessionLoader against a real HTTP server")
struct URLSessionLoaderTests {
  static func makeSession() -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    return URLSession(configuration: configuration)
  }

  @Test("a 200 response yields its body")
  func success() async throws {
    let server = try TestHTTPServer(routes: ["/hello": .ok(Data("hello".utf8))])
    defer { server.stop() }
    let loader = URLSessionLoader(session: Self.makeSession(), timeout: .seconds(5))
    let data = try await loader.load(server.url("/hello"))
    #expect(String(decoding: data, as: UTF8.self) == "hello")
  }

  @Test("a 404 is a permanent error naming the status")
  func notFoundIsPermanent() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let loader = URLSessionLoader(session: Self.makeSession(), timeout: .seconds(5))
    let error = await #expect(throws: LoadError.self) {
      try await loader.load(server.url("/missing"))
    }
    #expect(error?.kind == .permanent)
    #expect((error?.underlying as? HTTPStatusError)?.statusCode == 404)
    #expect(error?.description.contains("HTTP 404") == true)
  }

  @Test("a 500 followed by a 200 succeeds through the driver's retry")
  func serverErrorIsRetried() async throws {
    let server = try TestHTTPServer(routes: [
      "/flaky": .sequence([.status(500), .ok(Data("second time".utf8))])
    ])
    defer { server.stop() }
    let clock = ManualClock()
    let driver = AsyncDriver(
      loader: URLSessionLoader(session: Self.makeSession(), timeout: .seconds(5)), clock: clock,
      configuration: LoadQueueConfiguration(
        retryPolicy: RetryPolicy(initialDelay: .seconds(1), jitter: 0)))
    let call = Task { try await driver.value(for: server.url("/flaky")) }
    await clock.waitForSleepers(count: 1)
    #expect(server.requestCount(for: "/flaky") == 1)
    clock.advance(by: .seconds(1))
    let data = try await call.value
    #expect(String(decoding: data, as: UTF8.self) == "second time")
    #expect(server.requestCount(for: "/flaky") == 2)
  }

  @Test("a stalled response times out as a transient error")
  func stalledResponseTimesOut() async throws {
    let server = try TestHTTPServer(routes: ["/stall": .stall])
    defer { server.stop() }
    let loader = URLSessionLoader(session: Self.makeSession(), timeout: .seconds(1))
    let start = ContinuousClock.now
    let error = await #expect(throws: LoadError.self) {
      try await loader.load(server.url("/stall"))
    }
    #expect(ContinuousClock.now - start >= .milliseconds(900), "the timeout fired early")
    #expect(error?.kind == .transient)
    #expect((error?.underlying as? URLError)?.code == .timedOut)
  }

  @Test("cancelling the task mid-transfer stops the download and says what had arrived")
  func cancellationMidTransfer() async throws {
    let server = try TestHTTPServer(routes: [
      "/slow": .slowChunks(count: 10_000, size: 1_024, interval: .milliseconds(10))
    ])
    defer { server.stop() }
    let loader = URLSessionLoader(session: Self.makeSession(), timeout: .seconds(5))
    let download = Task { try await loader.load(server.url("/slow")) }
    await server.waitUntil { $0.requestCounts["/slow"] == 1 }
    // Some chunks arrive first (a chunk every 10 ms).
    try await Task.sleep(for: .milliseconds(100))
    download.cancel()
    let error = await #expect(throws: LoadError.self) { try await download.value }
    #expect(error?.kind == .cancelled)
    if URLSessionLoader.reportsPartialTransfers {
      #expect((error?.transferredBytes ?? 0) >= 1_024)
    } else {
      #expect(error?.transferredBytes == 0)
    }
    await server.waitUntil { $0.abortedTransfers == 1 }
  }

  @Test("a connection closed before any reply (a server that died) is a transient error")
  func emptyReplyIsTransient() async throws {
    let server = try TestHTTPServer(routes: ["/gone": .closeWithoutReply])
    defer { server.stop() }
    let loader = URLSessionLoader(session: Self.makeSession(), timeout: .seconds(5))
    let error = await #expect(throws: LoadError.self) {
      try await loader.load(server.url("/gone"))
    }
    #expect(error?.kind == .transient)
  }

  @Test("a body cut short is a transient error, never a value")
  func truncatedBodyIsTransient() async throws {
    let server = try TestHTTPServer(routes: [
      "/cut": .truncated(body: Data(repeating: 7, count: 5_000), declaredLength: 10_000)
    ])
    defer { server.stop() }
    let loader = URLSessionLoader(session: Self.makeSession(), timeout: .seconds(5))
    let error = await #expect(throws: LoadError.self) {
      try await loader.load(server.url("/cut"))
    }
    #expect(error?.kind == .transient)
  }

  @Test("status codes and URL errors are classified as transient or permanent")
  func classification() {
    #expect(LoadError.classifying(URLError(.cancelled)).kind == .cancelled)
    #expect(LoadError.classifying(CancellationError()).kind == .cancelled)
    #expect(LoadError.classifying(URLError(.networkConnectionLost)).kind == .transient)
    #expect(LoadError.classifying(URLError(.timedOut)).kind == .transient)
    #expect(LoadError.classifying(URLError(.badURL)).kind == .permanent)
    let transient = LoadError.transient(URLError(.timedOut))
    #expect(LoadError.classifying(transient).kind == .transient)
  }
}
