/// A deterministic, event-driven model of the simulated network on virtual time
/// (docs/DESIGN.md, "The standard world" and "Precise definitions").
///
/// - A request holds one of `profile.connections` connections from its start: first
///   `roundTrip · jitter + serverTime` with no bytes flowing ("connecting"), then its bytes
///   at an equal share of the bandwidth among the requests transferring at that moment.
/// - When more requests are submitted than there are connections, the extra ones wait.
///   When a request finishes or is cancelled, its connection goes at that instant to the
///   waiting request with the highest caller-supplied priority (ties: submitted first).
///   A driver whose own queue never exceeds the connection count never sees waiting.
/// - The jitter of a start is ``NetworkJitter/factor(seed:kind:index:attempt:)`` where
///   `attempt` counts the earlier starts of the same key; the model keeps that count.
/// - ``readFromDisk(_:bytes:)`` models the disk tier: it completes after `diskReadTime`
///   without a connection or bandwidth and is not counted as a request.
///
/// The model only moves forward when asked: ``nextCompletion(notAfter:)`` advances virtual
/// time to the next completion (or to the limit), so a driver can react to each completion
/// at its exact time — for example start the next load — before time moves on:
///
/// ```swift
/// while let completion = network.nextCompletion(notAfter: frameTime) {
///   handle(completion)  // may call network.request(...) at completion.time
/// }
/// ```
///
/// Cost: O(r + d + w) per event for r running requests (at most `connections`), d disk reads
/// and w waiting requests; no per-millisecond stepping. Memory grows with the largest key
/// index used (page numbers and item ids, which are dense from 0).
///
/// A value type with no locks; confine each instance to one task.
public struct NetworkModel: Sendable {
  /// The network conditions.
  public let profile: NetworkProfile

  /// The seed of the run's jitter.
  public let seed: UInt64

  /// How long a disk-tier reload takes.
  public let diskReadTime: Milliseconds

  /// The current virtual time: every event up to it has been processed.
  public private(set) var now: Milliseconds = 0

  /// The time at which the `remaining` bytes of transfers are exact. It moves only when the
  /// set of transfers changes, so results do not depend on how often the caller advances.
  private var settledAt: Milliseconds = 0

  /// The counters of requests and bytes so far.
  public private(set) var statistics = NetworkStatistics()

  private struct Running {
    var key: NetworkKey
    var bytes: Int
    var connectedAt: Milliseconds
    var remaining: Double
    var isTransferring: Bool
  }

  private struct Waiting {
    var key: NetworkKey
    var bytes: Int
    var priority: Double
    var sequence: Int
  }

  private struct DiskRead {
    var key: NetworkKey
    var bytes: Int
    var end: Milliseconds
  }

  private enum Event {
    case connected(Int)
    case transferred(Int)
    case diskRead(Int)
  }

  private var running: [Running] = []
  private var waiting: [Waiting] = []
  private var diskReads: [DiskRead] = []
  /// Whether each key is waiting, running or being read from disk.
  private var present = NetworkKeyTable(empty: false)
  /// How many times each key has started.
  private var attempts = NetworkKeyTable(empty: 0)
  private var transferringCount = 0
  private var nextSequence = 0

  /// Creates an idle network at time 0.
  ///
  /// - Parameters:
  ///   - profile: The network conditions.
  ///   - seed: The seed of the jitter.
  ///   - diskReadTime: How long a disk-tier reload takes.
  public init(
    profile: NetworkProfile, seed: UInt64, diskReadTime: Milliseconds = StandardWorld.diskReadTime
  ) {
    precondition(
      diskReadTime.isFinite && diskReadTime >= 0, "diskReadTime must be finite and >= 0")
    self.profile = profile
    self.seed = seed
    self.diskReadTime = diskReadTime
  }

  /// The number of connections held by requests.
  public var busyConnections: Int { running.count }

  /// The number of requests waiting for a connection.
  public var waitingCount: Int { waiting.count }

  /// Whether `key` is waiting, running or being read from disk.
  ///
  /// - Complexity: O(1).
  public func contains(_ key: NetworkKey) -> Bool {
    present[key]
  }

  /// Where `key` stands, or `nil` when it is not in the model.
  ///
  /// - Complexity: O(r + d + w).
  public func phase(of key: NetworkKey) -> RequestPhase? {
    guard present[key] else { return nil }
    if let request = running.first(where: { $0.key == key }) {
      guard request.isTransferring else { return .connecting(until: request.connectedAt) }
      let delivered = (now - settledAt) * shareRate
      return .transferring(remainingBytes: max(0, request.remaining - delivered))
    }
    if let read = diskReads.first(where: { $0.key == key }) {
      return .readingDisk(until: read.end)
    }
    return .waiting
  }

  /// Submits a network request for `key` at the current time.
  ///
  /// It starts at once when a connection is free; otherwise it waits and starts, in order
  /// of `priority` (higher first, ties by submission order), when a connection frees up.
  ///
  /// - Parameters:
  ///   - key: The resource; it must not already be in the model.
  ///   - bytes: The bytes of the response.
  ///   - priority: The order among waiting requests; higher starts first.
  /// - Complexity: O(1) amortized.
  public mutating func request(_ key: NetworkKey, bytes: Int, priority: Double = 0) {
    precondition(bytes >= 0, "bytes must be non-negative (got \(bytes))")
    precondition(!priority.isNaN, "priority must not be NaN")
    precondition(!present[key], "\(key) is already in the network model")
    present[key] = true
    if running.count < profile.connections {
      start(key, bytes: bytes)
    } else {
      waiting.append(Waiting(key: key, bytes: bytes, priority: priority, sequence: nextSequence))
      nextSequence += 1
    }
  }

  /// Starts reloading `key` from the simulated disk tier at the current time; it completes
  /// `diskReadTime` later with source `.disk`.
  ///
  /// - Parameters:
  ///   - key: The resource; it must not already be in the model.
  ///   - bytes: The bytes of the resource.
  /// - Complexity: O(1) amortized.
  public mutating func readFromDisk(_ key: NetworkKey, bytes: Int) {
    precondition(bytes >= 0, "bytes must be non-negative (got \(bytes))")
    precondition(!present[key], "\(key) is already in the network model")
    present[key] = true
    diskReads.append(DiskRead(key: key, bytes: bytes, end: now + diskReadTime))
  }

  /// Changes the priority of a waiting request; running requests and unknown keys are
  /// left alone.
  ///
  /// - Complexity: O(w).
  public mutating func setPriority(_ priority: Double, for key: NetworkKey) {
    precondition(!priority.isNaN, "priority must not be NaN")
    if let index = waiting.firstIndex(where: { $0.key == key }) {
      waiting[index].priority = priority
    }
  }

  /// Cancels `key` at the current time.
  ///
  /// A waiting request or a disk read is removed without a trace. A running request is
  /// counted as cancelled, the bytes that already arrived are counted as transferred, and
  /// its connection goes to the best waiting request. Cancelling an unknown key (for
  /// example one that already finished, or a second time) does nothing and returns `nil`.
  ///
  /// - Returns: What was undone, or `nil` when `key` was not in the model.
  /// - Complexity: O(r + d + w).
  @discardableResult
  public mutating func cancel(_ key: NetworkKey) -> NetworkCancellation? {
    guard present[key] else { return nil }
    present[key] = false
    if let index = running.firstIndex(where: { $0.key == key }) {
      if running[index].isTransferring { settle(at: now) }
      let request = running.remove(at: index)
      var arrived = 0
      if request.isTransferring {
        transferringCount -= 1
        let partial = Double(request.bytes) - request.remaining
        // Whole bytes only; the tolerance absorbs rounding of the fair-share arithmetic.
        arrived = min(request.bytes, max(0, Int((partial + 1e-6).rounded(.down))))
      }
      statistics.cancelledRequests += 1
      statistics.transferredBytes += arrived
      statistics.cancelledBytes += arrived
      startBestWaiting()
      return NetworkCancellation(key: key, wasStarted: true, transferredBytes: arrived)
    }
    if let index = diskReads.firstIndex(where: { $0.key == key }) {
      diskReads.remove(at: index)
    } else if let index = waiting.firstIndex(where: { $0.key == key }) {
      waiting.remove(at: index)
    }
    return NetworkCancellation(key: key, wasStarted: false, transferredBytes: 0)
  }

  /// Advances virtual time to the next completion if it happens no later than `limit`, and
  /// returns it; otherwise advances to `limit` and returns `nil`.
  ///
  /// Completions come in time order with their exact times; simultaneous ones come one per
  /// call (disk reads first, then transfers in start order).
  ///
  /// - Precondition: `limit >= now`.
  /// - Complexity: O(r + d + w) per internal event.
  public mutating func nextCompletion(notAfter limit: Milliseconds) -> NetworkCompletion? {
    precondition(limit >= now, "limit \(limit) is before the current time \(now)")
    while true {
      guard let (time, event) = nextEvent(), time <= limit else {
        now = limit
        return nil
      }
      switch event {
      case .connected(let index):
        settle(at: time)
        now = time
        running[index].isTransferring = true
        transferringCount += 1
      case .transferred(let index):
        let finished = running[index]
        let share = finished.remaining
        for other in running.indices where running[other].isTransferring {
          running[other].remaining = max(0, running[other].remaining - share)
        }
        settledAt = time
        now = time
        running.remove(at: index)
        transferringCount -= 1
        present[finished.key] = false
        statistics.completedRequests += 1
        statistics.transferredBytes += finished.bytes
        if finished.key.kind == .page { statistics.completedPages += 1 }
        startBestWaiting()
        return NetworkCompletion(
          key: finished.key, bytes: finished.bytes, time: now, source: .network)
      case .diskRead(let index):
        now = time
        let read = diskReads.remove(at: index)
        present[read.key] = false
        return NetworkCompletion(key: read.key, bytes: read.bytes, time: now, source: .disk)
      }
    }
  }

  /// Advances virtual time to `time` and returns every completion up to it, in time order.
  ///
  /// Use it when nothing reacts to completions between now and `time`; a driver that starts
  /// new requests on completion calls ``nextCompletion(notAfter:)`` in a loop instead.
  ///
  /// - Precondition: `time >= now`.
  /// - Complexity: O((r + d + w) · e) for e events.
  public mutating func advance(to time: Milliseconds) -> [NetworkCompletion] {
    var completions: [NetworkCompletion] = []
    while let completion = nextCompletion(notAfter: time) {
      completions.append(completion)
    }
    return completions
  }

  /// Bytes per millisecond each transferring request receives right now.
  private var shareRate: Double {
    profile.bytesPerSecond / 1000 / Double(transferringCount)
  }

  private func nextEvent() -> (Milliseconds, Event)? {
    var best: (Milliseconds, Event)?
    for (index, read) in diskReads.enumerated() where best == nil || read.end < best!.0 {
      best = (read.end, .diskRead(index))
    }
    if transferringCount > 0 {
      var smallest: Int?
      for index in running.indices where running[index].isTransferring {
        if smallest == nil || running[index].remaining < running[smallest!].remaining {
          smallest = index
        }
      }
      if let smallest {
        let time = settledAt + running[smallest].remaining / shareRate
        if best == nil || time < best!.0 { best = (time, .transferred(smallest)) }
      }
    }
    for index in running.indices where !running[index].isTransferring {
      let time = running[index].connectedAt
      if best == nil || time < best!.0 { best = (time, .connected(index)) }
    }
    return best
  }

  /// Delivers the fair share of bytes from `settledAt` to `time` to every transfer; called
  /// just before the set of transfers changes.
  private mutating func settle(at time: Milliseconds) {
    guard time > settledAt else { return }
    if transferringCount > 0 {
      let delivered = (time - settledAt) * shareRate
      for index in running.indices where running[index].isTransferring {
        running[index].remaining = max(0, running[index].remaining - delivered)
      }
    }
    settledAt = time
  }

  private mutating func start(_ key: NetworkKey, bytes: Int) {
    let attempt = attempts[key]
    attempts[key] = attempt + 1
    let jitter = NetworkJitter.factor(
      seed: seed, kind: key.kind, index: key.index, attempt: attempt, sigma: profile.jitterSigma)
    let connectedAt = now + profile.roundTrip * jitter + profile.serverTime(for: key.kind)
    running.append(
      Running(
        key: key, bytes: bytes, connectedAt: connectedAt, remaining: Double(bytes),
        isTransferring: false))
    statistics.startedRequests += 1
  }

  private mutating func startBestWaiting() {
    guard running.count < profile.connections, !waiting.isEmpty else { return }
    var best = 0
    for index in waiting.indices.dropFirst() {
      let candidate = waiting[index]
      let current = waiting[best]
      if candidate.priority > current.priority
        || (candidate.priority == current.priority && candidate.sequence < current.sequence)
      {
        best = index
      }
    }
    let chosen = waiting.remove(at: best)
    start(chosen.key, bytes: chosen.bytes)
  }
}
