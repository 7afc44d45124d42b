import Testing

@_spi(Simulation) @testable import Lookahead

@Suite("Wanted set answer")
struct WantedSetAnswerTests {
  @Test("a frame's answer reads the kept requests with their items' keys, in order")
  func readsTheKeptRequestsByKey() {
    var keys = ItemKeyTable<String>()
    for key in ["a", nil, "c", "d"] { keys.append(key) }
    let requests = [
      PreloadRequest(item: 3, priority: .visible, order: 1),
      PreloadRequest(item: 1, priority: .preload, order: 2),
      PreloadRequest(item: 0, priority: .preload, order: 3),
      PreloadRequest(item: 2, priority: .display, order: 4),
    ]
    let answer = WantedSet.Answer(requests: requests, kept: [0, 2, 3, 1], keys: keys, count: 3)
    #expect(
      (0..<answer.count).map { answer[$0] } == [
        WantedSet.Request(key: "d", priority: .visible, order: 1),
        WantedSet.Request(key: "a", priority: .preload, order: 3),
        WantedSet.Request(key: "c", priority: .display, order: 4),
      ])
    #expect(WantedSet.Answer(requests: requests, kept: [2], keys: keys, count: 0).count == 0)
    let array = [WantedSet.Request(key: "b", priority: .preload, order: 5)]
    let fromArray = WantedSet.Answer(array)
    #expect(fromArray.count == 1 && fromArray[0] == array[0])
  }

  @Test("the wanted set reports the same changes from a frame's answer as from an array")
  func updatesTheWantedSetAsAnArrayDoes() {
    var random = SplitMix64(seed: 13)
    var keys = ItemKeyTable<Int>()
    for item in 0..<60 { keys.append(item % 7 == 0 ? nil : item / 2) }  // shared keys too
    var fromAnswer = WantedSet<Int>()
    var fromArray = WantedSet<Int>()
    var answerChanges = WantedSetChanges<Int>(wanted: [], unwanted: [])
    var arrayChanges = WantedSetChanges<Int>(wanted: [], unwanted: [])
    let priorities: [LoadPriority] = [.visible, .preload, .display]
    for _ in 0..<400 {
      let start = Int(random.next() % 40)
      let requests = (start..<(start + Int(random.next() % 20))).map { item in
        PreloadRequest(
          item: item, priority: priorities[Int(random.next() % 3)],
          order: Double(random.next() % 5))
      }
      let kept = requests.indices.filter { keys[requests[$0].item] != nil }
      let answer = WantedSet.Answer(
        requests: requests, kept: kept + [0, 0], keys: keys, count: kept.count)
      let array = (0..<answer.count).map { answer[$0] }
      var answerDeferred = 0
      var arrayDeferred = 0
      var answerInserted: [Int] = []
      var arrayInserted: [Int] = []
      fromAnswer.update(
        to: answer, defersOrders: true, deferredCount: &answerDeferred, into: &answerChanges
      ) { position, _ in answerInserted.append(position) }
      fromArray.update(
        to: array, defersOrders: true, deferredCount: &arrayDeferred, into: &arrayChanges
      ) { position, _ in arrayInserted.append(position) }
      #expect(answerChanges == arrayChanges)
      #expect(answerDeferred == arrayDeferred)
      #expect(answerInserted == arrayInserted)
      #expect(fromAnswer.takeDeferredOrders() == fromArray.takeDeferredOrders())
    }
  }
}
