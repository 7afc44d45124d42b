/// The pure core of ``WarmPool``: decides which instances to keep warm, one build
/// at a time, within a per-key count and a memory budget.
///
/// It keeps counts and costs only; the driver holds the objects. Keys that were
/// taken are replenished first (most recently taken first), then the registered
/// "likely next" keys by decreasing probability. A candidate whose cost does not fit
/// the remaining budget is skipped and a cheaper, less likely one may still fit.
/// Nothing is warmed while scrolling fast.
///
/// ```swift
/// var pool = WarmPoolStateMachine<String>(instancesPerKey: 1, memoryBudget: 100)
/// pool.take("orders", cost: 40)      // .build: nothing was warm
/// pool.nextToWarm()                  // "orders": build a replacement
/// pool.finishedWarming("orders", generation: pool.generation)
/// pool.take("orders", cost: 40)      // .warm
/// ```
///
/// Thread-safety: a value type; confine it to one task or guard it with a lock.
package struct WarmPoolStateMachine<Key: Hashable & Sendable>: Sendable {
  /// Where a taken instance comes from.
  package enum Take: Sendable, Hashable {
    /// A warm instance is ready: hand it out.
    case warm
    /// Nothing is warm: build one now (and a replacement will be warmed).
    case build
  }

  /// The most ready instances kept per key.
  package let instancesPerKey: Int
  /// The most total cost (for example bytes) of the ready instances plus the one
  /// being warmed.
  package var memoryBudget: Int
  /// Whether the list is scrolling fast; nothing is warmed while it is.
  package var isScrollingFast = false
  /// Increases on every ``purge()``: a build started before a purge is discarded.
  package private(set) var generation = 0
  /// The key being warmed, if any.
  package private(set) var warming: Key?
  /// The total cost of the ready instances and the one being warmed.
  package private(set) var totalCost = 0

  private var ready: [Key: Int] = [:]
  private var costs: [Key: Int] = [:]
  /// Taken keys, least recently taken first.
  private var demanded: [Key] = []
  /// Likely next keys by decreasing probability.
  private var likely: [Key] = []

  /// Creates a pool core.
  ///
  /// - Parameters:
  ///   - instancesPerKey: Ready instances kept per key; must be > 0. Default 1.
  ///   - memoryBudget: The most total cost kept warm; must be ≥ 0.
  package init(instancesPerKey: Int = 1, memoryBudget: Int = .max) {
    precondition(instancesPerKey > 0, "instancesPerKey must be positive, got \(instancesPerKey)")
    precondition(memoryBudget >= 0, "memoryBudget must be non-negative, got \(memoryBudget)")
    self.instancesPerKey = instancesPerKey
    self.memoryBudget = memoryBudget
  }

  /// How many instances of `key` are ready.
  ///
  /// - Complexity: O(1) on average.
  package func readyCount(for key: Key) -> Int { ready[key, default: 0] }

  /// How many instances are ready in total.
  ///
  /// - Complexity: O(k) for k keys with ready instances.
  package var totalReadyCount: Int { ready.values.reduce(0, +) }

  /// The app needs an instance of `key`.
  ///
  /// - Parameters:
  ///   - key: The kind of instance.
  ///   - cost: The cost of one instance of `key`; must be ≥ 0 and the same on every
  ///     call for a key.
  /// - Returns: ``Take/warm`` if one is ready (it leaves the pool), else ``Take/build``.
  /// - Complexity: O(d) for d distinct keys taken so far.
  package mutating func take(_ key: Key, cost: Int) -> Take {
    record(cost, for: key)
    demanded.removeAll { $0 == key }
    demanded.append(key)
    guard let count = ready[key], count > 0 else { return .build }
    ready[key] = count == 1 ? nil : count - 1
    totalCost -= cost
    return .warm
  }

  /// Registers the keys the user is likely to need next, replacing earlier ones.
  ///
  /// - Parameter candidates: Keys with a probability in `0...1` and the cost of one
  ///   instance. Ties keep the given order.
  /// - Returns: Ready instances to discard: keys neither taken before nor likely any
  ///   more, with how many of each.
  /// - Complexity: O(c log c + k) for c candidates and k keys with ready instances.
  package mutating func setLikelyNext(_ candidates: [(key: Key, probability: Double, cost: Int)])
    -> [(key: Key, count: Int)]
  {
    for candidate in candidates {
      precondition(
        (0...1).contains(candidate.probability),
        "probability must be in 0...1, got \(candidate.probability) for \(candidate.key)")
      record(candidate.cost, for: candidate.key)
    }
    likely = candidates.enumerated()
      .sorted { lhs, rhs in
        lhs.element.probability != rhs.element.probability
          ? lhs.element.probability > rhs.element.probability : lhs.offset < rhs.offset
      }
      .map(\.element.key)
    let wanted = Set(demanded).union(likely)
    var evicted: [(key: Key, count: Int)] = []
    for (key, count) in ready where !wanted.contains(key) {
      evicted.append((key, count))
      ready[key] = nil
      totalCost -= count * costs[key, default: 0]
    }
    return evicted
  }

  /// The next key to warm, reserved until ``finishedWarming(_:generation:)``; `nil`
  /// while scrolling fast, while another build runs, or when every wanted key is
  /// warm or would exceed the budget.
  ///
  /// - Complexity: O(d + c) for d taken keys and c likely keys.
  package mutating func nextToWarm() -> Key? {
    guard !isScrollingFast, warming == nil else { return nil }
    for key in demanded.reversed() + likely where readyCount(for: key) < instancesPerKey {
      let cost = costs[key, default: 0]
      guard totalCost + cost <= memoryBudget else { continue }
      warming = key
      totalCost += cost
      return key
    }
    return nil
  }

  /// A build reserved by ``nextToWarm()`` finished.
  ///
  /// - Parameters:
  ///   - key: The key that was warmed.
  ///   - generation: ``generation`` when the build started.
  /// - Returns: Whether to keep the instance; `false` after a purge, when the key
  ///   was filled meanwhile, or when it is no longer taken or likely.
  /// - Complexity: O(d + c) for d taken keys and c likely keys.
  package mutating func finishedWarming(_ key: Key, generation: Int) -> Bool {
    guard generation == self.generation, warming == key else { return false }
    warming = nil
    guard readyCount(for: key) < instancesPerKey, demanded.contains(key) || likely.contains(key)
    else {
      // Filled meanwhile by an instance given back, or no longer likely.
      totalCost -= costs[key, default: 0]
      return false
    }
    ready[key, default: 0] += 1
    return true
  }

  /// The app returns an instance it no longer shows.
  ///
  /// - Returns: Whether the pool keeps it (it must then be prepared for reuse); the
  ///   pool declines when the key is full or the budget would be exceeded.
  /// - Complexity: O(1).
  package mutating func giveBack(_ key: Key, cost: Int) -> Bool {
    record(cost, for: key)
    let building = warming == key ? 1 : 0
    guard readyCount(for: key) + building < instancesPerKey, totalCost + cost <= memoryBudget
    else {
      return false
    }
    ready[key, default: 0] += 1
    totalCost += cost
    return true
  }

  /// Forgets every ready instance, any build in progress, the taken keys and the
  /// likely keys (memory pressure). Warming starts again with the next take or
  /// ``setLikelyNext(_:)``, not on its own right after the warning.
  ///
  /// - Complexity: O(k) for k keys known to the pool.
  package mutating func purge() {
    ready.removeAll()
    demanded.removeAll()
    likely.removeAll()
    warming = nil
    totalCost = 0
    generation += 1
  }

  private mutating func record(_ cost: Int, for key: Key) {
    precondition(cost >= 0, "cost must be non-negative, got \(cost) for \(key)")
    costs[key] = cost
  }
}
