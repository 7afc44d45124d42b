@testable import Lookahead

/// A feed item for tests: newest (greatest `time`) first.
struct TestPost: FeedItem, Codable, Hashable, CustomStringConvertible {
  var id: Int
  var time: Int
  var title = ""

  var sortKey: Int { time }
  var description: String { "\(id)@\(time)" }
}

/// A page of posts with the given ids; each post's time equals its id.
func page(_ ids: [Int], next: String?, hasMore: Bool = true) -> Page<TestPost> {
  Page(
    items: ids.map { TestPost(id: $0, time: $0) }, nextCursor: next.map(PageCursor.init),
    hasMore: hasMore)
}

struct TestError: Error, Equatable, CustomStringConvertible {
  var message = "backend unavailable"
  var description: String { message }
}
