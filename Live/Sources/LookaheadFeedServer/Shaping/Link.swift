import Foundation

/// One shaped link on real time: a bandwidth shared fairly by every response body in
/// progress (``LinkShares``), paced by a task that credits the transfers when the next
/// writer's grant is due (at least every millisecond) and wakes the writers whose credit
/// is due.
///
/// A body writer calls ``begin(_:)``, then ``receive(_:)`` until its bytes are granted,
/// writing each grant, and ``end(_:)`` when it stops early (a fault, a client that went
/// away). Writers get at least ``grain`` bytes at a time (or the rest of the body), so
/// that pacing costs few writes; completions still happen at the tick their last byte is
/// due.
///
/// All methods are thread-safe.
final class Link: Sendable {
  /// The fewest bytes handed to a writer at once, unless fewer remain.
  static let grain = 8_192
  /// The longest the pacer sleeps while transfers are in progress: transfers that start or
  /// end change the others' shares, and the pacer notices within this time.
  static let tick = Duration.milliseconds(1)

  private struct State {
    var shares: LinkShares<ContinuousClock.Instant>
    var waiters: [UInt64: CheckedContinuation<Int, any Error>] = [:]
    var pacer: CheckedContinuation<Void, Never>?
    var isClosed = false
  }

  private let state: Protected<State>
  private let clock = ContinuousClock()
  private let bytesPerSecond: Double

  /// Creates a link carrying `bytesPerSecond` and starts its pacer.
  ///
  /// - Parameter bytesPerSecond: The bandwidth in bytes per second of real time.
  init(bytesPerSecond: Double) {
    precondition(bytesPerSecond.isFinite && bytesPerSecond > 0, "bandwidth must be positive")
    self.bytesPerSecond = bytesPerSecond
    state = Protected(
      State(
        shares: LinkShares { from, to in
          let elapsed = from.duration(to: to)
          let seconds =
            Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
          return seconds * bytesPerSecond
        }))
    Task.detached { [weak self] in await self?.pace() }
  }

  /// Starts a body of `count` bytes.
  ///
  /// - Returns: The transfer's id.
  func begin(_ count: Int) -> UInt64 {
    let (id, pacer) = state.withLock { state in
      let id = state.shares.add(count, at: clock.now)
      defer { state.pacer = nil }
      return (id, state.pacer)
    }
    pacer?.resume()
    return id
  }

  /// Waits until the link grants the transfer some bytes.
  ///
  /// - Returns: How many bytes to write now.
  /// - Throws: `CancellationError` when the calling task is cancelled or the link closed.
  func receive(_ id: UInt64) async throws -> Int {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let granted = state.withLock { state -> Result<Int, any Error>? in
          if state.isClosed || Task.isCancelled { return .failure(CancellationError()) }
          if let bytes = state.shares.take(id, minimum: Self.grain) { return .success(bytes) }
          state.waiters[id] = continuation
          return nil
        }
        if let granted { continuation.resume(with: granted) }
      }
    } onCancel: {
      let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
      waiter?.resume(throwing: CancellationError())
    }
  }

  /// Ends a transfer early; its share goes to the others. Ending twice does nothing.
  func end(_ id: UInt64) {
    let waiter = state.withLock { state in
      state.shares.remove(id, at: clock.now)
      return state.waiters.removeValue(forKey: id)
    }
    waiter?.resume(throwing: CancellationError())
  }

  /// The number of bodies in progress.
  var activeTransfers: Int { state.withLock { $0.shares.transfers.count } }

  /// Stops the pacer and fails every waiting writer.
  func close() {
    let (waiters, pacer) = state.withLock { state in
      state.isClosed = true
      defer {
        state.waiters = [:]
        state.pacer = nil
      }
      return (Array(state.waiters.values), state.pacer)
    }
    for waiter in waiters { waiter.resume(throwing: CancellationError()) }
    pacer?.resume()
  }

  /// Credits the transfers every tick, and parks while the link is idle.
  private func pace() async {
    while true {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let isBusy = state.withLock { state -> Bool in
          if state.isClosed || !state.shares.isIdle { return true }
          state.pacer = continuation
          return false
        }
        if isBusy { continuation.resume() }
      }
      if state.withLock({ $0.isClosed }) { return }
      let nextGrant = state.withLock { state in
        state.shares.bytesUntilGrant(to: state.waiters.keys, minimum: Self.grain)
      }
      var nap = Self.tick
      if let bytes = nextGrant { nap = Swift.min(nap, .seconds(bytes / bytesPerSecond)) }
      if nap > .zero { try? await clock.sleep(until: clock.now + nap, tolerance: .zero) }
      let grants = state.withLock { state -> [(CheckedContinuation<Int, any Error>, Int)] in
        state.shares.settle(at: clock.now)
        var grants: [(CheckedContinuation<Int, any Error>, Int)] = []
        for (id, waiter) in state.waiters {
          if let bytes = state.shares.take(id, minimum: Self.grain) {
            grants.append((waiter, bytes))
            state.waiters[id] = nil
          }
        }
        return grants
      }
      for (waiter, bytes) in grants { waiter.resume(returning: bytes) }
    }
  }
}
