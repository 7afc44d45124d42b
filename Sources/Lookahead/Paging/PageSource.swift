/// Where a list preloader gets its pages: a backend with a cursor API.
///
/// ``ListPreloader`` asks for the first page when it starts, for the page after the
/// last cursor when the page trigger fires (`request.end == .tail`), and for the newest
/// page on a pull to refresh (`request.end == .head`, `request.cursor == nil`).
///
/// ```swift
/// struct Feed: PageSource {
///   let api: API
///   func page(for request: PageRequest) async throws -> Page<Post> {
///     let response = try await api.posts(after: request.cursor?.rawValue)
///     return Page(items: response.posts, nextCursor: response.next.map(PageCursor.init),
///                 hasMore: response.next != nil)
///   }
/// }
/// ```
///
/// What the preloader does with what comes back: duplicates are dropped (by id), items
/// out of order are put in sort order, an item whose sort key changed moves, an empty
/// page or `hasMore == false` ends the tail until a refresh, and a thrown error retries
/// a tail page with backoff (a failed refresh keeps the list). Nothing already in the
/// list is lost.
///
/// Conforming types must be safe to call from any task and should honour task
/// cancellation.
public protocol PageSource<Item>: Sendable {
  /// The items of the feed.
  associatedtype Item: FeedItem

  /// Fetches one page.
  ///
  /// - Parameter request: Which end, and the cursor to send (`nil` for the newest page).
  /// - Returns: The page.
  /// - Throws: Any error; the preloader retries tail pages with backoff.
  func page(for request: PageRequest) async throws -> Page<Item>
}

/// A ``PageSource`` made of a closure.
///
/// ```swift
/// let pages = PageFetcher { request in
///   try JSONDecoder().decode(Page<Post>.self, from: try await network.load(api.posts(after: request.cursor)))
/// }
/// ```
///
/// A value type; safe to call from any task, like the closure it holds.
public struct PageFetcher<Item: FeedItem>: PageSource {
  private let fetch: @Sendable (PageRequest) async throws -> Page<Item>

  /// Creates a page source that calls `fetch` for every request.
  ///
  /// - Parameter fetch: Fetches one page; should honour task cancellation.
  public init(_ fetch: @escaping @Sendable (PageRequest) async throws -> Page<Item>) {
    self.fetch = fetch
  }

  /// Calls the closure.
  public func page(for request: PageRequest) async throws -> Page<Item> {
    try await fetch(request)
  }
}
