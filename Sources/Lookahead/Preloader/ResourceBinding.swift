/// Binds one resource of a list preloader to a reusable view (a cell, a row): shows the
/// resource at once when it is in memory, otherwise a placeholder, then the resource
/// whenever it arrives, or the failure; rebinding or ``unbind()`` withdraws the request.
///
/// ```swift
/// final class PostCell: UICollectionViewCell {
///   let binding = ResourceBinding<Post, URL, UIImage>()
///   func configure(with post: Post, preloader: ListPreloader<Post, URL, UIImage>) {
///     binding.bind(post, to: preloader) { [weak self] state in
///       switch state {
///       case .placeholder: self?.imageView.image = nil
///       case .failed: self?.imageView.image = UIImage(systemName: "exclamationmark.triangle")
///       case .loaded(let image): self?.imageView.image = image
///       }
///     }
///   }
///   override func prepareForReuse() {
///     super.prepareForReuse()
///     binding.unbind()
///   }
/// }
/// ```
///
/// **What a cell should do.** A cell asks, it does not order: the strategy alone starts
/// the loads of the items on screen (a fling's fly-over starts nothing, the landing area
/// loads first), and the binding joins those loads
/// (``ListPreloader/observeResource(for:priority:onChange:)``). A cell never loads or
/// decodes anything itself: keep decoded resources in the cache (a `UIImage`, not `Data`),
/// so that binding is a lookup.
///
/// **Never stranded.** A bound view shows its resource whenever a load of it ends, by
/// whatever path: a prefetch, another view, the strategy's next load after
/// ``ListPreloader/cancelAll()`` or after a failure. A failure for good shows
/// ``ResourceState/failed(_:)`` and the binding keeps waiting: the strategy loads the item
/// again when it wants it anew.
///
/// **Reuse.** A withdrawn request never cancels a load that the strategy still wants:
/// the load goes on at the strategy's priority, and it is cancelled only when nobody waits
/// for it. A resource that arrives after the view was rebound to another item is never
/// shown in it.
///
/// **One key.** The binding asks the preloader, which derives the resource key with the
/// same `resourceKey` function as its prefetches, so a prefetched resource is found.
///
/// Thread-safety: `@MainActor`, like the views it serves.
@MainActor
public final class ResourceBinding<Item: FeedItem, Key: Hashable & Sendable, Resource: Sendable> {
  /// The id of the bound item, or `nil` when unbound.
  public private(set) var itemID: Item.ID?
  /// What the view shows now.
  public private(set) var state: ResourceState<Resource> = .placeholder
  private var observation: ResourceObservation<Resource>?
  /// Counts bindings, so that a change for an earlier one is dropped.
  private var generation: UInt64 = 0

  /// Creates an unbound binding.
  public init() {}

  /// Binds `item`: calls `show` now with the resource in memory, or a placeholder, and
  /// again with each change (the resource, or a failure) while the binding lasts. An
  /// earlier binding is withdrawn first.
  ///
  /// - Parameters:
  ///   - item: The item the view shows.
  ///   - preloader: The list's preloader.
  ///   - priority: The request's priority; `.visible` for a view on screen.
  ///   - show: Shows a state. Never called for an item the view is no longer bound to.
  public func bind(
    _ item: Item, to preloader: ListPreloader<Item, Key, Resource>,
    priority: LoadPriority = .visible,
    show: @escaping @MainActor (ResourceState<Resource>) -> Void
  ) {
    unbind()
    itemID = item.id
    generation &+= 1
    let bound = generation
    let observation = preloader.observeResource(for: item, priority: priority) {
      [weak self] state in
      Task { @MainActor in
        guard let self, self.generation == bound else { return }
        self.state = state
        show(state)
      }
    }
    self.observation = observation
    state = observation.initialState
    show(state)
  }

  /// Withdraws the request of the bound item (the view is reused or gone): its load is
  /// cancelled if nothing else wants it, otherwise it goes on at the strategy's
  /// priority. Unbinding twice is harmless.
  public func unbind() {
    generation &+= 1
    observation?.cancel()
    observation = nil
    itemID = nil
    state = .placeholder
  }

  deinit {
    observation?.cancel()
  }
}
