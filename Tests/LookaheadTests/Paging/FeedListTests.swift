import Testing

@_spi(Simulation) @testable import Lookahead

@Suite("FeedList") struct FeedListTests {
  private func ids(_ list: FeedList<TestPost>) -> [Int] { list.items.map(\.id) }

  @Test("appending overlapping pages keeps each ID once")
  func appendingOverlappingPagesKeepsEachIDOnce() {
    var list = FeedList<TestPost>()
    list.append(contentsOf: page([100, 90, 80, 70], next: "c70").items)
    // Page numbers shifted by two head insertions: 80 and 70 come again.
    let summary = list.append(contentsOf: page([80, 70, 60, 50], next: "c50").items)
    #expect(ids(list) == [100, 90, 80, 70, 60, 50])
    #expect(summary == FeedMergeSummary(inserted: 2, moved: 0, updated: 2))
  }

  @Test("refresh inserts new items at the head")
  func refreshInsertsNewItemsAtTheHead() {
    var list = FeedList(page([100, 90, 80], next: "c80").items)
    let result = list.refresh(with: page([120, 110, 100], next: "c100"))
    #expect(result == .merged(FeedMergeSummary(inserted: 2, moved: 0, updated: 1)))
    #expect(ids(list) == [120, 110, 100, 90, 80])
  }

  @Test("refresh inserts new items in sort order not just at the head")
  func refreshInsertsNewItemsInSortOrderNotJustAtTheHead() {
    var list = FeedList(page([100, 80, 60], next: "c60").items)
    list.refresh(with: page([120, 100, 90, 70], next: "c70"))
    #expect(ids(list) == [120, 100, 90, 80, 70, 60])
  }

  @Test("a changed sort key moves the item without duplicating it")
  func aChangedSortKeyMovesTheItemWithoutDuplicatingIt() {
    var list = FeedList(page([100, 90, 80, 70], next: "c70").items)
    // Series 70 got a new episode: its addtime is now the newest.
    let fresh = Page(
      items: [TestPost(id: 70, time: 130, title: "new episode"), TestPost(id: 100, time: 100)],
      nextCursor: PageCursor("c100"), hasMore: true)
    let result = list.refresh(with: fresh)
    #expect(result == .merged(FeedMergeSummary(inserted: 0, moved: 1, updated: 1)))
    #expect(ids(list) == [70, 100, 90, 80])
    #expect(list.items.first?.title == "new episode")
    #expect(list.index(ofID: 70) == 0)
    #expect(list.index(ofID: 80) == 3)
  }

  @Test("a sort key that moves an item toward the tail also works")
  func aSortKeyThatMovesAnItemTowardTheTailAlsoWorks() {
    var list = FeedList(page([100, 90, 80, 70], next: "c70").items)
    list.merge([TestPost(id: 90, time: 75)])
    #expect(ids(list) == [100, 80, 90, 70])
    #expect(list.items.map(\.time) == [100, 80, 75, 70])
  }

  @Test("a gap replaces the list")
  func aGapReplacesTheList() {
    var list = FeedList(page([50, 40, 30], next: "c30").items)
    let result = list.refresh(with: page([200, 190, 180], next: "c180"))
    #expect(result == .replaced)
    #expect(ids(list) == [200, 190, 180])
    #expect(!list.contains(id: 50))
  }

  @Test("an empty fresh page changes nothing")
  func anEmptyFreshPageChangesNothing() {
    var list = FeedList(page([50, 40, 30], next: "c30").items)
    #expect(list.refresh(with: page([], next: nil, hasMore: false)) == .unchanged)
    #expect(ids(list) == [50, 40, 30])
  }

  @Test("refreshing an empty list replaces it")
  func refreshingAnEmptyListReplacesIt() {
    var list = FeedList<TestPost>()
    #expect(list.refresh(with: page([3, 2, 1], next: "c1")) == .replaced)
    #expect(ids(list) == [3, 2, 1])
  }

  @Test("duplicates inside one fresh page keep the first")
  func duplicatesInsideOneFreshPageKeepTheFirst() {
    var list = FeedList<TestPost>()
    list.merge([
      TestPost(id: 1, time: 10, title: "first"), TestPost(id: 1, time: 20, title: "second"),
    ])
    #expect(list.items == [TestPost(id: 1, time: 10, title: "first")])
  }

  @Test("equal keys keep arrival order and fresh items go first")
  func equalKeysKeepArrivalOrderAndFreshItemsGoFirst() {
    var list = FeedList([TestPost(id: 1, time: 5), TestPost(id: 2, time: 5)])
    #expect(ids(list) == [1, 2])
    list.merge([TestPost(id: 3, time: 5), TestPost(id: 4, time: 5)])
    #expect(ids(list) == [3, 4, 1, 2])
    #expect(list.index(ofID: 2) == 3)
  }

  @Test("ascending feeds keep the oldest first")
  func ascendingFeedsKeepTheOldestFirst() {
    var list = FeedList<ChatLine>()
    list.append(contentsOf: [ChatLine(id: 1, sent: 10), ChatLine(id: 2, sent: 20)])
    list.merge([ChatLine(id: 3, sent: 15), ChatLine(id: 1, sent: 30)])
    #expect(list.items.map(\.id) == [3, 2, 1])
  }

  @Test("merging random feeds and edits keeps the list sorted, unique and complete")
  func mergeProperty() {
    var generator = SplitMix64(seed: 0x5EED)
    for _ in 0..<500 {
      var list = FeedList<TestPost>()
      var expected: [Int: Int] = [:]  // id -> time
      for _ in 0..<Int.random(in: 1...6, using: &generator) {
        var fresh: [TestPost] = []
        for _ in 0..<Int.random(in: 0...25, using: &generator) {
          let id = Int.random(in: 0..<60, using: &generator)
          let time = Int.random(in: 0..<40, using: &generator)
          fresh.append(TestPost(id: id, time: time))
        }
        let isRefresh = Bool.random(using: &generator)
        let result: FeedRefreshResult
        if isRefresh {
          result = list.refresh(with: Page(items: fresh, nextCursor: nil, hasMore: true))
        } else {
          result = .merged(list.merge(fresh))
        }
        if result == .replaced { expected = [:] }
        var seen = Set<Int>()
        for post in fresh where seen.insert(post.id).inserted { expected[post.id] = post.time }

        let times = list.items.map(\.time)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 >= $1 }, "not sorted: \(list.items)")
        #expect(Set(list.items.map(\.id)).count == list.count, "duplicates: \(list.items)")
        #expect(Dictionary(uniqueKeysWithValues: list.items.map { ($0.id, $0.time) }) == expected)
        for post in list.items { #expect(list.index(ofID: post.id).map { list.items[$0] } == post) }
      }
    }
  }
}

private struct ChatLine: FeedItem {
  var id: Int
  var sent: Int
  var sortKey: Int { sent }
  static var sortOrder: FeedSortOrder { .ascending }
}
