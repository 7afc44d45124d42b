import Testing

@_spi(Machines) @testable import Lookahead

@Suite("The page requests of a list preloader's state machine")
struct PageRequestsTests {
  let tail = PageRequest(id: 1, end: .tail, cursor: nil)
  let head = PageRequest(id: 2, end: .head, cursor: nil)

  @Test("a request waits for a slot, runs with its ticket and ends once")
  func lifecycle() {
    var pages = PageRequests()
    pages.ask(tail, now: .milliseconds(100))
    #expect(pages[.tail]?.stage == .queued)
    #expect(pages[.head] == nil)
    let started = pages.start(.tail, ticket: LoadTicket(rawValue: 7))
    #expect(started == tail)
    #expect(pages[.tail]?.stage == .running(LoadTicket(rawValue: 7)))
    let ended = pages.end(tail)
    #expect(ended?.askedAt == .milliseconds(100))
    #expect(ended?.stage == .running(LoadTicket(rawValue: 7)))
    #expect(pages.end(tail) == nil)
    #expect(pages[.tail] == nil && pages[.head] == nil)
  }

  @Test("the two ends are independent, and a stale request ends nothing")
  func endsAreIndependent() {
    var pages = PageRequests()
    pages.ask(tail, now: .zero)
    pages.ask(head, now: .milliseconds(5))
    let stale = PageRequest(id: 9, end: .tail, cursor: nil)
    #expect(!pages.isCurrent(stale))
    #expect(pages.end(stale) == nil)
    #expect(pages.end(head)?.askedAt == .milliseconds(5))
    #expect(pages.isCurrent(tail))
    #expect(pages[.head] == nil)
  }

  @Test("a slot taken back leaves the request waiting, with the time it was asked for")
  func slotTakenBack() {
    var pages = PageRequests()
    #expect(pages.stop(.tail) == nil)
    pages.ask(tail, now: .milliseconds(40))
    _ = pages.start(.tail, ticket: LoadTicket(rawValue: 3))
    #expect(pages.stop(.tail) == tail)
    #expect(pages[.tail] == .init(request: tail, askedAt: .milliseconds(40), stage: .queued))
  }
}
