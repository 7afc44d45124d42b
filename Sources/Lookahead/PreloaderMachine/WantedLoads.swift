/// The key part of a list preloader: the resource keys the strategy wants, the item
/// behind each, and the last answer of the policy that was diffed against them.
///
/// Each frame the policy answers with items; the `ListPreloaderStateMachine` maps the
/// answer to keys and diffs it here (``set``), and the differences become load queue
/// events. An answer that repeats the last one diffed is recognised without a diff
/// (``answerRepeats(requests:kept:keptCount:)``). The item behind each wanted key is kept
/// by the key's slot, so that the keys a frame no longer wants are withdrawn in list
/// order and the platform's prefetch calls name items, without hashing a key again.
///
/// A value type; thread-safe.
struct WantedLoads<Item: FeedItem, Key: Hashable & Sendable>: Sendable {
  /// The item behind a wanted key, and where it was in the list when the key entered.
  struct ItemPlace: Sendable {
    /// The item's id.
    var id: Item.ID
    /// The item's position when the key entered.
    var position: Int
    /// The list's version then: while it is the same, the item is still at `position`
    /// (found without hashing its id).
    var listVersion: Int
  }

  /// The keys wanted, with their priorities and orders, and the orders deferred.
  var set = WantedSet<Key>()
  /// Whether frames defer changes of order while the queue cannot act on them (see
  /// `ListPreloaderStateMachine.sendDeferredOrders()`). Always on; tests turn it off to
  /// check that the decisions are the same.
  var defersOrders = true
  /// The last answer the wanted set diffed, while its requests still name the same
  /// keys; `nil` once a list change or a reset of the wanted set may have changed what
  /// they mean.
  private var diffedAnswer: DiffedAnswer?
  /// The item behind each wanted key, by the key's slot in ``set`` (`nil` for a slot no
  /// key holds).
  private var itemPlaces: [ItemPlace?] = []
  /// Counts the changes of the list that moved items (appends do not): a position noted
  /// at the same count still names the same item.
  private var listVersion = 0

  /// The key in `slot` of ``set`` was first wanted for the item `id` at `position`.
  mutating func keyEntered(slot: Int, id: Item.ID, position: Int) {
    if slot >= itemPlaces.count {
      itemPlaces.append(contentsOf: repeatElement(nil, count: slot + 1 - itemPlaces.count))
    }
    itemPlaces[slot] = ItemPlace(id: id, position: position, listVersion: listVersion)
  }

  /// The key in `slot` of ``set`` is no longer wanted: forgets its item.
  ///
  /// - Returns: The item's position in `list`, or `nil` when it is no longer there.
  mutating func keyLeft(slot: Int, in list: FeedList<Item>) -> Int? {
    let place = itemPlaces[slot]
    itemPlaces[slot] = nil
    return place.flatMap {
      $0.listVersion == listVersion ? $0.position : list.index(ofID: $0.id)
    }
  }

  /// The list changed: positions may name other keys now (an append also replaces the
  /// keys of items updated in place), so the next answer is diffed whatever it repeats.
  ///
  /// - Parameter movesItems: Whether the change moved items (an append does not).
  mutating func listChanged(movesItems: Bool) {
    diffedAnswer = nil
    if movesItems { listVersion &+= 1 }
  }

  /// Forgets every wanted key: the next answer is diffed afresh.
  mutating func removeAll() {
    set = WantedSet()
    diffedAnswer = nil
    itemPlaces = []
  }

  /// Whether a frame passes on the same requests as the last frame whose answer the
  /// wanted set diffed, in the same order, with nothing since that could make the same
  /// requests name other keys: the diff would report no change.
  ///
  /// A list at rest, or a policy whose answer did not move (the oracle between arrivals),
  /// repeats its answer on many frames; on a grid that is a hundred requests, each of which
  /// the wanted set would look up and stamp for nothing. (Diffing such an answer reports
  /// nothing either, with one exception that changes nothing: a key named twice, whose
  /// more urgent request is reported again, as the queue already has it.)
  ///
  /// - Parameters:
  ///   - requests: The policy's answer.
  ///   - kept: The indices in `requests` of the requests the frame passes on.
  ///   - keptCount: How many of `kept` are the frame's.
  /// - Complexity: O(*k*) for *k* kept requests, stopping at the first difference.
  func answerRepeats(requests: [PreloadRequest], kept: [Int], keptCount: Int) -> Bool {
    guard let diffed = diffedAnswer, diffed.count == keptCount else { return false }
    return requests.withUnsafeBufferPointer { requests in
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

  /// Keeps a frame's answer and kept indices as the last diffed (see
  /// ``answerRepeats(requests:kept:keptCount:)``) by swapping storage with the previous
  /// ones: the next frame writes its answer into the storage it gets back, and nothing is
  /// copied.
  mutating func keepDiffedAnswer(requests: inout [PreloadRequest], kept: inout [Int], count: Int) {
    var diffed = diffedAnswer ?? DiffedAnswer()
    diffedAnswer = nil
    swap(&requests, &diffed.requests)
    swap(&kept, &diffed.kept)
    diffed.count = count
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
