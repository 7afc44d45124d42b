import Testing

@testable import Lookahead

@Suite("A state machine's paging")
struct ListPagingTests {
  @Test("the pager is given the strategy's trigger, and none when paged by hand")
  func armsTheTrigger() {
    var manual = ListPaging<TestPost>(strategy: .manual, retryPolicy: PagerRetryPolicy())
    let armedByHand = manual.armTrigger()
    #expect(!armedByHand)
    var fixed = ListPaging<TestPost>(
      strategy: .trigger(.threshold(0.5)), retryPolicy: PagerRetryPolicy())
    let armed = fixed.armTrigger()
    #expect(armed && fixed.pager.trigger == .threshold(0.5))
    #expect(fixed.strategy == .trigger(.threshold(0.5)))
  }

  @Test("only the answer to the request asked for teaches a latency")
  func learnsPageLatency() {
    var paging = ListPaging<TestPost>(strategy: .manual, retryPolicy: PagerRetryPolicy())
    let actions = paging.pager.loadNextPage(now: Timestamp(.milliseconds(100)))
    guard case .fetch(let request) = actions.first else {
      Issue.record("no page asked for: \(actions)")
      return
    }
    paging.requests.ask(request, now: .milliseconds(100))
    let latency = paging.pageArrived(for: request, now: .milliseconds(350))
    #expect(latency == .milliseconds(250))
    _ = paging.requests.end(request)
    let late = paging.pageArrived(for: request, now: .milliseconds(400))
    #expect(late == nil)
  }
}
