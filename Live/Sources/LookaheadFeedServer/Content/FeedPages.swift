import Foundation
import Lookahead
import LookaheadSimulation

/// The pages of a ``FeedServer``'s cursor API (docs/DESIGN.md, "Paging").
///
/// `GET /feed` answers the first page, `GET /feed?cursor=p3` the page after cursor `p3`:
/// `{"items": [FeedPost…], "nextCursor": "p4", "hasMore": true, "padding": "…"}`, which
/// `Page<FeedPost>` decodes. The padding makes every page exactly the world's
/// `page_bytes` long (when the items fit), so the bytes a client counts are the bytes the
/// simulator assumes.
///
/// A namespace of pure functions; thread-safe.
public enum FeedPages {
  /// The path of the cursor API.
  public static let path = "/feed"

  /// The cursor of page `index`: `p<index>`.
  public static func cursor(ofPage index: Int) -> String { "p\(index)" }

  /// The page a cursor names, or `nil` for a cursor the server never gave.
  public static func page(ofCursor cursor: String) -> Int? {
    guard cursor.hasPrefix("p"), let index = Int(cursor.dropFirst()), index >= 0 else {
      return nil
    }
    return index
  }

  /// The URL path of the image of `item`: `/images/<item>`.
  public static func imagePath(ofItem item: Int) -> String { "/images/\(item)" }

  /// The JSON body of page `index` of `world`, with image URLs under `base`.
  ///
  /// - Parameters:
  ///   - index: The page number, from 0.
  ///   - world: The served world.
  ///   - base: Where clients reach the server; image URLs are `base/images/<item>`.
  /// - Complexity: O(page size + page bytes).
  public static func body(ofPage index: Int, in world: World, base: URL) -> Data {
    let items = world.items(ofPage: index).map { item in
      FeedPost(
        id: item, sortKey: -item, height: world.itemHeight(item),
        image: base.appending(path: imagePath(ofItem: item)))
    }
    let hasMore = world.hasMore(loadedPages: index + 1)
    let page = Page(
      items: items, nextCursor: hasMore ? PageCursor(cursor(ofPage: index + 1)) : nil,
      hasMore: hasMore)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // A page of numbers and URLs always encodes.
    var json = try! encoder.encode(page)
    // `{…}` becomes `{…,"padding":"xxx"}`: 13 more bytes plus the padding.
    let room = world.pageBytes - json.count - 13
    if room >= 0 {
      json.removeLast()
      json.append(contentsOf: Data(",\"padding\":\"".utf8))
      json.append(contentsOf: Data(repeating: UInt8(ascii: "x"), count: room))
      json.append(contentsOf: Data("\"}".utf8))
    }
    return json
  }
}
