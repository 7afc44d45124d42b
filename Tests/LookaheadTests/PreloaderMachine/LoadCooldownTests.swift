import Foundation
import LookaheadTestSupport
import Testing

@_spi(Machines) @_spi(Inspection) @testable import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// A key whose load ends without a kept resource is not asked for on every frame.
@Suite("Load cool-downs") struct LoadCooldownTests {
  /// Frames at rest-like jitter for `frames` frames; every load that starts fails at once
  /// with `error`. Returns how many loads started.
  private static func failEverything(
    _ harness: inout MachineHarness, frames: Int, error: LoadError
  ) -> Int {
    var starts = 0
    for frame in 0..<frames {
      starts += MachineHarness.started(harness.scroll(to: CGFloat(frame % 3))).count
      while let (key, ticket) = harness.running.first {
        harness.running[key] = nil
        starts +=
          MachineHarness.started(
            harness.perform(
              harness.machine.loadFailed(key, ticket: ticket, error: error, now: harness.time))
          ).count
      }
    }
    return starts
  }

  @Test(
    "a missing image is not requested on every frame",
    arguments: [PreloadStrategy.texture, .adaptive, .infiniteScroll])
  func aMissingImageIsNotRequestedOnEveryFrame(strategy: PreloadStrategy) {
    var harness = MachineHarness(strategy: strategy)
    harness.start()
    harness.answerPage(ids(100, through: 81), next: "c81")
    // Two seconds of frames over ten visible posts whose images all 404.
    let starts = Self.failEverything(&harness, frames: 120, error: .permanent(TestError()))
    // Each wanted key once, and again only after its cooldown (2 s by default).
    #expect(starts > 0 && starts <= 20, "\(starts) starts")
  }

  @Test("a cooldown ends with a frame at rest that asks again")
  func aCooldownEndsWithAFrameAtRestThatAsksAgain() throws {
    var harness = MachineHarness()
    harness.start()
    harness.answerPage(ids(100, through: 81), next: "c81")
    harness.scroll(to: 0)
    let key = MachineHarness.key(100)
    let ticket = try #require(harness.running[key])
    harness.running[key] = nil
    let failed = harness.perform(
      harness.machine.loadFailed(
        key, ticket: ticket, error: .permanent(TestError()), now: harness.time))
    let wakeUp = try #require(
      failed.compactMap { if case .scheduleWakeUp(let at) = $0 { at } else { nil } }.last)
    // The frames that follow do not ask for it…
    harness.scroll(to: 0)
    harness.scroll(to: 1)
    #expect(harness.machine.queue.state(of: .resource(key)) == .notRequested)
    #expect(!harness.machine.wantedKeys.contains(key))
    // …until the cooldown ends: the continued backoff of the retry policy.
    let policy = RetryPolicy()
    let expected = policy.delay(beforeRetry: policy.maximumRetries + 1, unit: 0)
    var due = wakeUp
    var restarted = false
    while !restarted, due <= harness.time + expected + .seconds(1) {
      let actions = harness.tick(at: due)
      // Queued again (the other visible loads hold the slots).
      restarted = harness.machine.queue.state(of: .resource(key)) != .notRequested
      due =
        actions.compactMap { if case .scheduleWakeUp(let at) = $0 { at } else { nil } }.last
        ?? due + .milliseconds(100)
    }
    #expect(restarted)
    #expect(due - harness.time >= expected - .milliseconds(100))
  }

  @Test("each failure doubles the wait and a success forgets it")
  func eachFailureDoublesTheWaitAndASuccessForgetsIt() {
    var cooldowns = LoadCooldowns<String>()
    let policy = RetryPolicy(
      maximumRetries: 0, initialDelay: .seconds(1), maximumDelay: .seconds(8))
    func record(_ key: String, at seconds: Int) -> Duration {
      cooldowns.record(key, now: .seconds(seconds), policy: policy)
    }
    #expect(record("a", at: 0) == .seconds(1))
    #expect(cooldowns.blocks("a", now: .milliseconds(999)))
    #expect(!cooldowns.blocks("a", now: .seconds(1)))
    #expect(record("a", at: 1) == .seconds(3))
    #expect(record("a", at: 3) == .seconds(7))
    for _ in 0..<10 { _ = record("b", at: 0) }
    #expect(!cooldowns.blocks("b", now: .seconds(8)), "capped at the largest delay")
    cooldowns.forget("a")
    #expect(!cooldowns.blocks("a", now: .seconds(4)))
    #expect(record("a", at: 4) == .seconds(5))
    // Keys that stopped failing long ago are forgotten: the next failure starts over.
    let ended = cooldowns.expire(now: .seconds(60), policy: policy)
    #expect(ended && cooldowns.isQuiet)
    #expect(record("b", at: 60) == .seconds(61))
  }

  @Test("a refresh asks for failed images again")
  func aRefreshAsksForFailedImagesAgain() {
    var harness = MachineHarness()
    harness.start()
    harness.answerPage(ids(100, through: 81), next: "c81")
    _ = Self.failEverything(&harness, frames: 2, error: .permanent(TestError()))
    #expect(MachineHarness.started(harness.scroll(to: 1)).isEmpty)
    harness.perform(harness.machine.refresh(now: harness.time))
    #expect(!MachineHarness.started(harness.scroll(to: 2)).isEmpty)
  }
}

/// A resource the memory tier refuses is handed to its cell and not loaded again on
/// every frame.
@Suite("Resources that are not kept") struct NotKeptResourceTests {
  @Test(
    "an image too costly for the memory tier is loaded once per cooldown", .timeLimit(.minutes(1)))
  func anImageTooCostlyForTheMemoryTierIsLoadedOncePerCooldown() async throws {
    let clock = ManualClock()
    let backend = ScriptedPageBackend()
    let loader = ScriptedLoader<String, Data>()
    // Entries over a tenth of 1,000 bytes are refused: post 1's 500-byte image is.
    let cache = MemoryCache<String, Data>(costLimit: 1_000)
    let preloader = ListPreloader<TestPost, String, Data>(
      strategy: .adaptive,
      configuration: ListPreloaderConfiguration(viewportSize: CGSize(width: 390, height: 1000)),
      pages: backend, loader: loader, cache: cache, resourceKey: { "img-\($0.id)" },
      itemLength: { _ in 100 }, size: { $0.count }, clock: clock)
    preloader.start()
    var requests = backend.requests.makeAsyncIterator()
    let next = await requests.next()
    let request = try #require(next)
    backend.respond(
      to: request,
      with: .success(Page(items: [TestPost(id: 1, time: 1)], nextCursor: nil, hasMore: false)))
    #expect(await eventually { preloader.items.count == 1 })
    preloader.scrolled(toOffset: 0)
    #expect(await loader.waitUntil { $0.pendingKeys.contains("img-1") })
    let delivered = Locked(false)
    let shown = preloader.observeResource(for: TestPost(id: 1, time: 1)) { state in
      if case .loaded = state { delivered.withLock { $0 = true } }
    }
    defer { shown.cancel() }
    #expect(loader.succeed("img-1", with: Data(count: 500)))
    // The cell gets the image although the cache did not keep it.
    #expect(await eventually { delivered.withLock { $0 } })
    #expect(!cache.containsValue(forKey: "img-1"))
    // A second of frames: no second load.
    for _ in 0..<60 {
      clock.advance(by: .milliseconds(16))
      preloader.scrolled(toOffset: 0)
    }
    #expect(loader.record.totalStarts == 1)
  }
}
