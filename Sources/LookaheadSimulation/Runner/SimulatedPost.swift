@_spi(Simulation) import Lookahead

extension SimulatedPost {
  /// The posts of page `index` of the standard world.
  static func page(_ index: Int) -> [SimulatedPost] {
    page(index, of: .standard)
  }

  /// The posts of page `index` of `world`.
  static func page(_ index: Int, of world: World) -> [SimulatedPost] {
    world.items(ofPage: index).map(SimulatedPost.init(id:))
  }
}
