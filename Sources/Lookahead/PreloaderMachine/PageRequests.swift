/// The page request of each end of the list on its way through the load queue it shares
/// with resources: asked for, then running in a slot of the queue, until it ends.
///
/// The pager asks for at most one request per end at a time. Each request waits for a
/// slot like a load (``Stage/queued``), runs with the slot's ticket
/// (``Stage/running(_:)``) and may lose the slot again to the queue; the time it was
/// asked for is kept throughout, to teach the page latency when its answer arrives.
///
/// A value type; thread-safe.
struct PageRequests: Sendable {
  /// Where a request stands in the load queue.
  enum Stage: Sendable, Hashable {
    /// Waiting for a slot.
    case queued
    /// Running in the slot of this ticket.
    case running(LoadTicket)
  }

  /// One end's request.
  struct Entry: Sendable, Hashable {
    var request: PageRequest
    /// When the pager asked for it.
    var askedAt: Duration
    var stage: Stage
  }

  private var tail: Entry?
  private var head: Entry?

  /// The entry of `end`, if a request is asked for there.
  subscript(end: PageEnd) -> Entry? {
    switch end {
    case .tail: tail
    case .head: head
    }
  }

  private mutating func set(_ entry: Entry?, for end: PageEnd) {
    switch end {
    case .tail: tail = entry
    case .head: head = entry
    }
  }

  /// The pager asked for `request`: it waits for a slot.
  ///
  /// - Precondition: No request of its end is asked for.
  mutating func ask(_ request: PageRequest, now: Duration) {
    precondition(
      self[request.end] == nil,
      "Internal inconsistency: a second \(request.end) page request while one is asked for")
    set(Entry(request: request, askedAt: now, stage: .queued), for: request.end)
  }

  /// The queue gave `end`'s request a slot.
  ///
  /// - Returns: The request to fetch.
  /// - Precondition: A request of that end is asked for.
  mutating func start(_ end: PageEnd, ticket: LoadTicket) -> PageRequest {
    guard var entry = self[end] else {
      preconditionFailure("Internal inconsistency: the \(end) page started without a request")
    }
    entry.stage = .running(ticket)
    set(entry, for: end)
    return entry.request
  }

  /// The queue took `end`'s slot back: the request, if any, waits again.
  ///
  /// - Returns: The request whose fetch to cancel, or `nil` when the end has none.
  mutating func stop(_ end: PageEnd) -> PageRequest? {
    guard var entry = self[end] else { return nil }
    entry.stage = .queued
    set(entry, for: end)
    return entry.request
  }

  /// Whether `request` is the one asked for at its end (a late answer of a cancelled
  /// request is not).
  func isCurrent(_ request: PageRequest) -> Bool {
    self[request.end]?.request == request
  }

  /// Forgets `request`, which was answered or withdrawn.
  ///
  /// - Returns: The entry it had, or `nil` when it is not the one asked for at its end.
  mutating func end(_ request: PageRequest) -> Entry? {
    guard isCurrent(request) else { return nil }
    defer { set(nil, for: request.end) }
    return self[request.end]
  }
}
