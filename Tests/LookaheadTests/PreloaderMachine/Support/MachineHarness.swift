import Foundation

@_spi(Machines) @testable import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// Post ids `from` down to `to`, newest first, as a feed page lists them.
func ids(_ from: Int, through to: Int) -> [Int] {
  Array(stride(from: from, through: to, by: -1))
}

/// Drives a ``ListPreloaderStateMachine`` by hand: posts of 100 points whose image key
/// is `img-<id>`, a 390 × 1,000 viewport (ten posts a screen), a set of cached keys, and
/// a record of the loads and pages in flight.
struct MachineHarness {
  typealias Machine = ListPreloaderStateMachine<TestPost, String>
  typealias Action = Machine.Action

  var machine: Machine
  var cached: Set<String> = []
  /// Keys a local tier below memory (a disk cache) holds.
  var stored: Set<String> = []
  var time: Duration = .zero
  /// Running loads by key.
  var running: [String: LoadTicket] = [:]
  /// Page requests in flight, oldest first.
  var fetching: [PageRequest] = []

  init(
    strategy: PreloadStrategy = .texture, interfaceStates: RangeTuningTable? = nil,
    keyless: Set<Int> = []
  ) {
    machine = Machine(
      strategy: strategy,
      configuration: ListPreloaderConfiguration(
        viewportSize: CGSize(width: 390, height: 1000), interfaceStateTuning: interfaceStates),
      resourceKey: { keyless.contains($0.id) ? nil : "img-\($0.id)" },
      itemLength: { _ in 100 })
  }

  static func key(_ id: Int) -> String { "img-\(id)" }

  /// What is cached and stored now, as the machine's frames ask it.
  var readiness: HarnessReadiness { HarnessReadiness(cached: cached, stored: stored) }

  /// Records loads and pages the actions start or cancel; returns the actions.
  @discardableResult
  mutating func perform(_ actions: [Action]) -> [Action] {
    for action in actions {
      switch action {
      case .startLoad(let key, let ticket, _): running[key] = ticket
      case .cancelLoad(let key, _): running[key] = nil
      case .fetchPage(let request): fetching.append(request)
      case .cancelPage(let request): fetching.removeAll { $0 == request }
      default: break
      }
    }
    return actions
  }

  @discardableResult
  mutating func start() -> [Action] { perform(machine.start(now: time)) }

  /// Answers the oldest page request (of `end`, when given) with posts `ids` (time = id).
  @discardableResult
  mutating func answerPage(
    _ ids: [Int], next: String?, hasMore: Bool = true, end: PageEnd? = nil
  ) -> [Action] {
    let index = fetching.firstIndex { end == nil || $0.end == end }!
    let request = fetching.remove(at: index)
    return perform(
      machine.pageLoaded(request, page: page(ids, next: next, hasMore: hasMore), now: time))
  }

  /// One frame at `offset`, `step` after the previous event.
  @discardableResult
  mutating func scroll(to offset: CGFloat, after step: Duration = .milliseconds(16)) -> [Action] {
    time += step
    return perform(
      machine.scrolled(to: CGPoint(x: 0, y: offset), now: time, readiness: readiness))
  }

  /// A wake-up at `time`: due retries, and a frame at rest the machine asked for.
  @discardableResult
  mutating func tick(at time: Duration) -> [Action] {
    perform(machine.tick(now: time, readiness: readiness))
  }

  /// Frames every 16 ms moving at `speed` points per second for `seconds`; returns every
  /// frame's actions.
  @discardableResult
  mutating func fling(from offset: CGFloat, speed: CGFloat, seconds: Double) -> [Action] {
    var actions: [Action] = []
    for frame in 1...Int(seconds * 60) {
      actions += scroll(to: offset + speed * CGFloat(frame) / 60, after: .microseconds(16_667))
    }
    return actions
  }

  /// Finishes the running load of `key`: it becomes cached.
  @discardableResult
  mutating func finish(
    _ key: String, bytes: Int = 50_000, duration: Duration = .milliseconds(200),
    source: LoadSource = .network
  ) -> [Action] {
    guard let ticket = running.removeValue(forKey: key) else { return [] }
    cached.insert(key)
    return perform(
      machine.loadFinished(
        key, ticket: ticket, bytes: bytes, duration: duration, source: source, now: time))
  }

  /// Finishes running loads, oldest key first, until a page request starts (a page
  /// waits in the queue behind visible loads); returns it.
  mutating func finishUntilAPageStarts() -> PageRequest? {
    while let key = running.keys.sorted().first {
      if let request = Self.fetches(finish(key)).first { return request }
    }
    return nil
  }

  /// The keys of the loads the actions start, in order.
  static func started(_ actions: [Action]) -> [String] {
    actions.compactMap { if case .startLoad(let key, _, _) = $0 { key } else { nil } }
  }

  /// The keys of the loads the actions cancel, in order.
  static func cancelled(_ actions: [Action]) -> [String] {
    actions.compactMap { if case .cancelLoad(let key, _) = $0 { key } else { nil } }
  }

  /// The page requests of the actions.
  static func fetches(_ actions: [Action]) -> [PageRequest] {
    actions.compactMap { if case .fetchPage(let request) = $0 { request } else { nil } }
  }

  /// The list changes of the actions.
  static func listChanges(_ actions: [Action]) -> [PagerListChange] {
    actions.compactMap { if case .listChanged(let change) = $0 { change } else { nil } }
  }
}

/// The harness's readiness: `cached` keys in memory, `stored` keys on a local tier.
struct HarnessReadiness: ResourceReadiness {
  let cached: Set<String>
  let stored: Set<String>

  func isReady(_ key: String) -> Bool { cached.contains(key) }
  func isStoredLocally(_ key: String) -> Bool { stored.contains(key) }
}
