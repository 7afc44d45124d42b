import Foundation
import LookaheadFeedServer
import LookaheadSimulation
import Testing

extension HTTPTests {
  @Suite("Stalled responses and clients that go away")
  struct StalledConnectionTests {}
}

extension HTTPTests.StalledConnectionTests {
  /// The descriptors this process has open (Linux's /proc).
  static func openDescriptors() -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
  }

  @Test(
    "a stalled response frees its connection as soon as the client closes, not after the stall",
    .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd")))
  func clientClosesDuringAStall() async throws {
    let (server, url) = try await startedServer(faults: try FaultPlan(parsing: "stall=100%"))
    let port = try #require(url.port)
    let baseline = Self.openDescriptors()
    // Each client reads until the body stops coming, then closes its socket.
    try await withThrowingTaskGroup(of: Void.self) { group in
      for item in 0..<50 {
        group.addTask {
          _ = try await RawHTTP.send(
            RawHTTP.request(["GET /images/\(item) HTTP/1.1", "Host: 127.0.0.1"]), port: port,
            quietMilliseconds: 300, limitMilliseconds: 10_000, waitsForFirstByte: true)
        }
      }
      try await group.waitForAll()
    }
    #expect(server.statistics.stalls == 50)
    // The server's stalls last up to a minute; their connections must go within seconds.
    #expect(await eventually(within: 5) { Self.openDescriptors() <= baseline + 5 })
    await server.stop()
  }
}

/// Polls `condition` every 50 ms until it holds or `seconds` passed.
private func eventually(within seconds: Int, _ condition: () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + .seconds(seconds)
  while ContinuousClock.now < deadline {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(50))
  }
  return condition()
}
