import Foundation
import Lookahead

/// A post of the feed, as the feed server's pages spell it:
/// `{"id": 42, "sort_key": -42, "height": 341, "image": "http://127.0.0.1:8080/images/42"}`.
///
/// Newest first: the largest sort key comes first. A value type; thread-safe.
struct FeedPost: FeedItem, Codable, Hashable {
  /// The post's id.
  var id: Int
  /// The backend's sort key; later posts are older.
  var sortKey: Int
  /// The post's height in points.
  var height: Double
  /// The URL of the post's image.
  var image: URL

  enum CodingKeys: String, CodingKey {
    case id
    case sortKey = "sort_key"
    case height
    case image
  }
}

/// The pages of the feed server's cursor API: `GET /feed`, then `GET /feed?cursor=<cursor>`
/// with the cursor of the page before. A refresh asks for the first page again.
///
/// A value type; safe to call from any task.
struct FeedPages: PageSource {
  /// The server's base URL.
  let server: URL
  /// The loader of the pages' JSON.
  let loader = URLSessionLoader()

  /// Fetches and decodes one page; its size counts in the preloader's metrics.
  func page(for request: PageRequest) async throws -> Page<FeedPost> {
    var url = server.appending(path: "feed")
    if let cursor = request.cursor {
      url.append(queryItems: [URLQueryItem(name: "cursor", value: cursor.rawValue)])
    }
    let data = try await loader.load(url)
    var page = try JSONDecoder().decode(Page<FeedPost>.self, from: data)
    page.byteCount = data.count
    return page
  }
}
