import Foundation
import LookaheadTestSupport
import Testing

@testable import Lookahead

private typealias Harness = PreloaderHarness

/// What a binding showed, in order.
@MainActor
private final class Shown {
  var values: [Data?] = []
  func record(_ value: Data?) { values.append(value) }
}

/// ``eventually(timeout:_:)`` for main-actor state: yields the main actor between polls.
@MainActor
private func eventuallyOnMain(_ condition: @MainActor () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + .seconds(10)
  while ContinuousClock.now < deadline {
    if condition() { return true }
    await Task.yield()
  }
  return condition()
}

@MainActor
@Suite struct ResourceBindingTests {
  @Test func aCachedResourceIsShownAtOnce() async throws {
    let harness = Harness()
    try await harness.loadFirstPage(ids(100, through: 81))
    harness.preloader.scrolled(toOffset: 0)
    await harness.succeed(100)
    let binding = ResourceBinding<TestPost, String, Data>()
    let shown = Shown()
    binding.bind(Harness.post(100), to: harness.preloader) { shown.record($0) }
    #expect(shown.values == [Harness.image(100)])
    #expect(binding.itemID == 100)
  }

  @Test func anUncachedResourceShowsAPlaceholderThenTheResource() async throws {
    let harness = Harness()
    try await harness.loadFirstPage(ids(100, through: 81))
    let binding = ResourceBinding<TestPost, String, Data>()
    let shown = Shown()
    binding.bind(Harness.post(85), to: harness.preloader) { shown.record($0) }
    #expect(shown.values == [nil])
    // Nothing else loads yet: the binding's request starts the load.
    await harness.succeed(85)
    #expect(await eventuallyOnMain { shown.values == [nil, Harness.image(85)] })
  }

  @Test func aReboundViewNeverShowsTheOldItemsResource() async throws {
    let harness = Harness()
    try await harness.loadFirstPage(ids(100, through: 81))
    let reused = ResourceBinding<TestPost, String, Data>()
    let other = ResourceBinding<TestPost, String, Data>()
    let old = Shown()
    let new = Shown()
    let stays = Shown()
    reused.bind(Harness.post(85), to: harness.preloader) { old.record($0) }
    other.bind(Harness.post(85), to: harness.preloader) { stays.record($0) }
    #expect(await harness.loader.waitUntil { $0.pendingKeys == ["img-85"] })
    reused.bind(Harness.post(84), to: harness.preloader) { new.record($0) }
    // The other view still waits for post 85: its load goes on and reaches that view only.
    await harness.succeed(85)
    #expect(await eventuallyOnMain { stays.values == [nil, Harness.image(85)] })
    await harness.succeed(84)
    #expect(await eventuallyOnMain { new.values == [nil, Harness.image(84)] })
    #expect(old.values == [nil])
    #expect(harness.loader.record.starts["img-85"] == 1)
  }

  @Test func unbindingCancelsALoadNobodyElseWants() async throws {
    let harness = Harness()
    try await harness.loadFirstPage(ids(100, through: 81))
    let binding = ResourceBinding<TestPost, String, Data>()
    let shown = Shown()
    binding.bind(Harness.post(81), to: harness.preloader) { shown.record($0) }
    #expect(await harness.loader.waitUntil { $0.pendingKeys == ["img-81"] })
    binding.unbind()
    binding.unbind()  // twice is harmless
    #expect(await harness.loader.waitUntil { $0.cancellations == 1 })
    #expect(await eventually { harness.preloader.stateMachine.loadQueueStorage.isEmpty })
    #expect(shown.values == [nil])
    #expect(binding.itemID == nil)
  }

  @Test func unbindingLowersAPrefetchBackToTheStrategysPriority() async throws {
    let harness = Harness()
    try await harness.loadFirstPage(ids(100, through: 81))
    harness.preloader.scrolled(toOffset: 0)
    // Post 86 is in the preload range, queued behind the visible loads.
    #expect(harness.preloader.stateMachine.loadState(of: "img-86") == .queued(.preload))
    let binding = ResourceBinding<TestPost, String, Data>()
    binding.bind(Harness.post(86), to: harness.preloader) { _ in }
    #expect(
      await eventually {
        harness.preloader.stateMachine.loadState(of: "img-86") == .queued(.visible)
      })
    binding.unbind()
    #expect(
      await eventually {
        harness.preloader.stateMachine.loadState(of: "img-86") == .queued(.preload)
      })
  }
}
