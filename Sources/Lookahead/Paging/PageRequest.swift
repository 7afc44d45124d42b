import Foundation

/// The end of a list a page request extends.
///
/// Thread-safety: a value type; safe to share between tasks.
public enum PageEnd: Sendable, Hashable, CustomStringConvertible {
  /// The start of the list: a pull-to-refresh fetches the newest page.
  case head
  /// The end of the list: "load more" fetches the page after the last cursor.
  case tail

  /// `"head"` or `"tail"`.
  public var description: String {
    switch self {
    case .head: "head"
    case .tail: "tail"
    }
  }
}

/// One page request issued by a `PagerStateMachine`.
///
/// The id tells completions apart: a completion whose id is not the request in
/// flight (it was cancelled or superseded) is ignored.
///
/// Thread-safety: a value type; safe to share between tasks.
public struct PageRequest: Sendable, Hashable, Identifiable, CustomStringConvertible {
  /// A number unique within one pager, increasing with each request.
  public var id: UInt64
  /// The end the page extends.
  public var end: PageEnd
  /// The cursor to send: `nil` asks for the newest page (always so at the head; at
  /// the tail, when no cursor is known yet).
  public var cursor: PageCursor?

  /// Creates a request.
  package init(id: UInt64, end: PageEnd, cursor: PageCursor?) {
    self.id = id
    self.end = end
    self.cursor = cursor
  }

  /// A textual form such as `#3 tail after c42`.
  public var description: String {
    "#\(id) \(end)" + (cursor.map { " after \($0)" } ?? "")
  }
}

/// How a pager retries a failed tail page: exponential backoff, bounded.
///
/// The delay before attempt `k` (1 = the first retry) is
/// `min(maximumDelay, initialDelay · multiplier^(k−1))`. After `maximumAttempts`
/// retries have failed the pager stops and waits for an explicit retry or a refresh.
///
/// Thread-safety: a value type; safe to share.
public struct PagerRetryPolicy: Sendable, Hashable {
  /// The delay before the first retry.
  public var initialDelay: Duration
  /// The factor applied to the delay after each failed retry; ≥ 1.
  public var multiplier: Double
  /// The longest delay between two attempts.
  public var maximumDelay: Duration
  /// How many automatic retries follow a failure before the pager gives up.
  public var maximumAttempts: Int

  /// Creates a policy.
  ///
  /// - Parameters:
  ///   - initialDelay: The delay before the first retry; must be ≥ 0.
  ///   - multiplier: The backoff factor; must be ≥ 1.
  ///   - maximumDelay: The cap on the delay; must be ≥ `initialDelay`.
  ///   - maximumAttempts: Automatic retries before giving up; must be ≥ 0.
  public init(
    initialDelay: Duration = .seconds(1),
    multiplier: Double = 2,
    maximumDelay: Duration = .seconds(60),
    maximumAttempts: Int = 5
  ) {
    precondition(initialDelay >= .zero, "initialDelay must be non-negative, got \(initialDelay)")
    precondition(
      multiplier >= 1 && multiplier.isFinite, "multiplier must be ≥ 1, got \(multiplier)")
    precondition(
      maximumDelay >= initialDelay,
      "maximumDelay must be ≥ initialDelay, got \(maximumDelay) < \(initialDelay)")
    precondition(
      maximumAttempts >= 0, "maximumAttempts must be non-negative, got \(maximumAttempts)")
    self.initialDelay = initialDelay
    self.multiplier = multiplier
    self.maximumDelay = maximumDelay
    self.maximumAttempts = maximumAttempts
  }

  /// The delay before retry number `attempt` (1-based), or `nil` past the last one.
  ///
  /// - Complexity: O(1).
  package func delay(beforeAttempt attempt: Int) -> Duration? {
    precondition(attempt >= 1, "attempt must be ≥ 1, got \(attempt)")
    guard attempt <= maximumAttempts else { return nil }
    let factor = Foundation.pow(multiplier, Double(attempt - 1))
    let seconds = (initialDelay / .seconds(1)) * factor
    let cap = maximumDelay / .seconds(1)
    return seconds >= cap ? maximumDelay : .seconds(seconds)
  }
}
