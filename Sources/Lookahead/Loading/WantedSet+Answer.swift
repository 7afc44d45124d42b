extension WantedSet {
  /// An answer as ``WantedSet/update(to:defersOrders:deferredCount:into:onInsert:)``
  /// reads it: its requests by position, from an array of requests or from a list
  /// preloader's frame.
  ///
  /// A frame passes its policy's answer, the indices of the requests it keeps and each
  /// item's resource key; the request at a position is built as the set reads it, so the
  /// frame copies nothing into an array of keyed requests first.
  ///
  /// A concrete type rather than any collection of requests: an app's list preloader runs
  /// as unspecialized generic code (its item and key types are the app's), where reading
  /// a collection through its protocol looked up generic metadata for every request.
  struct Answer {
    /// The requests, when given as an array.
    private let keyed: [Request]
    /// The policy's answer, when given as a frame's.
    private let requests: [PreloadRequest]
    /// The indices in ``requests`` of the requests kept, in order, in the first ``count``
    /// elements (the rest are stale).
    private let kept: [Int]
    /// The resource key of each loaded item; every kept request's item has one.
    private let keys: ItemKeyTable<Key>
    /// Whether the requests are ``keyed``.
    private let isKeyed: Bool
    /// The number of requests.
    let count: Int

    /// The requests of an array.
    init(_ requests: [Request]) {
      keyed = requests
      self.requests = []
      kept = []
      keys = ItemKeyTable()
      isKeyed = true
      count = requests.count
    }

    /// The `count` requests of `requests` whose indices start `kept`, each with its
    /// item's resource key in `keys`.
    init(requests: [PreloadRequest], kept: [Int], keys: ItemKeyTable<Key>, count: Int) {
      precondition(count <= kept.count, "\(count) requests kept, \(kept.count) indices")
      keyed = []
      self.requests = requests
      self.kept = kept
      self.keys = keys
      isKeyed = false
      self.count = count
    }

    /// The request at `position`, in `0..<count`.
    @inline(__always)
    subscript(position: Int) -> Request {
      precondition(position >= 0 && position < count, "No request at this position")
      if isKeyed { return keyed[position] }
      let request = requests[kept[position]]
      return Request(
        key: keys.key(at: keys.place(of: request.item)), priority: request.priority,
        order: request.order)
    }
  }

  /// Replaces the wanted requests with those of an array and puts the difference in
  /// `changes`; see ``update(to:defersOrders:deferredCount:into:onInsert:)``.
  mutating func update(
    to requests: [Request], defersOrders: Bool = false,
    deferredCount: inout Int, into changes: inout WantedSetChanges<Key>,
    onInsert: (_ position: Int, _ slot: Int) -> Void
  ) {
    update(
      to: Answer(requests), defersOrders: defersOrders, deferredCount: &deferredCount,
      into: &changes, onInsert: onInsert)
  }

  /// Replaces the wanted requests, returns the difference and passes `onInsert` the
  /// position of each new key; see
  /// ``update(to:defersOrders:deferredCount:into:onInsert:)``.
  mutating func update(
    to requests: [Request], defersOrders: Bool = false, deferredCount: inout Int,
    onInsert: (Int) -> Void
  ) -> WantedSetChanges<Key> {
    var changes = WantedSetChanges<Key>(wanted: [], unwanted: [])
    update(
      to: Answer(requests), defersOrders: defersOrders, deferredCount: &deferredCount,
      into: &changes
    ) { position, _ in onInsert(position) }
    return changes
  }

  /// Replaces the wanted requests, returns the difference and passes `onInsert` the
  /// position of each new key.
  mutating func update(
    to requests: [Request], onInsert: (Int) -> Void
  ) -> WantedSetChanges<Key> {
    var deferredCount = 0
    return update(to: requests, deferredCount: &deferredCount, onInsert: onInsert)
  }
}
