/// An opaque position in a backend's list, handed back by the backend with each
/// page and sent with the request for the next one.
///
/// Lookahead pages by cursor, never by page number: when new items are inserted at
/// the head while the user scrolls, page numbers shift and duplicate items, while a
/// cursor (for example the smallest `addtime` of the page) keeps its place.
///
/// A cursor encodes as a plain JSON string (`"c42"`), so a page can be decoded straight
/// from an API's answer; it also decodes from the older `{"rawValue": "c42"}` form.
public struct PageCursor: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The cursor as the backend spelled it.
  public var rawValue: String

  /// Creates a cursor from the backend's opaque value.
  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  /// The raw value.
  public var description: String { rawValue }

  private enum CodingKeys: String, CodingKey {
    case rawValue
  }

  /// Decodes a cursor from a JSON string, or from an object with a `rawValue`.
  public init(from decoder: any Decoder) throws {
    if let value = try? decoder.singleValueContainer().decode(String.self) {
      rawValue = value
    } else {
      rawValue = try decoder.container(keyedBy: CodingKeys.self).decode(
        String.self, forKey: .rawValue)
    }
  }

  /// Encodes the cursor as a JSON string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

/// One batch of items returned by a backend.
public struct Page<Item: Sendable>: Sendable {
  /// The items of the page, in the backend's sort order.
  public var items: [Item]
  /// The cursor to request the page after this one, or `nil` if the backend gave
  /// none.
  public var nextCursor: PageCursor?
  /// Whether the backend has more items after this page.
  public var hasMore: Bool
  /// The size of the response in bytes, when the source knows it; field metrics count
  /// it (``ListMetrics/bytes``).
  public var byteCount: Int?

  /// Creates a page.
  ///
  /// - Parameters:
  ///   - items: The items of the page, in the backend's sort order.
  ///   - nextCursor: The cursor that requests the following page.
  ///   - hasMore: Whether more items follow. An empty page is treated as the end of
  ///     the data whatever this flag says.
  ///   - byteCount: The size of the response in bytes, if known.
  public init(items: [Item], nextCursor: PageCursor?, hasMore: Bool, byteCount: Int? = nil) {
    self.items = items
    self.nextCursor = nextCursor
    self.hasMore = hasMore
    self.byteCount = byteCount
  }
}

extension Page: Equatable where Item: Equatable {}

/// The JSON keys of a page.
private enum PageCodingKeys: String, CodingKey {
  case items
  case nextCursor
  case hasMore
}

extension Page: Decodable where Item: Decodable {
  /// Decodes `{"items": […], "nextCursor": "c42", "hasMore": true}`; without
  /// `hasMore`, there is more when there is a cursor.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: PageCodingKeys.self)
    items = try container.decode([Item].self, forKey: .items)
    nextCursor = try container.decodeIfPresent(PageCursor.self, forKey: .nextCursor)
    hasMore = try container.decodeIfPresent(Bool.self, forKey: .hasMore) ?? (nextCursor != nil)
    byteCount = nil
  }
}

extension Page: Encodable where Item: Encodable {
  /// Encodes the items, the cursor and `hasMore` (not the byte count).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: PageCodingKeys.self)
    try container.encode(items, forKey: .items)
    try container.encodeIfPresent(nextCursor, forKey: .nextCursor)
    try container.encode(hasMore, forKey: .hasMore)
  }
}
