import Testing

@testable import LookaheadSimulation

@Suite("Image cache model")
struct ImageCacheModelTests {
  @Test("storing past the capacity evicts the least recently used images")
  func evictsLeastRecentlyUsed() {
    var cache = ImageCacheModel(capacity: 100)
    #expect(cache.store(1, size: 40).isEmpty)
    #expect(cache.store(2, size: 40).isEmpty)
    cache.markUsed(1)
    #expect(cache.store(3, size: 30) == [2])
    #expect(cache.isReady(1) && !cache.isReady(2) && cache.isReady(3))
    #expect(cache.isOnDisk(2))
    #expect(cache.totalBytes == 70)
    #expect(cache.itemsByRecency == [3, 1])
  }

  @Test("one large image can evict several")
  func evictsSeveral() {
    var cache = ImageCacheModel(capacity: 100)
    for item in 0..<5 { cache.store(item, size: 20) }
    #expect(cache.store(9, size: 70) == [0, 1, 2, 3])
    #expect(cache.count == 2)
    #expect(cache.totalBytes == 90)
    #expect(cache.peakBytes == 100)
  }

  @Test("storing an image that is already in memory replaces it without double counting")
  func restore() {
    var cache = ImageCacheModel(capacity: 100)
    cache.store(1, size: 60)
    cache.store(2, size: 30)
    #expect(cache.store(1, size: 60).isEmpty)
    #expect(cache.totalBytes == 90)
    #expect(cache.itemsByRecency == [1, 2])
  }

  @Test("unknown items are neither ready nor on disk, and marking them used does nothing")
  func unknownItems() {
    var cache = ImageCacheModel(capacity: 10)
    cache.markUsed(500)
    #expect(!cache.isReady(500) && !cache.isOnDisk(500) && !cache.isReady(-1))
    #expect(cache.count == 0)
  }
}
