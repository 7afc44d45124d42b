import Foundation
import LookaheadFeedServer
import LookaheadSimulation

/// A feed server on 127.0.0.1 and a free port, started by a test; the test stops it.
func startServer(
  world: World = .standard, speed: Double, faults: FaultPlan = .none, seed: UInt64 = 1
) async throws -> (FeedServer, URL) {
  let server = FeedServer(
    configuration: FeedServerConfiguration(world: world, speed: speed, seed: seed, faults: faults))
  return (server, try await server.start())
}

/// Polls `condition` between short real-time pauses until it holds or `seconds` passed;
/// the network answers on real time.
func eventually(within seconds: Int = 10, _ condition: () async -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + .seconds(seconds)
  while ContinuousClock.now < deadline {
    if await condition() { return true }
    try? await Task.sleep(for: .milliseconds(10))
  }
  return await condition()
}

/// Runs `body`, or gives up after `seconds`: a hang fails the test instead of the suite.
func withDeadline<Value: Sendable>(
  seconds: Int, _ body: @escaping @Sendable () async throws -> Value
) async throws -> Value? {
  try await withThrowingTaskGroup(of: Value?.self) { group in
    group.addTask { try await body() }
    group.addTask {
      try await Task.sleep(for: .seconds(seconds))
      return nil
    }
    let first = try await group.next()!
    group.cancelAll()
    return first
  }
}
