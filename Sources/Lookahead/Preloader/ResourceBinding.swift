/// Binds one resource of a list preloader to a reusable view (a cell, a row): shows the
/// cached resource at once, otherwise joins or starts its load and shows it when it
/// arrives; rebinding or ``unbind()`` withdraws the request.
///
/// ```swift
/// final class PostCell: UICollectionViewCell {
///   let binding = ResourceBinding<Post, URL, Data>()
///   func configure(with post: Post, preloader: ListPreloader<Post, URL, Data>) {
///     binding.bind(post, to: preloader) { [weak self] data in
///       self?.imageView.image = data.flatMap(UIImage.init(data:))
///     }
///   }
///   override func prepareForReuse() {
///     super.prepareForReuse()
///     binding.unbind()
///   }
/// }
/// ```
///
/// **Reuse.** A withdrawn request never cancels a load that the strategy still wants:
/// the load goes on at the strategy's priority (a prefetch is lowered from `visible`
/// back to `preload`), and it is cancelled only when nobody waits for it. A resource
/// that arrives after the view was rebound to another item is never shown in it.
///
/// **One key.** The binding asks the preloader, which derives the resource key with the
/// same `resourceKey` function as its prefetches, so a prefetched resource is found.
///
/// Thread-safety: `@MainActor`, like the views it serves.
@MainActor
public final class ResourceBinding<Item: FeedItem, Key: Hashable & Sendable, Resource: Sendable> {
  /// The id of the bound item, or `nil` when unbound.
  public private(set) var itemID: Item.ID?
  private var load: Task<Void, Never>?

  /// Creates an unbound binding.
  public init() {}

  /// Binds `item`: calls `show` now with the cached resource, or with `nil` (show a
  /// placeholder) and again with the resource when its load ends. An earlier binding
  /// is withdrawn first.
  ///
  /// - Parameters:
  ///   - item: The item the view shows.
  ///   - preloader: The list's preloader.
  ///   - priority: The request's priority; `.visible` for a view on screen.
  ///   - show: Shows a resource, or a placeholder for `nil`. Never called after the
  ///     binding changed.
  public func bind(
    _ item: Item, to preloader: ListPreloader<Item, Key, Resource>,
    priority: LoadPriority = .visible,
    show: @escaping @MainActor (Resource?) -> Void
  ) {
    unbind()
    itemID = item.id
    if let cached = preloader.cachedResource(for: item) {
      show(cached)
      return
    }
    show(nil)
    guard preloader.resourceKey(for: item) != nil else { return }
    load = Task { [weak self] in
      let resource = try? await preloader.resource(for: item, priority: priority)
      // Cancelled on the main actor before this resumes on it: a rebound view never
      // gets the old item's resource.
      guard !Task.isCancelled, let resource else { return }
      self?.load = nil
      show(resource)
    }
  }

  /// Withdraws the request of the bound item (the view is reused or gone): its load is
  /// cancelled if nothing else wants it, otherwise lowered to the strategy's priority.
  /// Unbinding twice is harmless.
  public func unbind() {
    load?.cancel()
    load = nil
    itemID = nil
  }

  deinit {
    load?.cancel()
  }
}
