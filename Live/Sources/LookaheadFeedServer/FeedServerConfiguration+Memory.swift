import Foundation
import LookaheadSimulation

extension FeedServerConfiguration {
  /// The memory the server may spend on response bodies by default: a quarter of the
  /// machine's.
  public static var defaultMemoryBudget: Int {
    Int(clamping: ProcessInfo.processInfo.physicalMemory / 4)
  }

  /// The largest body the server builds for its world, in bytes, and the world field
  /// that makes it that large: the largest image (`images.max_bytes`), or a page, which is
  /// `page_bytes` long or, when larger, the JSON of `page_size` items (`page_size`).
  ///
  /// - Complexity: O(1): one item is encoded, the one with the longest spelling.
  public var largestResponse: (bytes: Int, field: String) {
    let pageJSON = world.pageSize * Self.longestItemJSONBytes(of: world, base: publicURL) + 128
    let page =
      world.pageBytes >= pageJSON
      ? (bytes: world.pageBytes, field: "page_bytes") : (bytes: pageJSON, field: "page_size")
    return world.images.maxBytes >= page.bytes
      ? (world.images.maxBytes, "images.max_bytes") : page
  }

  /// Throws unless the server can hold its responses in `memoryBudget` bytes.
  ///
  /// The server builds each body in memory before it sends it, and a client keeps up to
  /// the world's `network.connections` responses in flight (the simulator's load queue
  /// never asks for more): a world whose largest response, times the connections, does
  /// not fit the budget would be served until the first large request exhausts the
  /// machine. It is refused at start instead, naming the field.
  ///
  /// - Parameter memoryBudget: The bytes responses may take; ``defaultMemoryBudget``.
  /// - Throws: ``WorldError`` naming the field that makes responses too large.
  public func checkServable(memoryBudget: Int = defaultMemoryBudget) throws(WorldError) {
    let (bytes, field) = largestResponse
    let connections = world.network.connections
    guard bytes <= memoryBudget / connections else {
      throw WorldError(
        field: field,
        problem: "makes a response of \(Self.describe(bytes)); the server holds up to "
          + "network.connections (\(connections)) of them in memory, and refuses more than "
          + "\(Self.describe(memoryBudget)) in all")
    }
  }

  /// The bytes of the page JSON of the item with the longest spelling: the largest id,
  /// the tallest height and an image URL under the longest base the server may use.
  static func longestItemJSONBytes(of world: World, base: URL?) -> Int {
    let last = world.itemCount - 1
    let base = base ?? URL(string: "http://[ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff]:65535")!
    let tallest: Double =
      switch world.layout {
      case .feed(_, let maximum): Double(maximum)
      case .grid(_, let cellLength): cellLength
      }
    let item = FeedPost(
      id: last, sortKey: -last, height: tallest,
      image: base.appending(path: FeedPages.imagePath(ofItem: last)))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // An item of numbers and a URL always encodes; the comma between items is the 1.
    return ((try? encoder.encode(item).count) ?? 0) + 1
  }

  /// `4.0 GB`, `120 MB`, `900 bytes`.
  static func describe(_ bytes: Int) -> String {
    let value = Double(bytes)
    if value >= 1e9 { return String(format: "%.1f GB", value / 1e9) }
    if value >= 1e6 { return String(format: "%.0f MB", value / 1e6) }
    return "\(bytes) bytes"
  }
}
