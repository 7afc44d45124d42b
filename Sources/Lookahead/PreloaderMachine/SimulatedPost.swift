/// An item of the simulator's backend: its index in the world's content is its identity,
/// and the backend lists items newest first.
///
/// It lives in the core, behind the `Simulation` SPI, for speed only. The simulator
/// drives `ListPreloaderStateMachine` from another module, where its generic frame
/// path would run unspecialized: about fifty type-metadata lookups a frame, which made
/// a 60-minute simulation take several times longer than the decisions themselves. The
/// machine's event entry points are pre-specialized (`@_specialize(exported: true)`) for
/// this item and `Int` keys, so the simulator's calls reach specialized code. Apps use
/// their own item types and are not affected.
package struct SimulatedPost: FeedItem, Hashable {
  /// The item's index in the world's content.
  package let id: Int

  /// The backend's `addtime`: later items are older.
  package var sortKey: Int { -id }

  /// Creates the item at `id`.
  package init(id: Int) { self.id = id }
}

/// The readiness of the simulator's images, read from its cache model's table of bytes
/// in memory per item (an image is ready while it has some) and its table of the images
/// on the disk tier.
///
/// Like ``SimulatedPost`` it lives in the core for speed only: the machine's frame entry
/// point is pre-specialized for it, so that every readiness question of a frame is an
/// array read instead of a closure call through two reabstraction thunks (about a tenth
/// of a grid frame's time). Apps pass their own ``ResourceReadiness``.
package struct SimulatedReadiness: ResourceReadiness {
  /// The bytes in memory of each item's image, indexed by item; 0 (or no entry) when it
  /// has none.
  package let bytesInMemory: [Int]

  /// Whether each item's image is on the disk tier, indexed by item; `false` (or no
  /// entry) when it is not.
  package let isOnDisk: [Bool]

  /// Creates the readiness of a table of bytes in memory per item and a table of the
  /// images on disk.
  package init(bytesInMemory: [Int], isOnDisk: [Bool] = []) {
    self.bytesInMemory = bytesInMemory
    self.isOnDisk = isOnDisk
  }

  /// Whether the image of item `key` is in memory.
  package func isReady(_ key: Int) -> Bool {
    key >= 0 && key < bytesInMemory.count && bytesInMemory[key] > 0
  }

  /// Whether the image of item `key` is on the disk tier.
  package func isStoredLocally(_ key: Int) -> Bool {
    key >= 0 && key < isOnDisk.count && isOnDisk[key]
  }
}
