/// Any ``ItemPolicy``, chosen at run time: the built-in policies are stored as they are
/// (``AdaptivePolicy`` and ``ModelPolicy`` in boxes of their own, copied on write), any
/// other is boxed.
///
/// The list preloader keeps its policy in one, so that the strategy can be a value
/// (``PreloadStrategy``) rather than a type parameter. Calling a built-in policy
/// through it costs one switch and allocates nothing, and runs code specialized for the
/// caller's layout and load status; only the first call after a boxed policy's wrapper
/// was copied gives the called value a box of its own.
///
/// ```swift
/// let policy = AnyItemPolicy(TexturePolicy())
/// ```
///
/// A value type; confine it to one thread, like the policy it wraps.
package struct AnyItemPolicy: ItemPolicy {
  private enum Storage: Sendable {
    case onVisible(OnVisiblePolicy)
    case pauseWhileScrolling(PauseWhileScrollingPolicy)
    case lazyTarget(LazyTargetPolicy)
    case texture(TexturePolicy)
    /// `AdaptivePolicy` is about a kilobyte: stored inline, each call moved it out of
    /// the enum and back, three copies of it a frame. Its box is copied only when a copy
    /// of this value shares it.
    case adaptive(PolicyBox<AdaptivePolicy>)
    /// Boxed for the same reason; stored as itself rather than as `custom` so that its
    /// per-item work is specialized, not run through the protocol's generic entry points.
    case model(PolicyBox<ModelPolicy>)
    case custom(any ItemPolicy)
    /// Held only while the wrapped policy is mutated, so that its storage stays unique.
    case transient
  }

  private var storage: Storage

  /// Wraps a policy; wrapping an `AnyItemPolicy` returns it unchanged.
  package init(_ policy: some ItemPolicy) {
    switch policy {
    case let policy as AnyItemPolicy: storage = policy.storage
    case let policy as OnVisiblePolicy: storage = .onVisible(policy)
    case let policy as PauseWhileScrollingPolicy: storage = .pauseWhileScrolling(policy)
    case let policy as LazyTargetPolicy: storage = .lazyTarget(policy)
    case let policy as TexturePolicy: storage = .texture(policy)
    case let policy as AdaptivePolicy: storage = .adaptive(PolicyBox(policy))
    case let policy as ModelPolicy: storage = .model(PolicyBox(policy))
    default: storage = .custom(policy)
    }
  }

  /// The wrapped policy.
  package var base: any ItemPolicy {
    switch storage {
    case .onVisible(let policy): policy
    case .pauseWhileScrolling(let policy): policy
    case .lazyTarget(let policy): policy
    case .texture(let policy): policy
    case .adaptive(let box): box.policy
    case .model(let box): box.policy
    case .custom(let policy): policy
    case .transient: preconditionFailure(Self.transientMessage)
    }
  }

  /// Asks the wrapped policy.
  package mutating func wantedItems<Layout: ItemLayout>(
    for input: PolicyInput<Layout>, status: some LoadStatus, into requests: inout [PreloadRequest]
  ) {
    var operation = WantedItems(input: input, status: status)
    swap(&operation.requests, &requests)
    mutate(&operation)
    swap(&operation.requests, &requests)
  }

  /// Tells the wrapped policy.
  package mutating func loadDidFinish(latency: Duration, bytes: Int) {
    var operation = LoadDidFinish(latency: latency, bytes: bytes)
    mutate(&operation)
  }

  /// Tells the wrapped policy.
  package mutating func pageDidLoad(latency: Duration) {
    var operation = PageDidLoad(latency: latency)
    mutate(&operation)
  }

  /// Tells the wrapped policy.
  package mutating func userDidBeginDragging() {
    var operation = UserDidBeginDragging()
    mutate(&operation)
  }

  /// Tells the wrapped policy.
  package mutating func listDidChange(_ changes: ListIndexChanges) {
    var operation = ListDidChange(changes: changes)
    mutate(&operation)
  }

  private static let transientMessage =
    "Internal inconsistency: an AnyItemPolicy used during its own update"

  /// Runs `operation` on the wrapped policy in place: the storage is moved out first
  /// (leaving `.transient` behind), so the policy's buffers stay uniquely referenced and
  /// mutate without copying, and no field of the policy is retained or released.
  private mutating func mutate(_ operation: inout some PolicyOperation) {
    var taken = Storage.transient
    swap(&taken, &storage)
    switch consume taken {
    case .onVisible(var policy):
      operation.run(on: &policy)
      storage = .onVisible(policy)
    case .pauseWhileScrolling(var policy):
      operation.run(on: &policy)
      storage = .pauseWhileScrolling(policy)
    case .lazyTarget(var policy):
      operation.run(on: &policy)
      storage = .lazyTarget(policy)
    case .texture(var policy):
      operation.run(on: &policy)
      storage = .texture(policy)
    case .adaptive(var box):
      // The storage no longer holds the box: it is unique unless a copy shares it.
      if !isKnownUniquelyReferenced(&box) { box = PolicyBox(box.policy) }
      operation.run(on: &box.policy)
      storage = .adaptive(box)
    case .model(var box):
      if !isKnownUniquelyReferenced(&box) { box = PolicyBox(box.policy) }
      operation.run(on: &box.policy)
      storage = .model(box)
    case .custom(var policy):
      operation.run(on: &policy)
      storage = .custom(policy)
    case .transient:
      preconditionFailure(Self.transientMessage)
    }
  }
}

/// A policy on the heap, for ``AnyItemPolicy``, which copies it before a mutation
/// whenever another `AnyItemPolicy` value shares it.
///
/// `@unchecked Sendable` as the standard library's copy-on-write storage is: a box is
/// mutated only through a value that holds its only reference.
private final class PolicyBox<Policy: ItemPolicy>: @unchecked Sendable {
  var policy: Policy

  init(_ policy: Policy) {
    self.policy = policy
  }
}

/// One call on a policy, written once for every concrete policy type.
private protocol PolicyOperation {
  mutating func run<Policy: ItemPolicy>(on policy: inout Policy)
}

extension PolicyOperation {
  /// Opens the existential in place and runs on the concrete policy inside it.
  ///
  /// Passed `inout`, the existential is opened where it lies: the policy is not copied
  /// out of its box (which would leave every buffer it mutates shared, so each would be
  /// copied on write) and no new box is allocated for the result.
  mutating func run(on policy: inout any ItemPolicy) {
    func open<Policy: ItemPolicy>(_ concrete: inout Policy) {
      run(on: &concrete)
    }
    open(&policy)
  }
}

private struct WantedItems<Layout: ItemLayout, Status: LoadStatus>: PolicyOperation {
  let input: PolicyInput<Layout>
  let status: Status
  var requests: [PreloadRequest] = []

  mutating func run<Policy: ItemPolicy>(on policy: inout Policy) {
    policy.wantedItems(for: input, status: status, into: &requests)
  }
}

private struct LoadDidFinish: PolicyOperation {
  let latency: Duration
  let bytes: Int

  mutating func run<Policy: ItemPolicy>(on policy: inout Policy) {
    policy.loadDidFinish(latency: latency, bytes: bytes)
  }
}

private struct PageDidLoad: PolicyOperation {
  let latency: Duration

  mutating func run<Policy: ItemPolicy>(on policy: inout Policy) {
    policy.pageDidLoad(latency: latency)
  }
}

private struct UserDidBeginDragging: PolicyOperation {
  mutating func run<Policy: ItemPolicy>(on policy: inout Policy) {
    policy.userDidBeginDragging()
  }
}

private struct ListDidChange: PolicyOperation {
  let changes: ListIndexChanges

  mutating func run<Policy: ItemPolicy>(on policy: inout Policy) {
    policy.listDidChange(changes)
  }
}
