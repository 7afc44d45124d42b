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

extension ListPreloaderStateMachine {
  /// Whether the frame passes on the same requests as the last frame whose answer the
  /// wanted set diffed, in the same order (`keptCount` of them, their indices in
  /// `scratch.keptRequests`), with nothing since that could make the same requests name
  /// other keys: the diff would report no change.
  ///
  /// A list at rest, or a policy whose answer did not move (the oracle between arrivals),
  /// repeats its answer on many frames; on a grid that is a hundred requests, each of which
  /// the wanted set would look up and stamp for nothing. (Diffing such an answer reports
  /// nothing either, with one exception that changes nothing: a key named twice, whose
  /// more urgent request is reported again, as the queue already has it.)
  ///
  /// - Complexity: O(*k*) for *k* kept requests, stopping at the first difference.
  func answerRepeats(keptCount: Int, kept: [Int]) -> Bool {
    guard let diffed = diffedAnswer, diffed.count == keptCount else { return false }
    return scratch.requests.withUnsafeBufferPointer { requests in
      kept.withUnsafeBufferPointer { kept in
        diffed.requests.withUnsafeBufferPointer { diffedRequests in
          diffed.kept.withUnsafeBufferPointer { diffedKept in
            for position in 0..<keptCount
            where requests[kept[position]] != diffedRequests[diffedKept[position]] {
              return false
            }
            return true
          }
        }
      }
    }
  }

  /// Keeps the frame's answer and kept indices as the last diffed (see
  /// ``answerRepeats(keptCount:kept:)``) by swapping storage with the previous ones: the
  /// next frame writes its answer into the storage it gets back, and nothing is copied.
  mutating func keepDiffedAnswer(keptCount: Int) {
    var diffed = diffedAnswer ?? DiffedAnswer()
    diffedAnswer = nil
    swap(&scratch.requests, &diffed.requests)
    swap(&scratch.keptRequests, &diffed.kept)
    diffed.count = keptCount
    diffedAnswer = diffed
  }
}

/// The policy's answer of the last frame whose answer the wanted set diffed, and the
/// indices of the requests that frame kept (the first ``count``).
struct DiffedAnswer: Sendable {
  var requests: [PreloadRequest] = []
  var kept: [Int] = []
  var count = 0
}

extension ListPreloaderStateMachine {
  /// The item behind a wanted key, and where it was in the list when the key entered.
  struct WantedItemPlace {
    /// The item's id.
    var id: Item.ID
    /// The item's position when the key entered.
    var position: Int
    /// ``ListPreloaderStateMachine/listVersion`` then: while it is the same, the item is
    /// still at `position` (found without hashing its id).
    var listVersion: Int
  }
}
