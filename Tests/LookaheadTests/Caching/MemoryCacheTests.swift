import Lookahead
import LookaheadTestSupport
import Testing

@Suite("MemoryCache")
struct MemoryCacheTests {
  @Test("hits and inserts move keys to the front in exact LRU order")
  func exactLRUOrder() {
    let cache = MemoryCache<String, Int>()
    for (index, key) in ["a", "b", "c", "d"].enumerated() { cache.setValue(index, forKey: key) }
    #expect(cache.keys == ["d", "c", "b", "a"])
    #expect(cache.value(forKey: "b") == 1)
    #expect(cache.keys == ["b", "d", "c", "a"])
    #expect(cache.value(forKey: "a") == 0)
    #expect(cache.keys == ["a", "b", "d", "c"])
    cache.setValue(30, forKey: "c")
    #expect(cache.keys == ["c", "a", "b", "d"])
    #expect(cache.containsValue(forKey: "d"))
    #expect(cache.keys == ["c", "a", "b", "d"], "contains does not touch recency")
    #expect(cache.value(forKey: "missing") == nil)
  }

  @Test("the count limit evicts the least recently used entry")
  func countLimitEvictsLeastRecentlyUsed() {
    let cache = MemoryCache<Int, Int>(countLimit: 3)
    for key in 1...3 { cache.setValue(key, forKey: key) }
    _ = cache.value(forKey: 1)
    cache.setValue(4, forKey: 4)
    #expect(cache.keys == [4, 1, 3])
    #expect(cache.value(forKey: 2) == nil)
    #expect(cache.count == 3)
  }

  @Test("the cost limit evicts from the tail until the total fits")
  func costLimitEvicts() {
    let cache = MemoryCache<String, String>(costLimit: 100, maximumEntryCostFraction: 0.5)
    cache.setValue("a", forKey: "a", cost: 40)
    cache.setValue("b", forKey: "b", cost: 40)
    #expect(cache.totalCost == 80)
    cache.setValue("c", forKey: "c", cost: 30)
    #expect(cache.keys == ["c", "b"])
    #expect(cache.totalCost == 70)
    cache.setValue("b", forKey: "b", cost: 10)
    #expect(cache.totalCost == 40, "replacing an entry replaces its cost")
  }

  @Test("entries costlier than the configured fraction are refused and drop the old value")
  func oversizedEntriesAreRefused() {
    let cache = MemoryCache<String, Int>(costLimit: 1_000, maximumEntryCostFraction: 0.1)
    #expect(cache.entryCostLimit == 100)
    #expect(cache.setValue(1, forKey: "small", cost: 100))
    #expect(cache.setValue(2, forKey: "small", cost: 101) == false)
    #expect(cache.value(forKey: "small") == nil)
    #expect(cache.totalCost == 0)
    #expect(MemoryCache<Int, Int>().setValue(1, forKey: 1, cost: .max - 1))
  }

  @Test("entries expire after the time to live on the injected clock")
  func timeToLive() {
    let clock = ManualClock()
    let cache = MemoryCache<String, Int>(timeToLive: .seconds(10), clock: clock)
    cache.setValue(1, forKey: "old")
    clock.advance(by: .seconds(6))
    cache.setValue(2, forKey: "new")
    #expect(cache.value(forKey: "old") == 1)
    clock.advance(by: .seconds(4))
    #expect(cache.containsValue(forKey: "old") == false)
    #expect(cache.value(forKey: "old") == nil)
    #expect(cache.count == 1, "an expired entry is removed on lookup")
    cache.setValue(3, forKey: "newest")
    clock.advance(by: .seconds(6))
    cache.removeExpiredValues()
    #expect(cache.keys == ["newest"])
  }

  @Test("trim and removeAll drop least recently used entries first")
  func trimAndRemoveAll() {
    let cache = MemoryCache<Int, Int>()
    for key in 0..<10 { cache.setValue(key, forKey: key, cost: 10) }
    cache.trim(toCost: 55)
    #expect(cache.keys == [9, 8, 7, 6, 5])
    cache.trim(toCount: 2)
    #expect(cache.keys == [9, 8])
    #expect(cache.removeValue(forKey: 9) == 9)
    #expect(cache.removeValue(forKey: 9) == nil)
    cache.removeAll()
    #expect(cache.count == 0 && cache.totalCost == 0 && cache.keys.isEmpty)
    cache.setValue(1, forKey: 1)
    #expect(cache.keys == [1], "the cache works after removeAll")
  }

  @Test("freed slots are reused and the list stays consistent under churn")
  func churnKeepsListConsistent() {
    let cache = MemoryCache<Int, Int>(countLimit: 50)
    var reference: [Int] = []
    for step in 0..<5_000 {
      let key = (step &* 7_919) % 120
      if step % 5 == 0 {
        cache.removeValue(forKey: key)
        reference.removeAll { $0 == key }
      } else if step % 3 == 0 {
        if cache.value(forKey: key) != nil {
          reference.removeAll { $0 == key }
          reference.insert(key, at: 0)
        }
      } else {
        cache.setValue(step, forKey: key)
        reference.removeAll { $0 == key }
        reference.insert(key, at: 0)
        if reference.count > 50 { reference.removeLast() }
      }
    }
    #expect(cache.keys == reference)
  }
}

@Suite("MemoryCache concurrency")
struct MemoryCacheConcurrencyTests {
  @Test("concurrent readers and writers keep the limits and the bookkeeping exact")
  func concurrentStress() async {
    let cache = MemoryCache<Int, Int>(
      countLimit: 64, costLimit: 4_000, maximumEntryCostFraction: 0.1)
    await withTaskGroup(of: Void.self) { group in
      for worker in 0..<8 {
        group.addTask {
          for step in 0..<5_000 {
            let key = (step * 31 + worker * 17) % 200
            switch step % 4 {
            case 0: cache.setValue(key, forKey: key, cost: key % 50)
            case 1: _ = cache.removeValue(forKey: key)
            default:
              if let value = cache.value(forKey: key) { precondition(value == key) }
            }
          }
        }
      }
    }
    #expect(cache.count <= 64)
    #expect(cache.totalCost <= 4_000)
    let keys = cache.keys
    #expect(keys.count == cache.count)
    #expect(Set(keys).count == keys.count)
    var sum = 0
    for key in keys { sum += key % 50 }
    #expect(sum == cache.totalCost)
  }
}
