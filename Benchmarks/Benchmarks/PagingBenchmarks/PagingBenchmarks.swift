import Benchmark
import Foundation
import Lookahead

/// Pull-to-refresh merges and tail appends on a 100,000-item feed: `FeedList`
/// against a naive merge (linear search by id and linear insertion, O(n·m)) measured
/// in the same run on the same workload. Every iteration merges a fresh head page of 20 items: 17 new,
/// 2 older items whose sort key changed (they move to the head), and the current
/// head unchanged. The feed grows by 17 items per iteration. Each sample first
/// merges one page outside the measurement, so that copy-on-write and the first
/// reallocation of the 100,000-item storage are not counted for either side.
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
    scalingFactor: .one,
    maxDuration: .seconds(3),
    maxIterations: 200
  )

  Benchmark(
    "FeedList refresh: 20 fresh items into 100,000",
    configuration: .init(scalingFactor: .kilo, maxDuration: .seconds(3), maxIterations: 200)
  ) { benchmark in
    var list = FeedList(MergeFixture.initialItems)
    var generator = MergeFixture.Generator()
    let warmUp = generator.nextPage(head: list[0], moving: [list[30], list[50]])
    list.refresh(with: Page(items: warmUp, nextCursor: nil, hasMore: true))
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      let fresh = generator.nextPage(head: list[0], moving: [list[30], list[50]])
      blackHole(list.refresh(with: Page(items: fresh, nextCursor: nil, hasMore: true)))
    }
    benchmark.stopMeasurement()
  }

  Benchmark(
    "FeedList append: 20-item tail page onto 100,000",
    configuration: .init(scalingFactor: .kilo, maxDuration: .seconds(3), maxIterations: 200)
  ) { benchmark in
    var list = FeedList(MergeFixture.initialItems)
    var oldest = MergeFixture.initialItems.last!.time
    var nextID = 10_000_000
    list.append(contentsOf: [BenchPost(id: nextID, time: oldest - 1)])
    oldest -= 1
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      // The first item repeats the last one (overlapping pages), 19 are new.
      var page = [list[list.count - 1]]
      for _ in 0..<19 {
        oldest -= 1
        nextID += 1
        page.append(BenchPost(id: nextID, time: oldest))
      }
      blackHole(list.append(contentsOf: page))
    }
    benchmark.stopMeasurement()
  }

  Benchmark(
    "Baseline: naive append (linear search per item)",
    configuration: .init(scalingFactor: .one, maxDuration: .seconds(3), maxIterations: 2000)
  ) { benchmark in
    var items = MergeFixture.initialItems
    var oldest = items.last!.time
    var nextID = 10_000_000
    NaiveMerge.merge([BenchPost(id: nextID, time: oldest - 1)], into: &items)
    oldest -= 1
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      var page = [items[items.count - 1]]
      for _ in 0..<19 {
        oldest -= 1
        nextID += 1
        page.append(BenchPost(id: nextID, time: oldest))
      }
      NaiveMerge.merge(page, into: &items)
      blackHole(items.count)
    }
    benchmark.stopMeasurement()
  }

  Benchmark(
    "Baseline: naive refresh (linear search per item)",
    configuration: .init(scalingFactor: .one, maxDuration: .seconds(3), maxIterations: 2000)
  ) { benchmark in
    var items = MergeFixture.initialItems
    var generator = MergeFixture.Generator()
    NaiveMerge.merge(
      generator.nextPage(head: items[0], moving: [items[30], items[50]]), into: &items)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      let fresh = generator.nextPage(head: items[0], moving: [items[30], items[50]])
      NaiveMerge.merge(fresh, into: &items)
      blackHole(items.count)
    }
    benchmark.stopMeasurement()
  }
}

struct BenchPost: FeedItem {
  var id: Int
  var time: Int
  var sortKey: Int { time }
}

enum MergeFixture {
  /// 100,000 posts, newest first, times 2 apart so that nothing ties.
  static let initialItems: [BenchPost] = (0..<100_000).map { index in
    BenchPost(id: index, time: 1_000_000 - 2 * index)
  }

  struct Generator {
    private var newestTime = 1_000_000
    private var nextID = 1_000_000

    /// 17 new posts newer than everything, 2 posts moved to the head, the head again.
    mutating func nextPage(head: BenchPost, moving: [BenchPost]) -> [BenchPost] {
      var page: [BenchPost] = []
      for _ in 0..<17 {
        newestTime += 1
        nextID += 1
        page.append(BenchPost(id: nextID, time: newestTime))
      }
      for var item in moving {
        newestTime += 1
        item.time = newestTime
        page.append(item)
      }
      page.append(head)
      return page
    }
  }
}

/// The O(n·m) merge that `FeedList` replaces: find each fresh item by scanning,
/// remove it, and scan again for its insertion point.
enum NaiveMerge {
  static func merge(_ fresh: [BenchPost], into items: inout [BenchPost]) {
    for item in fresh {
      if let index = items.firstIndex(where: { $0.id == item.id }) { items.remove(at: index) }
      let position = items.firstIndex { $0.time <= item.time } ?? items.count
      items.insert(item, at: position)
    }
  }
}
