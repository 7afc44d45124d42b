/// The pure core of a shaped link: which transfers are in progress, and how many bytes
/// each may send, when one bandwidth is shared fairly among them ("an equal share of the
/// bandwidth among the requests transferring at that moment", docs/DESIGN.md,
/// "Precise definitions").
///
/// Time is passed in. ``settle(at:)`` hands the bytes the link carried since the last
/// settlement to the transfers in progress, water-filling: each gets an equal share, and
/// what a nearly finished transfer cannot use goes to the others. A transfer may send
/// the bytes it was credited (``take(_:minimum:)``).
///
/// A value type with no locks; the ``Link`` runner protects it.
struct LinkShares<Time: Comparable & Sendable> {
  struct Transfer {
    /// Bytes not yet granted.
    var remaining: Int
    /// Bytes credited and not yet granted (at most `remaining`).
    var credit: Double
  }

  /// Bytes per unit of time between two instants.
  let bytes: (Time, Time) -> Double
  private(set) var transfers: [UInt64: Transfer] = [:]
  private var nextID: UInt64 = 0
  private var settledAt: Time?

  /// Creates an idle link.
  ///
  /// - Parameter bytes: The bytes the link carries from the first instant to the second.
  init(bytes: @escaping (Time, Time) -> Double) {
    self.bytes = bytes
  }

  /// Whether no transfer is in progress.
  var isIdle: Bool { transfers.isEmpty }

  /// Credits the bytes carried since the last settlement to the transfers in progress.
  ///
  /// - Complexity: O(n log n) for n transfers.
  mutating func settle(at now: Time) {
    defer { settledAt = now }
    guard let since = settledAt, since < now, !transfers.isEmpty else { return }
    var budget = bytes(since, now)
    var needs = transfers.compactMap { id, transfer -> (UInt64, Double)? in
      let need = Double(transfer.remaining) - transfer.credit
      return need > 0 ? (id, need) : nil
    }
    needs.sort { $0.1 < $1.1 }
    var left = needs.count
    for (id, need) in needs {
      let share = budget / Double(left)
      let given = Swift.min(need, share)
      transfers[id]!.credit += given
      budget -= given
      left -= 1
    }
  }

  /// Starts a transfer of `count` bytes at `now`.
  ///
  /// - Returns: The transfer's id.
  mutating func add(_ count: Int, at now: Time) -> UInt64 {
    precondition(count > 0, "a transfer must have bytes (got \(count))")
    settle(at: now)
    nextID += 1
    transfers[nextID] = Transfer(remaining: count, credit: 0)
    return nextID
  }

  /// Ends a transfer at `now`, finished or not; ending one twice does nothing.
  mutating func remove(_ id: UInt64, at now: Time) {
    guard transfers[id] != nil else { return }
    settle(at: now)
    transfers[id] = nil
  }

  /// How many bytes the link must carry, shared equally, before one of `waiting` is owed
  /// `minimum` bytes (or the rest of its transfer); 0 when one already is, `nil` when none
  /// of them is in progress.
  ///
  /// - Complexity: O(n) for n transfers.
  func bytesUntilGrant(to waiting: some Sequence<UInt64>, minimum: Int) -> Double? {
    let sharing = transfers.values.count { Double($0.remaining) - $0.credit > 0 }
    var soonest: Double?
    for id in waiting {
      guard let transfer = transfers[id] else { continue }
      let missing = Double(Swift.min(minimum, transfer.remaining)) - transfer.credit
      let bytes = Swift.max(0, missing) * Double(Swift.max(1, sharing))
      soonest = Swift.min(soonest ?? bytes, bytes)
    }
    return soonest
  }

  /// Grants the bytes credited to `id` once there are at least `minimum` of them (or the
  /// rest of the transfer), and ends the transfer when nothing remains.
  ///
  /// - Returns: The bytes to send now, or `nil` when fewer are credited.
  mutating func take(_ id: UInt64, minimum: Int) -> Int? {
    guard let transfer = transfers[id] else { return nil }
    // The tolerance absorbs the rounding of the shares, so the last byte is not lost.
    let credited = Swift.min(transfer.remaining, Int((transfer.credit + 1e-6).rounded(.down)))
    guard credited > 0, credited >= Swift.min(minimum, transfer.remaining) else { return nil }
    let remaining = transfer.remaining - credited
    if remaining == 0 {
      transfers[id] = nil
    } else {
      transfers[id] = Transfer(
        remaining: remaining, credit: Swift.max(0, transfer.credit - Double(credited)))
    }
    return credited
  }
}
