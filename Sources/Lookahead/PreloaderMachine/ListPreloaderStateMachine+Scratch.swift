extension ListPreloaderStateMachine {
  /// The storage a frame's decisions reuse, in one place: kept between frames so that a
  /// frame allocates nothing of its own, and emptied (capacity kept) before each use.
  ///
  /// Nothing in it carries meaning from one frame to the next; the last diffed answer,
  /// which does, is kept by the machine's `wanted` (`WantedLoads`).
  struct FrameScratch: Sendable {
    /// The policy's answer of the current frame.
    var requests: [PreloadRequest] = []
    /// The index in `requests` of each request the frame passes on to the wanted set
    /// (see `keepRequests(readiness:visible:now:into:)`).
    var keptRequests: [Int] = []
    /// The positions among the kept requests of the keys a frame newly wants, with
    /// their slots in the wanted set.
    var insertedPositions: [(position: Int, slot: Int)] = []
    /// The keys loading for someone other than a hint, read once a frame for the
    /// policy's ``LoadStatus``.
    var loadingKeys: [Key] = []
    /// A frame's changes of the wanted set.
    var changes = WantedSetChanges<Key>(wanted: [], unwanted: [])
    /// The keys a frame no longer wants, with their item's position and their place.
    var unwantedPositions: [(key: Key, position: Int, offset: Int)] = []
    /// The load queue's actions of a frame or an event.
    var queueActions: [LoadQueue<QueueKey, ListPreloaderWaiter>.Action] = []
    /// The deferred changes of order, while they are sent.
    var deferredOrders: [WantedSet<Key>.Request] = []
  }
}
