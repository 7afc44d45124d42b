import Lookahead

/// An item of the simulated backend: its index is its identity, and the backend lists
/// items newest first, so item 0 has the largest `addtime`.
struct SimulatedPost: FeedItem, Hashable {
  let id: Int

  /// The backend's `addtime`: later items are older.
  var sortKey: Int { -id }

  /// The posts of page `index`.
  static func page(_ index: Int) -> [SimulatedPost] {
    let start = index * StandardWorld.pageSize
    let end = Swift.min(start + StandardWorld.pageSize, StandardWorld.itemCount)
    return (start..<end).map(SimulatedPost.init(id:))
  }
}
