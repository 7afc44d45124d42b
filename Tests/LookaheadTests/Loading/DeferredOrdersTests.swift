import Testing

@testable import Lookahead

@Suite("Deferred orders")
struct DeferredOrdersTests {
  typealias Request = WantedSet<Int>.Request

  @Test("a request is replaced in place while it waits, and only then")
  func replacesOnlyAWaitingRequest() {
    var deferred = DeferredOrders<Int>()
    var first = DeferredOrders<Int>.Place()
    var second = DeferredOrders<Int>.Place()
    // A new place holds nothing: nothing to replace.
    let replacedNew = deferred.replace(Request(key: 1, priority: .preload, order: 1), at: first)
    #expect(!replacedNew)
    let firstMoves = deferred.add(Request(key: 1, priority: .preload, order: 1), at: &first)
    let secondMoves = deferred.add(Request(key: 2, priority: .display, order: 2), at: &second)
    #expect(firstMoves == nil && secondMoves == nil)
    // Replaced where it waits: same place, same order of keys, no new storage.
    let replaced = deferred.replace(Request(key: 1, priority: .preload, order: 5), at: first)
    #expect(replaced)
    #expect(deferred.request(at: first) == Request(key: 1, priority: .preload, order: 5))
    #expect(deferred.storageCount == 2 && deferred.contains(.preload))
    // Dropped, or taken: the place is stale and nothing is replaced.
    deferred.drop(&second)
    let replacedDropped = deferred.replace(
      Request(key: 2, priority: .display, order: 3), at: second)
    #expect(!replacedDropped)
    var taken: [Request] = []
    deferred.take(into: &taken)
    #expect(taken == [Request(key: 1, priority: .preload, order: 5)])
    let replacedTaken = deferred.replace(Request(key: 1, priority: .preload, order: 6), at: first)
    #expect(!replacedTaken)
    #expect(deferred.isEmpty)
  }
}
