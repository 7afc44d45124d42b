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

  /// Puts in `kept` (emptied first) the index in ``requests`` of each request of the
  /// policy's answer that the frame passes on to the wanted set, in the answer's order:
  /// its item is loaded, on screen when the range mode allows only that, has a resource
  /// key, and that resource is not ready yet.
  ///
  /// The indices are written into storage sized for the whole answer and trimmed after,
  /// rather than appended one by one: every `append` checks that the array's storage is
  /// unique, and a grid frame's answer holds a hundred requests or more.
  ///
  /// - Parameters:
  ///   - readiness: Which resources are ready in memory.
  ///   - visible: The items on screen, when the range mode allows only those (otherwise
  ///     not read).
  ///   - kept: Storage kept between frames.
  mutating func keepRequests(
    readiness: some ResourceReadiness<Key>, visible: Range<Int>, into kept: inout [Int]
  ) {
    kept.removeAllKeepingCapacity()
    kept.append(contentsOf: repeatElement(0, count: requests.count))
    let count = geometry.itemCount
    let isConstrained = isConstrained
    let keptCount = kept.withUnsafeMutableBufferPointer { kept in
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
    kept.removeSubrange(keptCount...)
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
  /// The indices in ``requests`` of the requests kept, in order.
  let kept: [Int]
  /// The resource key of each loaded item; every kept request's item has one.
  let keys: ItemKeyTable<Key>

  /// The first kept request's position, 0.
  var startIndex: Int { 0 }
  /// Past the last kept request.
  var endIndex: Int { kept.count }

  /// The kept request at `position`, with its item's resource key.
  subscript(position: Int) -> WantedSet<Key>.Request {
    let request = requests[kept[position]]
    return WantedSet.Request(
      key: keys.key(at: keys.place(of: request.item)), priority: request.priority,
      order: request.order)
  }
}
