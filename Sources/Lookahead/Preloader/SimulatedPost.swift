/// An item of the simulator's backend: its index in the world's content is its identity,
/// and the backend lists items newest first.
///
/// It lives in the core, behind the `Simulation` SPI, for speed only. The simulator
/// drives ``ListPreloaderStateMachine`` from another module, where its generic frame
/// path would run unspecialized: about fifty type-metadata lookups a frame, which made
/// a 60-minute simulation take several times longer than the decisions themselves. The
/// machine's event entry points are pre-specialized (`@_specialize(exported: true)`) for
/// this item and `Int` keys, so the simulator's calls reach specialized code. Apps use
/// their own item types and are not affected.
@_spi(Simulation) public struct SimulatedPost: FeedItem, Hashable {
  /// The item's index in the world's content.
  public let id: Int

  /// The backend's `addtime`: later items are older.
  public var sortKey: Int { -id }

  /// Creates the item at `id`.
  public init(id: Int) { self.id = id }
}
