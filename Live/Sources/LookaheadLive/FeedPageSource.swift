import Foundation
import Lookahead
import LookaheadFeedServer

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The pages of a ``FeedServer``'s cursor API, fetched the way an app would: with a loader
/// (``URLSessionLoader``), decoded as `Page<FeedPost>`, the response's size reported as
/// the page's byte count.
///
/// A value type; safe to call from any task.
public struct FeedPageSource: PageSource {
  /// The server's base URL.
  public let server: URL
  /// The loader that fetches the JSON.
  public let loader: any Loader<URL, Data>

  /// Creates a page source.
  ///
  /// - Parameters:
  ///   - server: The server's base URL, such as `http://127.0.0.1:8080`.
  ///   - loader: The loader that fetches the JSON, usually ``URLSessionLoader``.
  public init(server: URL, loader: some Loader<URL, Data>) {
    self.server = server
    self.loader = loader
  }

  /// Fetches `GET /feed`, or `GET /feed?cursor=<cursor>` after the first page.
  ///
  /// - Throws: The loader's error, or a permanent ``LoadError`` when the JSON does not
  ///   decode.
  public func page(for request: PageRequest) async throws -> Page<FeedPost> {
    var url = server.appending(path: String(FeedPages.path.dropFirst()))
    if let cursor = request.cursor?.rawValue {
      url.append(queryItems: [URLQueryItem(name: "cursor", value: cursor)])
    }
    let data = try await loader.load(url)
    var page: Page<FeedPost>
    do {
      page = try JSONDecoder().decode(Page<FeedPost>.self, from: data)
    } catch {
      throw LoadError.permanent(error)
    }
    page.byteCount = data.count
    return page
  }
}
