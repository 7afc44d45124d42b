import Lookahead

/// An item of the simulated backend: its index is its identity, and the backend lists
/// items newest first, so item 0 has the largest `addtime`.
struct SimulatedPost: FeedItem, Hashable {
  let id: Int

  /// The backend's `addtime`: later items are older.
  var sortKey: Int { -id }

  /// The posts of page `index` of the standard world.
  static func page(_ index: Int) -> [SimulatedPost] {
    page(index, of: .standard)
  }

  /// The posts of page `index` of `world`.
  static func page(_ index: Int, of world: World) -> [SimulatedPost] {
    world.items(ofPage: index).map(SimulatedPost.init(id:))
  }
}
