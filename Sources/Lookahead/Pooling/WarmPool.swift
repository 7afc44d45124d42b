/// Keeps expensive objects — screens, web views, players — built and warmed up
/// before they are needed, so opening them is instant.
///
/// ``take(_:)`` returns a warm instance at once and warms a replacement in the
/// background; when none is warm it builds one synchronously (the first call pays)
/// and warms the next. Register likely next keys with ``setLikelyNext(_:)`` to warm
/// them ahead of the first take, within ``memoryBudget``. Forward memory warnings
/// to ``purge()``. Warming pauses while the list scrolls fast (see
/// ``scrolled(velocity:)``) and builds one instance per main-actor turn.
///
/// ```swift
/// let pool = WarmPool<Route, UIViewController>(
///   memoryBudget: 40_000_000,
///   cost: { $0.estimatedBytes },
///   make: { route in route.makeViewController() },
///   warmUp: { controller, _ in controller.loadViewIfNeeded() },
///   prepareForReuse: { ($0 as? Reusable)?.reset() })
/// pool.setLikelyNext([(.orders, 0.6), (.tracking, 0.3)])
/// navigationController.pushViewController(pool.take(.orders), animated: true)
/// ```
///
/// Thread-safety: `@MainActor`. Pooled objects are usually UI objects, so the
/// factory, the warm-up step and `prepareForReuse` all run on the main actor.
@MainActor
public final class WarmPool<Key: Hashable & Sendable, Object> {
  private var machine: WarmPoolStateMachine<Key>
  private var instances: [Key: [Object]] = [:]
  private var warmingTask: Task<Void, Never>?
  private let fastScrollingVelocity: Double
  private let cost: @MainActor (Key) -> Int
  private let make: @MainActor (Key) -> Object
  private let warmUp: (@MainActor (Object, Key) async -> Void)?
  private let prepareForReuse: @MainActor (Object) -> Void

  /// Creates a pool.
  ///
  /// - Parameters:
  ///   - instancesPerKey: Ready instances kept per key; must be > 0. Default 1.
  ///   - memoryBudget: The most total cost kept warm.
  ///   - fastScrollingVelocity: Speed in points per second from which scrolling
  ///     counts as fast and warming pauses; must be > 0.
  ///   - cost: The cost of one instance of a key, for example its bytes; constant
  ///     per key. Default 1, making the budget a count.
  ///   - make: Builds an instance.
  ///   - warmUp: Prepares a built instance before it is pooled (lays out a screen,
  ///     starts a web view). Instances built synchronously by ``take(_:)`` skip it.
  ///   - prepareForReuse: Resets an instance given back with ``giveBack(_:for:)``.
  public init(
    instancesPerKey: Int = 1,
    memoryBudget: Int = .max,
    fastScrollingVelocity: Double = 2500,
    cost: @escaping @MainActor (Key) -> Int = { _ in 1 },
    make: @escaping @MainActor (Key) -> Object,
    warmUp: (@MainActor (Object, Key) async -> Void)? = nil,
    prepareForReuse: @escaping @MainActor (Object) -> Void = { _ in }
  ) {
    precondition(
      fastScrollingVelocity > 0 && fastScrollingVelocity.isFinite,
      "fastScrollingVelocity must be positive, got \(fastScrollingVelocity)")
    self.machine = WarmPoolStateMachine(
      instancesPerKey: instancesPerKey, memoryBudget: memoryBudget)
    self.fastScrollingVelocity = fastScrollingVelocity
    self.cost = cost
    self.make = make
    self.warmUp = warmUp
    self.prepareForReuse = prepareForReuse
  }

  /// The most total cost kept warm.
  public var memoryBudget: Int { machine.memoryBudget }
  /// The total cost of the ready instances and the one being warmed.
  public var totalCost: Int { machine.totalCost }
  /// How many instances of `key` are ready.
  public func readyCount(for key: Key) -> Int { machine.readyCount(for: key) }
  /// How many instances are ready in total.
  public var totalReadyCount: Int { machine.totalReadyCount }
  /// Whether warming is paused because the list scrolls fast.
  public var isScrollingFast: Bool { machine.isScrollingFast }

  /// Returns an instance of `key`: a warm one at once, or one built now.
  ///
  /// Either way a replacement is warmed afterwards, so the next call is warm.
  ///
  /// - Complexity: O(1) plus the factory when nothing is warm.
  public func take(_ key: Key) -> Object {
    let object: Object
    switch machine.take(key, cost: cost(key)) {
    case .warm:
      guard let warm = instances[key]?.popLast() else {
        preconditionFailure("Internal inconsistency: \(key) counted as warm but none is stored")
      }
      object = warm
      if instances[key]?.isEmpty == true { instances[key] = nil }
    case .build:
      object = make(key)
    }
    startWarming()
    return object
  }

  /// Gives back an instance the app no longer shows. The pool resets it with
  /// `prepareForReuse` and keeps it if there is room; otherwise it is released.
  public func giveBack(_ object: Object, for key: Key) {
    guard machine.giveBack(key, cost: cost(key)) else { return }
    prepareForReuse(object)
    instances[key, default: []].append(object)
  }

  /// Registers the keys the user is likely to open next, with probabilities in
  /// `0...1`; the most likely are warmed first, within the budget. Replaces earlier
  /// candidates and releases warm instances no longer wanted.
  public func setLikelyNext(_ candidates: [(key: Key, probability: Double)]) {
    let evicted = machine.setLikelyNext(
      candidates.map { (key: $0.key, probability: $0.probability, cost: cost($0.key)) })
    for (key, _) in evicted { instances[key] = nil }
    startWarming()
  }

  /// Reports the scrolling speed; warming pauses from `fastScrollingVelocity`
  /// (either direction) and resumes below it.
  public func scrolled(velocity: Double) {
    precondition(velocity.isFinite, "velocity must be finite, got \(velocity)")
    machine.isScrollingFast = abs(velocity) >= fastScrollingVelocity
    startWarming()
  }

  /// Releases every warm instance (memory pressure). A build in progress is
  /// discarded when it finishes. Warming starts again with the next take.
  public func purge() {
    machine.purge()
    instances.removeAll()
  }

  /// Waits until nothing more can be warmed now (everything wanted is warm, the
  /// budget is full, or scrolling is fast).
  public func waitUntilWarm() async {
    while let task = warmingTask { await task.value }
  }

  private func startWarming() {
    guard warmingTask == nil, !machine.isScrollingFast else { return }
    warmingTask = Task { [weak self] in
      // One build per main-actor turn: let the current frame finish first.
      await Task.yield()
      while let self, let key = self.machine.nextToWarm() {
        let generation = self.machine.generation
        let object = self.make(key)
        if let warmUp = self.warmUp { await warmUp(object, key) }
        if self.machine.finishedWarming(key, generation: generation) {
          self.instances[key, default: []].append(object)
        }
        await Task.yield()
      }
      self?.warmingTask = nil
    }
  }
}
