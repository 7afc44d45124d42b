/// What a view shows for an item's resource: a placeholder while it waits, the failure
/// when its load failed for good, or the resource.
///
/// A value type; thread-safe when `Resource` is.
public enum ResourceState<Resource: Sendable>: Sendable {
  /// The resource is not ready; it arrives when the strategy loads it.
  case placeholder
  /// The load failed for good (a permanent error, or retries ran out). The view keeps
  /// waiting: the strategy loads the resource again when it wants the item anew.
  case failed(any Error)
  /// The resource.
  case loaded(Resource)

  /// The resource, when loaded.
  public var resource: Resource? {
    if case .loaded(let resource) = self { return resource }
    return nil
  }
}

/// A view's observation of one item's resource (``ListPreloader/observeResource(for:priority:onChange:)``);
/// cancel it when the view is reused or goes away.
///
/// Thread-safe; cancelling twice is harmless.
public final class ResourceObservation<Resource: Sendable>: Sendable {
  /// The state when the observation began: the resource at once when it was in memory,
  /// otherwise a placeholder.
  public let initialState: ResourceState<Resource>
  private let cancellation: Locked<(@Sendable () -> Void)?>

  init(initialState: ResourceState<Resource>, cancel: (@Sendable () -> Void)?) {
    self.initialState = initialState
    cancellation = Locked(cancel)
  }

  /// Ends the observation: no more changes are reported, and the view's request is
  /// withdrawn (a load the strategy still wants goes on).
  public func cancel() {
    let cancel = cancellation.withLock { cancel in
      defer { cancel = nil }
      return cancel
    }
    cancel?()
  }

  deinit {
    cancellation.withLock { $0 }?()
  }
}
