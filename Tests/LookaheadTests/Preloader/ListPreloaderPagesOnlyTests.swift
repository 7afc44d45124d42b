import Foundation
import LookaheadTestSupport
import Testing

@testable import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

@Suite("ListPreloader without resources") struct ListPreloaderPagesOnlyTests {
  @Test("a preloader without resources pages on scrolling and restores its list")
  func aPreloaderWithoutResourcesPagesOnScrollingAndRestoresItsList() async throws {
    let backend = ScriptedPageBackend()
    let configuration = ListPreloaderConfiguration(
      viewportSize: CGSize(width: 390, height: 1000))
    let preloader = ListPreloader<TestPost, Never, Never>(
      strategy: .dynamicThreshold, configuration: configuration, pages: backend,
      itemLength: { _ in 100 }, clock: ManualClock())
    var requests = backend.requests.makeAsyncIterator()

    preloader.start()
    let first = try #require(await requests.next())
    #expect(first.end == .tail && first.cursor == nil)
    backend.respond(to: first, with: .success(page(ids(100, through: 81), next: "c1")))
    #expect(await eventually { preloader.items.count == 20 })
    #expect(preloader.resourceKey(for: TestPost(id: 100, time: 100)) == nil)

    // Past 70 % of the page, the next one is asked for from its cursor.
    preloader.scrolled(toOffset: 1000)
    let second = try #require(await requests.next())
    #expect(second.end == .tail && second.cursor == PageCursor("c1"))
    backend.respond(to: second, with: .success(page(ids(80, through: 61), next: nil)))
    #expect(await eventually { preloader.items.count == 40 })

    let restored = ListPreloader<TestPost, Never, Never>(
      configuration: configuration, pages: backend, itemLength: { _ in 100 },
      clock: ManualClock())
    restored.restore(preloader.snapshot())
    #expect(restored.items.map(\.id) == ids(100, through: 61))
    #expect(restored.geometry.contentLength == 4000)
  }
}
