import Foundation
import LookaheadTestSupport
import Testing

@testable import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// A ``ListPreloader`` of ``TestPost``s on a manual clock: pages from a
/// ``ScriptedPageBackend``, images (`img-<id>`, the id's bytes) from a ``ScriptedLoader``,
/// a memory cache, posts of 100 points in a 390 × 1,000 viewport.
final class PreloaderHarness: Sendable {
  typealias Preloader = ListPreloader<TestPost, String, Data>

  let clock = ManualClock()
  let backend = ScriptedPageBackend()
  let loader = ScriptedLoader<String, Data>()
  let cache = MemoryCache<String, Data>()
  let preloader: Preloader
  /// Every event so far.
  private let log = Locked<[Preloader.Event]>([])
  private let consumer: Task<Void, Never>

  init(
    strategy: PreloadStrategy = .texture, traceCapacity: Int? = nil,
    interfaceStates: RangeTuningTable? = nil
  ) {
    preloader = Preloader(
      strategy: strategy,
      configuration: ListPreloaderConfiguration(
        viewportSize: CGSize(width: 390, height: 1000), interfaceStateTuning: interfaceStates),
      pages: backend, loader: loader, cache: cache,
      resourceKey: { "img-\($0.id)" }, itemLength: { _ in 100 }, clock: clock,
      traceCapacity: traceCapacity)
    let events = preloader.events()
    let log = log
    consumer = Task {
      for await event in events { log.withLock { $0.append(event) } }
    }
  }

  deinit { consumer.cancel() }

  /// The events received so far.
  var events: [Preloader.Event] { log.withLock { $0 } }

  /// A post with `id` (time = id).
  static func post(_ id: Int) -> TestPost { TestPost(id: id, time: id) }

  /// The bytes of an image.
  static func image(_ id: Int) -> Data { Data("image \(id)".utf8) }

  /// Starts and answers the first page with posts `ids`.
  func loadFirstPage(_ ids: [Int], next: String? = "next") async throws {
    preloader.start()
    try await answerNextPage(ids, next: next)
  }

  /// Answers the next page request with posts `ids` and waits until the list has them.
  func answerNextPage(_ ids: [Int], next: String?, hasMore: Bool = true) async throws {
    let request = try #require(await nextRequest())
    let count = preloader.items.count
    backend.respond(to: request, with: .success(page(ids, next: next, hasMore: hasMore)))
    #expect(await eventually { self.preloader.items.count > count || ids.isEmpty })
  }

  /// The next page request the backend receives.
  func nextRequest() async -> PageRequest? {
    var iterator = backend.requests.makeAsyncIterator()
    return await iterator.next()
  }

  /// Answers the pending load of post `id` and waits until the preloader has reported it
  /// loaded. (The load's task stores the value in the cache before it reports under the
  /// preloader's lock; until then frames count the post as not ready.)
  func succeed(_ id: Int) async {
    let key = "img-\(id)"
    #expect(await loader.waitUntil { $0.pendingKeys.contains(key) })
    loader.succeed(key, with: Self.image(id))
    #expect(
      await eventually {
        self.events.contains { if case .resourceLoaded(key) = $0 { true } else { false } }
      })
    #expect(cache.containsValue(forKey: key))
  }
}

/// Polls `condition` between yields until it holds or `timeout` of real time passed, a
/// safety net so that a broken expectation fails instead of hanging the run.
func eventually(
  timeout: Duration = .seconds(10), _ condition: @Sendable () -> Bool
) async -> Bool {
  let deadline = ContinuousClock.now + timeout
  while ContinuousClock.now < deadline {
    if condition() { return true }
    await Task.yield()
  }
  return condition()
}
