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
    readiness: some ResourceReadiness<Key>, visible: Range<Int>, now: Duration,
    into kept: inout [Int]
  ) -> Int {
    let requests = scratch.requests
    if kept.count < requests.count {
      kept.append(contentsOf: repeatElement(0, count: requests.count - kept.count))
    }
    let count = geometry.itemCount
    let isConstrained = isConstrained
    // Read into locals once: an app's machine runs as unspecialized generic code, where
    // each read of a stored property works its offset out from the machine's metadata.
    let itemKeys = itemKeys
    let cooldowns = cooldowns
    let coolsDown = !cooldowns.isQuiet
    return kept.withUnsafeMutableBufferPointer { kept in
      var keptCount = 0
      for index in requests.indices {
        let item = requests[index].item
        guard item >= 0, item < count else { continue }
        if isConstrained && !visible.contains(item) { continue }
        let place = itemKeys.place(of: item)
        guard place >= 0 else { continue }
        let key = itemKeys.key(at: place)
        guard !readiness.isReady(key), !coolsDown || !cooldowns.blocks(key, now: now) else {
          continue
        }
        kept[keptCount] = index
        keptCount += 1
      }
      return keptCount
    }
  }
}
