import Foundation
import Lookahead

/// One item of a served feed, as the page JSON spells it:
/// `{"id": 42, "sort_key": -42, "height": 341, "image": "http://127.0.0.1:8080/images/42"}`.
///
/// Items are newest first: item 0 has the largest sort key, like the simulator's backend.
///
/// A value type; thread-safe.
public struct FeedPost: FeedItem, Codable, Hashable {
  /// The item id: its position in the backend's list.
  public var id: Int
  /// The backend's sort key (an `addtime`): later items are older.
  public var sortKey: Int
  /// The item's height in points.
  public var height: Double
  /// The URL of the item's image.
  public var image: URL

  /// Creates an item.
  ///
  /// - Parameters:
  ///   - id: The item id.
  ///   - sortKey: The sort key; `-id` on a ``FeedServer``.
  ///   - height: The height in points.
  ///   - image: The image's URL.
  public init(id: Int, sortKey: Int, height: Double, image: URL) {
    self.id = id
    self.sortKey = sortKey
    self.height = height
    self.image = image
  }

  enum CodingKeys: String, CodingKey {
    case id
    case sortKey = "sort_key"
    case height
    case image
  }
}
