@_spi(Machines) import Lookahead
import Testing

/// Drives a `LoadQueue<String, Int>` with scripted events and renders its
/// actions as short strings, so tests read as marble scripts.
struct LoadQueueScript {
  enum Event {
    case want(String, by: Int, LoadPriority, order: Double = 0)
    case unwant(String, by: Int)
    case finish(String)
    case fail(String, LoadError.Kind)
    /// Reports an outcome for the attempt of `key` that was last cancelled.
    case finishCancelledAttempt(String)
    case failCancelledAttempt(String)
    case advance(to: Duration)
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  var queue: LoadQueue<String, Int>
  var now: Duration = .zero
  var tickets: [String: LoadTicket] = [:]
  var cancelled: [String: LoadTicket] = [:]

  init(_ configuration: LoadQueueConfiguration = LoadQueueConfiguration()) {
    queue = LoadQueue(configuration: configuration)
  }

  mutating func send(_ event: Event) -> [String] {
    let actions: [LoadQueue<String, Int>.Action]
    switch event {
    case .want(let key, let waiter, let priority, let order):
      actions = queue.want(key, by: waiter, priority: priority, order: order, now: now)
    case .unwant(let key, let waiter):
      actions = queue.unwant(key, by: waiter, now: now)
    case .finish(let key):
      actions = queue.loadFinished(key, ticket: tickets[key] ?? LoadTicket(rawValue: 0), now: now)
    case .fail(let key, let kind):
      actions = queue.loadFailed(
        key, ticket: tickets[key] ?? LoadTicket(rawValue: 0), error: Self.error(kind), now: now)
    case .finishCancelledAttempt(let key):
      actions = queue.loadFinished(key, ticket: cancelled[key] ?? LoadTicket(rawValue: 0), now: now)
    case .failCancelledAttempt(let key):
      actions = queue.loadFailed(
        key, ticket: cancelled[key] ?? LoadTicket(rawValue: 0), error: .cancelled, now: now)
    case .advance(let time):
      now = time
      actions = queue.tick(now: now)
    }
    for action in actions {
      switch action {
      case .start(let key, let ticket, _): tickets[key] = ticket
      case .cancel(let key, let ticket): cancelled[key] = ticket
      case .deliver, .fail, .scheduleWakeUp: break
      }
    }
    return actions.map(\.description)
  }

  static func error(_ kind: LoadError.Kind) -> LoadError {
    switch kind {
    case .transient: .transient(Failure(description: "HTTP 503"))
    case .permanent: .permanent(Failure(description: "HTTP 404"))
    case .cancelled: .cancelled
    }
  }

  /// Runs `steps`, expecting each event's actions in order.
  mutating func run(
    _ steps: [(Event, [String])], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for (index, (event, expected)) in steps.enumerated() {
      let actual = send(event)
      #expect(
        actual == expected, "step \(index + 1): \(event)", sourceLocation: sourceLocation)
    }
  }
}
