import Testing

@testable import Lookahead

@Suite("A state machine's wanted keys")
struct WantedLoadsTests {
  private static func posts(_ ids: [Int]) -> FeedList<TestPost> {
    FeedList(ids.map { TestPost(id: $0, time: $0) })
  }

  @Test("a key that leaves names its item: where it was, or found by id once items moved")
  func itemPlaces() {
    var wanted = WantedLoads<TestPost, String>()
    wanted.keyEntered(slot: 0, id: 2, position: 1)
    wanted.keyEntered(slot: 2, id: 1, position: 2)
    wanted.keyEntered(slot: 3, id: 9, position: 0)
    // An append moves nothing: the position noted stands, the list is not searched.
    wanted.listChanged(movesItems: false)
    let appended = wanted.keyLeft(slot: 0, in: Self.posts([]))
    #expect(appended == 1)
    wanted.listChanged(movesItems: true)
    let moved = wanted.keyLeft(slot: 2, in: Self.posts([4, 3, 2, 1]))
    let gone = wanted.keyLeft(slot: 3, in: Self.posts([4, 3, 2, 1]))
    #expect(moved == 3 && gone == nil)
  }

  @Test("an answer repeats the last diffed until the list changes or the keys are reset")
  func repeatedAnswers() {
    var wanted = WantedLoads<TestPost, String>()
    let answer = [
      PreloadRequest(item: 0, priority: .visible, order: 0),
      PreloadRequest(item: 1, priority: .preload, order: 1),
    ]
    var requests = answer
    var kept = [0, 1]
    #expect(!wanted.answerRepeats(requests: requests, kept: kept, keptCount: 2))
    wanted.keepDiffedAnswer(requests: &requests, kept: &kept, count: 2)
    #expect(wanted.answerRepeats(requests: answer, kept: [0, 1], keptCount: 2))
    #expect(!wanted.answerRepeats(requests: answer, kept: [1, 0], keptCount: 2))
    #expect(!wanted.answerRepeats(requests: answer, kept: [0, 1], keptCount: 1))
    wanted.listChanged(movesItems: false)
    #expect(!wanted.answerRepeats(requests: answer, kept: [0, 1], keptCount: 2))
    requests = answer
    kept = [0, 1]
    wanted.keepDiffedAnswer(requests: &requests, kept: &kept, count: 2)
    #expect(wanted.answerRepeats(requests: answer, kept: [0, 1], keptCount: 2))
    wanted.removeAll()
    #expect(!wanted.answerRepeats(requests: answer, kept: [0, 1], keptCount: 2))
  }
}
