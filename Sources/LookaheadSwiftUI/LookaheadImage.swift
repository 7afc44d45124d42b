#if canImport(SwiftUI)
  import Lookahead
  import SwiftUI

  /// Shows an item's resource (a decoded image, usually) from a list preloader: the
  /// resource the cache holds at once, otherwise a placeholder until a load of it ends, or
  /// the failure when it failed for good.
  ///
  /// ```swift
  /// LookaheadImage(post, in: model.preloader) { state in
  ///   switch state {
  ///   case .loaded(let image): Image(uiImage: image).resizable().scaledToFill()
  ///   case .failed: Image(systemName: "exclamationmark.triangle")
  ///   case .placeholder: Color.gray.opacity(0.2)
  ///   }
  /// }
  /// ```
  ///
  /// **Nothing outside the cache.** The view keeps no copy of the resource: every time its
  /// body is evaluated it reads the cache's memory tier, and its state holds only the
  /// observation of the request and a counter that changes when the observation reports. A
  /// `LazyVStack` keeps the state of rows scrolled far away, so a copy there would outgrow
  /// the cache's limit; here the cache's limit bounds every resource. Keep decoded values in
  /// the cache (`UIImage`, not `Data`) with the preloader's processing step, which decodes
  /// and downsamples off the main thread at the load's priority and charges the decoded
  /// size: the view never decodes. Size the cache so that one decoded resource fits its
  /// largest entry, or it is never shown.
  ///
  /// **One request per appearance.** The request is an interest, as a cell's: it waits for
  /// the strategy's load of an item the list shows, and loads any other item at once. It
  /// is withdrawn when the view disappears: the load goes on at the strategy's priority if
  /// the strategy still wants it, and is cancelled otherwise. The resource key is the
  /// preloader's, so a prefetched resource is found. A view shown for another item starts
  /// afresh and never shows the previous item's resource.
  ///
  /// Thread-safety: a SwiftUI view; main actor.
  public struct LookaheadImage<
    Item: FeedItem, Key: Hashable & Sendable, Resource: Sendable, Content: View
  >: View {
    private let item: Item
    private let preloader: ListPreloader<Item, Key, Resource>
    private let priority: LoadPriority
    private let content: (ResourceState<Resource>) -> Content

    /// Creates a view of `item`'s resource.
    ///
    /// - Parameters:
    ///   - item: The item.
    ///   - preloader: The list's preloader, whose cache holds decoded resources.
    ///   - priority: The request's priority; `.visible` for a row on screen.
    ///   - content: The view of a state: the resource, the failure, or the placeholder.
    public init(
      _ item: Item, in preloader: ListPreloader<Item, Key, Resource>,
      priority: LoadPriority = .visible,
      @ViewBuilder content: @escaping (ResourceState<Resource>) -> Content
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

  /// The view of one item's resource: what the cache holds now, or what the observation
  /// last reported when the cache holds nothing.
  private struct ResourceView<
    Item: FeedItem, Key: Hashable & Sendable, Resource: Sendable, Content: View
  >: View {
    let item: Item
    let preloader: ListPreloader<Item, Key, Resource>
    let priority: LoadPriority
    let content: (ResourceState<Resource>) -> Content
    /// The request while the view is on screen; never the resource.
    @State private var request: ResourceRequest<Resource>?
    /// Changes whenever the observation reports, so that the body reads the cache again.
    @State private var version: UInt64 = 0

    var body: some View {
      content(state)
        .task { await observe() }
    }

    /// The resource the cache holds now; otherwise the failure the observation reported,
    /// or the placeholder.
    private var state: ResourceState<Resource> {
      _ = version
      if let resource = preloader.cachedResource(for: item) { return .loaded(resource) }
      if let failure = request?.failure { return .failed(failure) }
      return .placeholder
    }

    /// Observes the item's resource while the view is on screen: the task ends, and the
    /// request is withdrawn, when the view disappears.
    private func observe() async {
      let (changes, continuation) = AsyncStream.makeStream(of: ResourceState<Resource>.self)
      let request = ResourceRequest<Resource>()
      request.start(
        preloader.observeResource(for: item, priority: priority) { continuation.yield($0) })
      self.request = request
      for await change in changes {
        request.record(change)
        version &+= 1
      }
      request.cancel()
      if self.request === request { self.request = nil }
    }
  }

  /// A view's request for a resource: the observation and the failure it reported, never
  /// the resource.
  ///
  /// Thread-safety: `@MainActor`.
  @MainActor
  private final class ResourceRequest<Resource: Sendable> {
    private var observation: ResourceObservation<Resource>?
    /// The failure reported last, until a later change.
    private(set) var failure: (any Error)?

    /// Starts with `observation`, recording its initial state. An observation that began
    /// with the resource in memory is over: it is not kept, since it holds the resource.
    func start(_ observation: ResourceObservation<Resource>) {
      record(observation.initialState)
      if case .loaded = observation.initialState { return }
      self.observation = observation
    }

    /// Records a change: a failure is kept, anything else clears it.
    func record(_ change: ResourceState<Resource>) {
      if case .failed(let error) = change {
        failure = error
      } else {
        failure = nil
      }
    }

    /// Withdraws the request.
    func cancel() {
      observation?.cancel()
      observation = nil
    }
  }
#endif
