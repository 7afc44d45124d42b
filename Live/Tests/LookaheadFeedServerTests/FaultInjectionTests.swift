import Foundation
import Lookahead
import LookaheadFeedServer
import LookaheadSimulation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Every response of the server fails with `fault`; one image through URLSessionLoader.
private func loadWith(_ fault: String, timeout: Duration = .seconds(5)) async throws -> (
  Result<Data, any Error>, FeedServerStatistics, Duration
) {
  let (server, url) = try await startedServer(
    speed: 16, faults: try FaultPlan(parsing: "\(fault)=100%"))
  let session = HTTPGet.session()
  let loader = URLSessionLoader(session: session, timeout: timeout)
  let start = ContinuousClock.now
  let result: Result<Data, any Error>
  do {
    result = .success(try await loader.load(url.appending(path: "images/12")))
  } catch {
    result = .failure(error)
  }
  let elapsed = ContinuousClock.now - start
  session.invalidateAndCancel()
  await server.stop()
  return (result, server.statistics, elapsed)
}

extension HTTPTests {
  @Suite("Injected faults, as URLSessionLoader sees them")
  struct FaultInjectionTests {}
}

extension HTTPTests.FaultInjectionTests {
  @Test("a 5xx is a transient error")
  func serverError() async throws {
    let (result, statistics, _) = try await loadWith("5xx")
    #expect(throws: LoadError.self) { try result.get() }
    if case .failure(let error as LoadError) = result {
      #expect(error.kind == .transient)
      #expect((error.underlying as? HTTPStatusError)?.statusCode == 503)
    }
    #expect(statistics.serverErrors == 1)
  }

  @Test("a truncated body is a transient error, never a value", arguments: ["truncate", "reset"])
  func cutShort(fault: String) async throws {
    let (result, statistics, _) = try await loadWith(fault)
    if case .failure(let error as LoadError) = result {
      #expect(error.kind == .transient, "\(error)")
    } else {
      Issue.record("expected a transient LoadError, got \(result)")
    }
    #expect(statistics.truncatedBodies + statistics.resets == 1)
    #expect(statistics.partialBodyBytes > 0)
    #expect(statistics.partialBodyBytes < World.standard.imageBytes(12))
  }

  @Test("a stalled body times out as a transient error after the idle timeout")
  func stall() async throws {
    let (result, statistics, elapsed) = try await loadWith("stall", timeout: .seconds(1))
    if case .failure(let error as LoadError) = result {
      #expect(error.kind == .transient)
      #expect((error.underlying as? URLError)?.code == .timedOut)
    } else {
      Issue.record("expected a timeout, got \(result)")
    }
    #expect(statistics.stalls == 1)
    #expect(elapsed >= .milliseconds(900))
  }

  @Test("a slow first byte delays a complete response")
  func slowFirstByte() async throws {
    // 2 s of the world's time at 16× is 125 ms.
    let (result, statistics, elapsed) = try await loadWith("slow")
    #expect(try result.get().count == World.standard.imageBytes(12))
    #expect(statistics.slowFirstBytes == 1)
    #expect(elapsed >= .milliseconds(125))
  }
}
