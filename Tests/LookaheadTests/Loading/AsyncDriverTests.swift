import Foundation
@_spi(Inspection) import Lookahead
import LookaheadTestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("AsyncDriver")
struct AsyncDriverTests {
  typealias Loader = ScriptedLoader<String, String>

  static let quickRetries = LoadQueueConfiguration(
    retryPolicy: RetryPolicy(
      maximumRetries: 1, initialDelay: .milliseconds(100), maximumDelay: .seconds(1), jitter: 0))

  /// Yields until `condition` holds: for state that changes on other tasks
  /// without a signal to wait on. Never sleeps.
  static func yield(until condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation)
    async
  {
    for _ in 0..<100_000 where !condition() { await Task.yield() }
    #expect(condition(), "condition never became true", sourceLocation: sourceLocation)
  }

  static func expectNoLeftovers(_ driver: AsyncDriver<String, String>) {
    let counts = driver.storageCounts
    #expect(counts.queue.isEmpty, "\(counts.queue)")
    #expect(counts.calls == 0)
    #expect(counts.tasks == 0)
  }

  @Test("concurrent calls for one key share one load, and the value is cached")
  func concurrentCallsJoin() async throws {
    let loader = Loader()
    let cache = MemoryCache<String, String>()
    let driver = AsyncDriver(loader: loader, clock: ManualClock(), cache: cache)
    async let first = driver.value(for: "a")
    async let second = driver.value(for: "a", priority: .preload)
    await Self.yield { driver.storageCounts.calls == 2 }
    #expect(loader.succeed("a", with: "A"))
    #expect(try await [first, second] == ["A", "A"])
    #expect(loader.record.starts == ["a": 1])
    #expect(cache.value(forKey: "a") == "A")
    #expect(try await driver.value(for: "a") == "A")
    #expect(loader.record.totalStarts == 1, "a cached key answers without loading")
    Self.expectNoLeftovers(driver)
  }

  @Test("cancelling the only caller cancels its load")
  func cancellingTheOnlyCallerCancelsTheLoad() async throws {
    let loader = Loader()
    let driver = AsyncDriver(loader: loader, clock: ManualClock())
    let call = Task { try await driver.value(for: "a") }
    await loader.waitUntil { $0.pendingKeys == ["a"] }
    call.cancel()
    await #expect(throws: CancellationError.self) { try await call.value }
    await loader.waitUntil { $0.cancellations == 1 }
    Self.expectNoLeftovers(driver)
  }

  @Test("cancelling one of two callers keeps the load for the other")
  func cancellingOneCallerKeepsTheLoad() async throws {
    let loader = Loader()
    let driver = AsyncDriver(loader: loader, clock: ManualClock())
    let leaving = Task { try await driver.value(for: "a") }
    let staying = Task { try await driver.value(for: "a") }
    await Self.yield { driver.storageCounts.calls == 2 }
    leaving.cancel()
    await #expect(throws: CancellationError.self) { try await leaving.value }
    #expect(loader.succeed("a", with: "A"))
    #expect(try await staying.value == "A")
    #expect(loader.record.cancellations == 0)
    Self.expectNoLeftovers(driver)
  }

  @Test("a transient failure is retried after the backoff on the injected clock")
  func transientFailureIsRetried() async throws {
    let loader = Loader()
    let clock = ManualClock()
    let driver = AsyncDriver(loader: loader, clock: clock, configuration: Self.quickRetries)
    let call = Task { try await driver.value(for: "a") }
    await loader.waitUntil { $0.pendingKeys == ["a"] }
    loader.fail("a", with: URLError(.timedOut))
    await clock.waitForSleepers(count: 1)
    #expect(loader.record.totalStarts == 1)
    clock.advance(by: .milliseconds(100))
    await loader.waitUntil { $0.pendingKeys == ["a"] }
    loader.succeed("a", with: "A")
    #expect(try await call.value == "A")
    #expect(loader.record.starts == ["a": 2])
    Self.expectNoLeftovers(driver)
  }

  @Test("two drivers retry the same failure after different jittered delays")
  func driversJitterTheirOwnWay() async throws {
    let configuration = LoadQueueConfiguration(
      retryPolicy: RetryPolicy(
        maximumRetries: 1, initialDelay: .seconds(1), maximumDelay: .seconds(1), jitter: 0.5))
    var retryTimes: [ManualClock.Instant] = []
    for _ in 0..<2 {
      let loader = Loader()
      let clock = ManualClock()
      let driver = AsyncDriver(loader: loader, clock: clock, configuration: configuration)
      let call = Task { try await driver.value(for: "a") }
      await loader.waitUntil { $0.pendingKeys == ["a"] }
      loader.fail("a", with: URLError(.timedOut))
      await clock.waitForSleepers(count: 1)
      retryTimes += clock.sleeperDeadlines
      call.cancel()
      _ = try? await call.value
    }
    #expect(retryTimes.count == 2)
    #expect(retryTimes.first != retryTimes.last, "one seed for every driver retries in step")
  }

  @Test("a permanent failure reaches the caller as a permanent LoadError")
  func permanentFailureThrows() async throws {
    let loader = Loader()
    let driver = AsyncDriver(loader: loader, clock: ManualClock(), configuration: Self.quickRetries)
    let call = Task { try await driver.value(for: "a") }
    await loader.waitUntil { $0.pendingKeys == ["a"] }
    loader.fail("a", with: URLError(.fileDoesNotExist))
    let error = await #expect(throws: LoadError.self) { try await call.value }
    #expect(error?.kind == .permanent)
    #expect(loader.record.totalStarts == 1)
    Self.expectNoLeftovers(driver)
  }

  @Test("a prefetched value lands in the cache; a call during the prefetch joins it")
  func prefetchFillsTheCacheAndIsJoined() async throws {
    let loader = Loader()
    let cache = MemoryCache<String, String>()
    let driver = AsyncDriver(loader: loader, clock: ManualClock(), cache: cache)
    driver.prefetch(["a", "b"])
    await loader.waitUntil { Set($0.pendingKeys) == ["a", "b"] }
    let call = Task { try await driver.value(for: "a") }
    await Self.yield { driver.storageCounts.calls == 1 }
    loader.succeed("a", with: "A")
    loader.succeed("b", with: "B")
    #expect(try await call.value == "A")
    await Self.yield { cache.count == 2 }
    #expect(cache.value(forKey: "b") == "B")
    #expect(loader.record.starts == ["a": 1, "b": 1])
    driver.prefetch("b")
    #expect(driver.state(of: "b") == .notRequested, "cached keys are not prefetched again")
    Self.expectNoLeftovers(driver)
  }

  @Test("cancelling a prefetch cancels its load; cancelling again is harmless")
  func cancelPrefetching() async throws {
    let loader = Loader()
    let driver = AsyncDriver(loader: loader, clock: ManualClock())
    driver.prefetch("a")
    await loader.waitUntil { $0.pendingKeys == ["a"] }
    driver.cancelPrefetching("a")
    driver.cancelPrefetching("a")
    await loader.waitUntil { $0.cancellations == 1 && $0.pendingKeys.isEmpty }
    Self.expectNoLeftovers(driver)
  }

  @Test("a visible call preempts a running prefetch when every slot is busy")
  func visibleCallPreemptsPrefetch() async throws {
    let loader = Loader()
    let driver = AsyncDriver(
      loader: loader, clock: ManualClock(),
      configuration: LoadQueueConfiguration(maximumConcurrentLoads: 1))
    driver.prefetch("prefetched")
    await loader.waitUntil { $0.pendingKeys == ["prefetched"] }
    let call = Task { try await driver.value(for: "visible") }
    await loader.waitUntil { $0.pendingKeys == ["visible"] && $0.cancellations == 1 }
    loader.succeed("visible", with: "V")
    #expect(try await call.value == "V")
    await loader.waitUntil { $0.pendingKeys == ["prefetched"] }
    #expect(loader.record.starts["prefetched"] == 2, "the preempted prefetch is requeued")
    driver.cancelPrefetching("prefetched")
    await loader.waitUntil { $0.cancellations == 2 }
    Self.expectNoLeftovers(driver)
  }

  @Test("the rate limit holds a start back until the clock reaches the window's end")
  func rateLimitWakesUpOnTheInjectedClock() async throws {
    let loader = Loader()
    let clock = ManualClock()
    let driver = AsyncDriver(
      loader: loader, clock: clock,
      configuration: LoadQueueConfiguration(
        rateLimit: RateLimit(maximumStarts: 1, per: .seconds(1))))
    driver.prefetch("first")
    driver.prefetch("second")
    // The load's task and the wake-up's task start in either order.
    await loader.waitUntil { $0.starts["first"] == 1 }
    await clock.waitForSleepers(count: 1)
    #expect(loader.record.starts == ["first": 1])
    #expect(driver.state(of: "second") == .queued(.preload))
    clock.advance(by: .seconds(1))
    await loader.waitUntil { $0.starts["second"] == 1 }
    driver.cancelPrefetching(["first", "second"])
    await loader.waitUntil { $0.cancellations == 2 }
    Self.expectNoLeftovers(driver)
  }

  @Test("many concurrent callers and cancellations leave nothing behind")
  func concurrentStress() async throws {
    let loader = Loader()
    let cache = MemoryCache<String, String>(countLimit: 8)
    let driver = AsyncDriver(
      loader: loader, clock: ManualClock(),
      configuration: LoadQueueConfiguration(maximumConcurrentLoads: 3), cache: cache)
    let answering = Task {
      while !Task.isCancelled {
        for key in loader.record.pendingKeys { loader.succeed(key, with: key.uppercased()) }
        await Task.yield()
      }
    }
    await withTaskGroup(of: Void.self) { group in
      for worker in 0..<8 {
        group.addTask {
          for step in 0..<200 {
            let key = "k\((step * 7 + worker) % 24)"
            switch step % 4 {
            case 0:
              driver.prefetch(key, order: Double(step))
            case 1:
              driver.cancelPrefetching(key)
            case 2:
              let call = Task { try await driver.value(for: key) }
              call.cancel()
              _ = try? await call.value
            default:
              if let value = try? await driver.value(for: key, priority: .display) {
                precondition(value == key.uppercased())
              }
            }
          }
        }
      }
    }
    for index in 0..<24 { driver.cancelPrefetching("k\(index)") }
    answering.cancel()
    await Self.yield { driver.storageCounts.tasks == 0 }
    Self.expectNoLeftovers(driver)
  }
}
