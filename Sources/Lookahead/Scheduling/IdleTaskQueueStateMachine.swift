import DequeModule

/// The pure core of ``IdleTaskQueue``: a bounded FIFO of work that is handed out
/// one item per idle turn, never while scrolling.
///
/// When more than ``maxTasks`` items wait, the *oldest* are dropped: while the user
/// scrolls, the newest work (for the cells now on screen) matters most. This is
/// the run-loop-observer technique (one task each time the main run loop is about
/// to sleep) as a value type.
///
/// ```swift
/// var queue = IdleTaskQueueStateMachine<String>(maxTasks: 2)
/// queue.scrollingBegan()
/// queue.enqueue("a"); queue.enqueue("b")
/// queue.enqueue("c")          // returns ["a"]: the oldest is dropped
/// queue.nextTask()            // nil: scrolling
/// queue.scrollingEnded()
/// queue.nextTask()            // "b"
/// ```
///
/// Thread-safety: a value type; confine it to one task or guard it with a lock.
package struct IdleTaskQueueStateMachine<Work: Sendable>: Sendable {
  /// The most items that may wait; the oldest beyond it are dropped.
  package let maxTasks: Int
  /// Whether the list is scrolling; no work is handed out while it is.
  package private(set) var isScrolling = false
  private var waiting: Deque<Work> = []

  /// Creates an empty queue.
  ///
  /// - Parameter maxTasks: The most items that may wait; must be > 0. Default 6.
  package init(maxTasks: Int = 6) {
    precondition(maxTasks > 0, "maxTasks must be positive, got \(maxTasks)")
    self.maxTasks = maxTasks
  }

  /// The number of waiting items.
  ///
  /// - Complexity: O(1).
  package var count: Int { waiting.count }

  /// Whether an idle turn would hand out an item now.
  ///
  /// - Complexity: O(1).
  package var hasWorkForIdleTurn: Bool { !isScrolling && !waiting.isEmpty }

  /// Adds an item at the back.
  ///
  /// - Returns: The items dropped to respect ``maxTasks``, oldest first (at most one).
  /// - Complexity: O(1) amortized.
  @discardableResult
  package mutating func enqueue(_ work: Work) -> [Work] {
    waiting.append(work)
    var dropped: [Work] = []
    while waiting.count > maxTasks { dropped.append(waiting.removeFirst()) }
    return dropped
  }

  /// Records that scrolling started: idle turns hand out nothing until it ends.
  ///
  /// - Complexity: O(1).
  package mutating func scrollingBegan() { isScrolling = true }

  /// Records that scrolling stopped.
  ///
  /// - Returns: Whether work is waiting, so the driver should schedule an idle turn.
  /// - Complexity: O(1).
  @discardableResult
  package mutating func scrollingEnded() -> Bool {
    isScrolling = false
    return !waiting.isEmpty
  }

  /// An idle turn: hands out the oldest waiting item, or `nil` while scrolling or
  /// when nothing waits.
  ///
  /// - Complexity: O(1).
  package mutating func nextTask() -> Work? {
    guard hasWorkForIdleTurn else { return nil }
    return waiting.removeFirst()
  }

  /// Removes every waiting item.
  ///
  /// - Returns: The removed items, oldest first.
  /// - Complexity: O(n).
  @discardableResult
  package mutating func removeAll() -> [Work] {
    defer { waiting.removeAll() }
    return Array(waiting)
  }
}
