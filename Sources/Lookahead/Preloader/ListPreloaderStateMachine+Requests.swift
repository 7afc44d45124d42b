extension ListPreloaderStateMachine {
  /// Whether the machine reports interface states (a platform adapter asked for them).
  ///
  /// Asked every frame: `interfaceRanges != nil` copies the optional ranges to compare
  /// them with `nil`, retaining and releasing each of their arrays; matching the case
  /// reads the tag alone.
  var hasInterfaceRanges: Bool {
    if case .some = interfaceRanges { return true }
    return false
  }

  /// Writes at the start of `kept` the index in ``requests`` of each request of the
  /// policy's answer that the frame passes on to the wanted set, in the answer's order,
  /// and returns how many: its item is loaded, on screen when the range mode allows only
  /// that, has a resource key, and that resource is not ready yet.
  ///
  /// The indices are written in place into `kept`, which only grows (to the longest
  /// answer) and keeps stale indices past the count returned, rather than appended one
  /// by one: every `append` checks that the array's storage is unique, and a grid
  /// frame's answer holds a hundred requests or more; emptying and refilling the array
  /// every frame cost as much again.
  ///
  /// - Parameters:
  ///   - readiness: Which resources are ready in memory.
  ///   - visible: The items on screen, when the range mode allows only those (otherwise
  ///     not read).
  ///   - kept: Storage kept between frames.
  /// - Returns: The number of requests kept, at the start of `kept`.
  mutating func keepRequests(
    readiness: some ResourceReadiness<Key>, visible: Range<Int>, into kept: inout [Int]
  ) -> Int {
    if kept.count < requests.count {
      kept.append(contentsOf: repeatElement(0, count: requests.count - kept.count))
    }
    let count = geometry.itemCount
    let isConstrained = isConstrained
    return kept.withUnsafeMutableBufferPointer { kept in
      var keptCount = 0
      for index in requests.indices {
        let item = requests[index].item
        guard item >= 0, item < count else { continue }
        if isConstrained && !visible.contains(item) { continue }
        let place = itemKeys.place(of: item)
        guard place >= 0, !readiness.isReady(itemKeys.key(at: place)) else { continue }
        kept[keptCount] = index
        keptCount += 1
      }
      return keptCount
    }
  }
}

/// The requests of a frame's answer that go to the wanted set, by resource key: a view
/// of the policy's answer and of the indices the frame kept, which builds each
/// ``WantedSet/Request`` as the wanted set reads it.
///
/// Copying the answer into an array of keyed requests first cost a write per request
/// and, appended one by one, a check per request that the array's storage is unique;
/// the wanted set reads each request once, in order, so nothing needs to hold them.
struct KeyedAnswer<Key: Hashable & Sendable>: RandomAccessCollection {
  /// The policy's answer.
  let requests: [PreloadRequest]
  /// The indices in ``requests`` of the requests kept, in order, in its first
  /// ``endIndex`` elements (the rest are stale).
  let kept: [Int]
  /// The resource key of each loaded item; every kept request's item has one.
  let keys: ItemKeyTable<Key>
  /// Past the last kept request: how many of ``kept`` are current.
  let endIndex: Int

  /// The first kept request's position, 0.
  var startIndex: Int { 0 }

  /// The kept request at `position`, with its item's resource key.
  subscript(position: Int) -> WantedSet<Key>.Request {
    precondition(position < endIndex, "Index \(position) is past the kept requests")
    let request = requests[kept[position]]
    return WantedSet.Request(
      key: keys.key(at: keys.place(of: request.item)), priority: request.priority,
      order: request.order)
  }
}
