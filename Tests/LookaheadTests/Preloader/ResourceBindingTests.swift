import Foundation
import LookaheadTestSupport
import Testing

@_spi(Machines) @_spi(Inspection) @testable import Lookahead

private typealias Harness = PreloaderHarness

/// What a binding showed, in order: `nil` for a placeholder, `failed` for a failure.
@MainActor
private final class Shown {
  var values: [String] = []
  func record(_ state: ResourceState<Data>) {
    switch state {
    case .placeholder: values.append("placeholder")
    case .failed: values.append("failed")
    case .loaded(let data): values.append(String(decoding: data, as: UTF8.self))
    }
  }
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

/// Posts 100 … 81 are 100 points tall in a 1,000-point viewport: at offset 0, posts 100
/// … 91 are on screen and 90 … 81 within a screen of it, where cells are configured.
@MainActor
@Suite("ResourceBinding") struct ResourceBindingTests {
  @Test("a cached resource is shown at once")
  func aCachedResourceIsShownAtOnce() async throws {
    let harness = Harness()
    try await harness.loadFirstPage(ids(100, through: 81))
    harness.preloader.scrolled(toOffset: 0)
    await harness.succeed(100)
    let binding = ResourceBinding<TestPost, String, Data>()
    let shown = Shown()
    binding.bind(Harness.post(100), to: harness.preloader) { shown.record($0) }
    #expect(shown.values == ["image 100"])
    #expect(binding.itemID == 100)
    #expect(binding.state.resource == Harness.image(100))
  }

  @Test("a cell waits for the strategy and shows the resource its load brings")
  func aCellWaitsForTheStrategyAndShowsTheResourceItsLoadBrings() async throws {
    let harness = Harness()
    try await harness.loadFirstPage(ids(100, through: 81))
    let binding = ResourceBinding<TestPost, String, Data>()
    let shown = Shown()
    // No frame yet: the strategy wants nothing, and the cell starts nothing.
    binding.bind(Harness.post(98), to: harness.preloader) { shown.record($0) }
    #expect(shown.values == ["placeholder"])
    #expect(harness.loader.record.totalStarts == 0)
    // A frame that shows post 98 at rest: the strategy loads it, and the cell gets it.
    harness.preloader.scrolled(toOffset: 0)
    await harness.succeed(98)
    #expect(await eventuallyOnMain { shown.values == ["placeholder", "image 98"] })
    #expect(harness.loader.record.starts["img-98"] == 1)
  }

  @Test("an item the list does not show loads at once")
  func anItemTheListDoesNotShowLoadsAtOnce() async throws {
    let harness = Harness()
    try await harness.loadFirstPage(ids(100, through: 81))
    let binding = ResourceBinding<TestPost, String, Data>()
    let shown = Shown()
    // A detail screen's item, which is not in the list.
    binding.bind(Harness.post(7), to: harness.preloader) { shown.record($0) }
    await harness.succeed(7)
    #expect(await eventuallyOnMain { shown.values == ["placeholder", "image 7"] })
  }

  @Test("a rebound view never shows the old items resource")
  func aReboundViewNeverShowsTheOldItemsResource() async throws {
    let harness = Harness()
    try await harness.loadFirstPage(ids(100, through: 81))
    harness.preloader.scrolled(toOffset: 0)
    let reused = ResourceBinding<TestPost, String, Data>()
    let other = ResourceBinding<TestPost, String, Data>()
    let old = Shown()
    let new = Shown()
    let stays = Shown()
    reused.bind(Harness.post(99), to: harness.preloader) { old.record($0) }
    other.bind(Harness.post(99), to: harness.preloader) { stays.record($0) }
    #expect(await harness.loader.waitUntil { $0.pendingKeys.contains("img-99") })
    reused.bind(Harness.post(98), to: harness.preloader) { new.record($0) }
    await harness.succeed(99)
    #expect(await eventuallyOnMain { stays.values == ["placeholder", "image 99"] })
    await harness.succeed(98)
    #expect(await eventuallyOnMain { new.values == ["placeholder", "image 98"] })
    #expect(old.values == ["placeholder"])
    #expect(harness.loader.record.starts["img-99"] == 1)
  }

  @Test("after cancel all bound cells get their resources from the strategys next loads")
  func afterCancelAllBoundCellsGetTheirResourcesFromTheStrategysNextLoads() async throws {
    let harness = Harness()
    try await harness.loadFirstPage(ids(100, through: 81))
    harness.preloader.scrolled(toOffset: 0)
    #expect(await harness.loader.waitUntil { $0.pendingKeys.contains("img-100") })
    let bindings = (98...100).map { _ in ResourceBinding<TestPost, String, Data>() }
    let shown = (98...100).map { _ in Shown() }
    for (index, id) in (98...100).enumerated() {
      bindings[index].bind(Harness.post(id), to: harness.preloader) { shown[index].record($0) }
    }
    harness.preloader.cancelAll()
    #expect(await harness.loader.waitUntil { $0.pendingKeys.isEmpty })
    // The next frame decides afresh: the strategy loads the visible posts again.
    harness.preloader.scrolled(toOffset: 0)
    for id in 98...100 { await harness.succeed(id) }
    for (index, id) in (98...100).enumerated() {
      #expect(await eventuallyOnMain { shown[index].values == ["placeholder", "image \(id)"] })
    }
  }

  @Test("a failure is shown and the resource comes when the strategy wants it again")
  func aFailureIsShownAndTheResourceComesWhenTheStrategyWantsItAgain() async throws {
    let harness = Harness()
    try await harness.loadFirstPage(ids(100, through: 81))
    harness.preloader.scrolled(toOffset: 0)
    let binding = ResourceBinding<TestPost, String, Data>()
    let shown = Shown()
    binding.bind(Harness.post(99), to: harness.preloader) { shown.record($0) }
    #expect(await harness.loader.waitUntil { $0.pendingKeys.contains("img-99") })
    _ = harness.loader.fail("img-99", with: LoadError.permanent(URLError(.fileDoesNotExist)))
    #expect(await eventuallyOnMain { shown.values == ["placeholder", "failed"] })
    #expect(binding.itemID == 99)
    // The strategy wants post 99 anew on a frame after its cooldown (the retry policy's
    // backoff continued: 2 s by default).
    harness.clock.advance(by: .seconds(1))
    harness.preloader.scrolled(toOffset: 10)
    #expect(harness.loader.record.starts["img-99"] == 1)
    // (The visible loads in flight end first: post 99 waits for a slot.)
    for id in harness.loader.record.pendingKeys.compactMap({ Int($0.dropFirst(4)) }) {
      await harness.succeed(id)
    }
    harness.clock.advance(by: .seconds(1))
    harness.preloader.scrolled(toOffset: 0)
    await harness.succeed(99)
    #expect(await eventuallyOnMain { shown.values == ["placeholder", "failed", "image 99"] })
  }

  @Test("unbinding cancels a load nobody else wants")
  func unbindingCancelsALoadNobodyElseWants() async throws {
    let harness = Harness()
    try await harness.loadFirstPage(ids(100, through: 81))
    let binding = ResourceBinding<TestPost, String, Data>()
    let shown = Shown()
    binding.bind(Harness.post(7), to: harness.preloader) { shown.record($0) }
    #expect(await harness.loader.waitUntil { $0.pendingKeys == ["img-7"] })
    binding.unbind()
    binding.unbind()  // twice is harmless
    #expect(await harness.loader.waitUntil { $0.cancellations == 1 })
    #expect(await eventually { harness.preloader.stateMachine.loadQueueStorage.isEmpty })
    #expect(shown.values == ["placeholder"])
    #expect(binding.itemID == nil)
  }

  @Test("unbinding never cancels a load the strategy wants")
  func unbindingNeverCancelsALoadTheStrategyWants() async throws {
    let harness = Harness()
    try await harness.loadFirstPage(ids(100, through: 81))
    harness.preloader.scrolled(toOffset: 0)
    #expect(await harness.loader.waitUntil { $0.pendingKeys.contains("img-100") })
    let binding = ResourceBinding<TestPost, String, Data>()
    binding.bind(Harness.post(100), to: harness.preloader) { _ in }
    // The cell waits for the strategy's load of post 100, which its withdrawal leaves alone.
    binding.unbind()
    #expect(harness.preloader.stateMachine.loadState(of: "img-100") == .loading)
    #expect(harness.loader.record.cancellations == 0)
    await harness.succeed(100)
  }
}
