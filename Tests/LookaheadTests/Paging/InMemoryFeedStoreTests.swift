import Foundation
import LookaheadTestSupport
import Testing

@testable import Lookahead

@Suite("InMemoryFeedStore") struct InMemoryFeedStoreTests {
  private func snapshot(_ ids: [Int], cursor: String?, hasMore: Bool = true) -> FeedSnapshot<
    TestPost
  > {
    FeedSnapshot(
      items: ids.map { TestPost(id: $0, time: $0) }, nextCursor: cursor.map(PageCursor.init),
      hasMore: hasMore, savedAt: Date(timeIntervalSince1970: 1_700_000_000))
  }

  @Test("saves replaces and removes snapshots per feed")
  func savesReplacesAndRemovesSnapshotsPerFeed() {
    let store = InMemoryFeedStore<TestPost>()
    #expect(store.snapshot(forFeed: "home") == nil)
    store.save(snapshot([3, 2], cursor: "c2"), forFeed: "home")
    store.save(snapshot([9], cursor: nil, hasMore: false), forFeed: "saved")
    store.save(snapshot([4, 3, 2], cursor: "c2"), forFeed: "home")
    #expect(store.snapshot(forFeed: "home") == snapshot([4, 3, 2], cursor: "c2"))
    #expect(store.feedIDs == ["home", "saved"])
    store.removeFeed("home")
    store.removeFeed("home")  // removing a missing feed does nothing
    #expect(store.snapshot(forFeed: "home") == nil)
    #expect(store.snapshot(forFeed: "saved")?.hasMore == false)
  }

  @Test("concurrent saves leave one complete snapshot")
  func concurrentSavesLeaveOneCompleteSnapshot() async {
    let store = InMemoryFeedStore<TestPost>()
    await withTaskGroup { group in
      for writer in 0..<50 {
        group.addTask {
          store.save(self.snapshot(Array(0...writer), cursor: "c\(writer)"), forFeed: "home")
        }
      }
    }
    let saved = store.snapshot(forFeed: "home")
    let writer = saved.flatMap { Int($0.nextCursor?.rawValue.dropFirst() ?? "") }
    #expect(writer.map { saved?.items.count == $0 + 1 } == true)
  }

  @Test("a pager machine round trips through the store")
  func aPagerMachineRoundTripsThroughTheStore() {
    let store = InMemoryFeedStore<TestPost>()
    var machine = PagerStateMachine<TestPost, ManualClock.Instant>(trigger: .infiniteScroll)
    _ = machine.restore(snapshot([5, 4, 3], cursor: "c3"))
    store.save(machine.snapshot(savedAt: .now), forFeed: "home")

    var restored = PagerStateMachine<TestPost, ManualClock.Instant>(trigger: .infiniteScroll)
    _ = restored.restore(store.snapshot(forFeed: "home")!)
    #expect(restored.list.items.map(\.id) == [5, 4, 3])
    #expect(restored.nextCursor == PageCursor("c3"))
    #expect(restored.hasMore)
  }
}
