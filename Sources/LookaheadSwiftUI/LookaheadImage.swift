#if canImport(SwiftUI)
  import Lookahead
  import SwiftUI

  /// Shows an item's resource (an image, usually) from a list preloader: the cached
  /// resource at once, otherwise `nil` until its load, joined or started, ends.
  ///
  /// ```swift
  /// LookaheadImage(post, in: model.preloader) { data in
  ///   if let image = data.flatMap(UIImage.init(data:)) {
  ///     Image(uiImage: image).resizable().scaledToFill()
  ///   } else {
  ///     Color.gray
  ///   }
  /// }
  /// ```
  ///
  /// The request lives as long as the view is on screen: when it disappears, the
  /// request is withdrawn — the load goes on at the strategy's priority if the strategy
  /// still wants it, and is cancelled otherwise. The resource key is the preloader's, so
  /// a prefetched resource is found. A view shown for another item starts afresh and
  /// never shows the previous item's resource.
  ///
  /// Thread-safety: a SwiftUI view; main actor.
  public struct LookaheadImage<
    Item: FeedItem, Key: Hashable & Sendable, Resource: Sendable, Content: View
  >: View {
    private let item: Item
    private let preloader: ListPreloader<Item, Key, Resource>
    private let priority: LoadPriority
    private let content: (Resource?) -> Content

    /// Creates a view of `item`'s resource.
    ///
    /// - Parameters:
    ///   - item: The item.
    ///   - preloader: The list's preloader.
    ///   - priority: The request's priority; `.visible` for a row on screen.
    ///   - content: The view of the resource, or of its placeholder for `nil`.
    public init(
      _ item: Item, in preloader: ListPreloader<Item, Key, Resource>,
      priority: LoadPriority = .visible,
      @ViewBuilder content: @escaping (Resource?) -> Content
    ) {
      self.item = item
      self.preloader = preloader
      self.priority = priority
      self.content = content
    }

    /// The resource's view, with a fresh state for every item.
    public var body: some View {
      ResourceView(item: item, preloader: preloader, priority: priority, content: content)
        .id(item.id)
    }
  }

  /// The view of one item's resource: what the cache holds now, or what the load
  /// brought.
  private struct ResourceView<
    Item: FeedItem, Key: Hashable & Sendable, Resource: Sendable, Content: View
  >: View {
    let item: Item
    let preloader: ListPreloader<Item, Key, Resource>
    let priority: LoadPriority
    let content: (Resource?) -> Content
    @State private var loaded: Resource?

    var body: some View {
      content(loaded ?? preloader.cachedResource(for: item))
        .task {
          loaded = try? await preloader.resource(for: item, priority: priority)
        }
    }
  }
#endif
