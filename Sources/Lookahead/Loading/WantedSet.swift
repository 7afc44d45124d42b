/// The changes between two consecutive answers of a policy, as ``WantedSet`` reports
/// them.
package struct WantedSetChanges<Key: Hashable & Sendable>: Sendable, Hashable {
  /// Requests that are new, or whose priority or order changed, in the answer's order.
  package var wanted: [WantedSet<Key>.Request]
  /// Keys no longer wanted, in the order they were first wanted.
  package var unwanted: [Key]

  /// Whether nothing changed.
  package var isEmpty: Bool { wanted.isEmpty && unwanted.isEmpty }
}

/// Remembers what a policy wanted last and reports what changed.
///
/// ```swift
/// var wanted = WantedSet<URL>()
/// let changes = wanted.update(to: requests.map { WantedSet.Request(key: url(of: $0.item), $0) })
/// for request in changes.wanted {
///   actions += queue.want(request.key, by: me, priority: request.priority, order: request.order, now: now)
/// }
/// for key in changes.unwanted { actions += queue.unwant(key, by: me, now: now) }
/// ```
///
/// Keys are resource keys (or item ids), not positions, so the set stays valid when
/// items are inserted before others. When several requests name the same key, the
/// most urgent one counts.
///
/// Updating in place keeps steady frames cheap: when the answer (an array) did not
/// change, an update allocates nothing.
///
/// `WantedSet` is a value type; confine it to one thread.
package struct WantedSet<Key: Hashable & Sendable>: Sendable {
  /// One wanted key with its priority.
  package struct Request: Sendable, Hashable, CustomStringConvertible {
    /// The resource.
    package var key: Key
    /// The priority class of its load.
    package var priority: LoadPriority
    /// The position inside the class; smaller loads sooner.
    package var order: Double

    /// Creates a request.
    package init(key: Key, priority: LoadPriority, order: Double) {
      self.key = key
      self.priority = priority
      self.order = order
    }

    /// A textual form such as `12 visible@0.0`.
    package var description: String { "\(key) \(priority)@\(order)" }

    /// Whether this request is more urgent than `other`.
    func isMoreUrgent(than other: Request) -> Bool {
      priority != other.priority ? priority > other.priority : order < other.order
    }
  }

  private struct Entry: Sendable {
    var request: Request
    /// The last answer that named the key; 0 marks a free slot.
    var generation: UInt64
    /// When the key was first wanted in its current run; orders `unwanted`.
    var sequence: UInt64
    /// The key's position in the last answer that named it.
    var position: Int
    /// Where the key's deferred change of order is, if one waits.
    var deferral = DeferredOrders<Key>.Place()
    /// Whether a change of order alone may be deferred: the caller's queue knows the key.
    var mayDefer = true
  }

  /// The entries, in slots that stay put while their key is wanted; a slot is free when
  /// its generation is 0.
  private var slots: [Entry] = []
  private var freeSlots: [Int] = []
  private var slotOfKey: [Key: Int] = [:]
  /// The slot of each request of the last answer, and a spare array for the next one.
  private var answerSlots: [Int] = []
  private var spareAnswerSlots: [Int] = []
  private var generation: UInt64 = 0
  private var nextSequence: UInt64 = 0
  /// Requests whose order alone changed and that the caller has not been told about
  /// yet.
  private var deferred = DeferredOrders<Key>()
  /// The keys leaving in an update, with when each was first wanted and its slot;
  /// storage kept between updates.
  private var leavingScratch: [(key: Key, sequence: UInt64, slot: Int)] = []
  /// The slot each key of the last update's unwanted keys had, in their order: a caller
  /// that keeps data per wanted key by slot (see
  /// ``update(to:defersOrders:deferredCount:into:onInsert:)``) finds it without
  /// hashing the key.
  private(set) var unwantedSlots: [Int] = []

  /// Creates an empty set.
  package init() {}

  /// The number of wanted keys.
  package var count: Int { slotOfKey.count }

  /// The wanted keys, in the order they were first wanted.
  ///
  /// - Complexity: O(*n* log *n*).
  package var keys: [Key] {
    slots.filter { $0.generation != 0 }.sorted { $0.sequence < $1.sequence }.map(\.request.key)
  }

  /// The request currently wanted for a key, if any.
  ///
  /// - Complexity: O(1).
  package func request(for key: Key) -> Request? { slotOfKey[key].map { slots[$0].request } }

  /// Whether a key is wanted.
  ///
  /// - Complexity: O(1).
  package func contains(_ key: Key) -> Bool { slotOfKey[key] != nil }

  /// Replaces the wanted requests and returns the difference.
  ///
  /// - Parameter requests: The policy's complete answer. When a key appears more than
  ///   once, its most urgent request counts, and is reported at its place.
  /// - Complexity: O(*m* + *n* + *u* log *u*) for *m* requests, *n* previously wanted
  ///   keys and *u* unwanted ones.
  package mutating func update(to requests: some Sequence<Request>) -> WantedSetChanges<Key> {
    update(to: Array(requests), onInsert: { _ in })
  }

  /// Replaces the wanted requests, puts the difference in `changes` (emptied first,
  /// its storage kept, so that a caller's frames do not allocate) and passes `onInsert`
  /// the position in `requests` of each key that was not wanted before, in order (the
  /// first request for it, when a key appears more than once), and the key's slot.
  ///
  /// A caller that keeps data per wanted key adds it there, without looking up every
  /// request's key a second time. A key keeps its slot while it is wanted, and no two
  /// wanted keys share one; the slots of the keys that leave are in ``unwantedSlots``,
  /// so that a caller may keep its data in an array indexed by slot.
  ///
  /// With `defersOrders`, a request whose priority is unchanged and whose order alone
  /// changed is not reported: it joins the deferred changes (replacing the key's earlier
  /// deferred request), and `deferredCount` counts those of this update. The caller
  /// takes them with ``takeDeferredOrders()`` before its load queue next decides
  /// anything that depends on orders (see `LoadQueue.isSettled(now:)`).
  ///
  /// A key that appears more than once is reported at the place of its most urgent
  /// request, so that the reports are in the same order with and without deferral.
  ///
  /// `requests` is read once, in order: the list preloader passes its policy's answer as
  /// an ``Answer`` that builds each request as it is read, rather than copying the answer
  /// into an array of requests first.
  ///
  /// Consecutive answers mostly name the same keys in the same order, shifted by the
  /// keys that entered or left at either end: each request is first compared with the
  /// key the last answer had at the same position, shifted as its predecessor was, and
  /// only a key found elsewhere is looked up by hash. A scrolling frame hashes the keys
  /// that entered and those where the two answers part ways, not every key.
  mutating func update(
    to requests: Answer, defersOrders: Bool = false,
    deferredCount: inout Int, into changes: inout WantedSetChanges<Key>,
    onInsert: (_ position: Int, _ slot: Int) -> Void
  ) {
    generation &+= 1
    unwantedSlots.removeAll(keepingCapacity: true)
    let generation = generation
    var position = -1
    changes.wanted.removeAllKeepingCapacity()
    changes.unwanted.removeAllKeepingCapacity()
    var stamped = 0  // distinct keys of this answer
    var shift = 0  // where the last answer had the key of the request before
    // Taken out, so that the array is uniquely referenced and keeps its storage. Every
    // request takes one place (a repeated key's too), so it is sized for the answer
    // first and written through a pointer: an `append` per request would check each time
    // that the storage is unique.
    var nextAnswerSlots = spareAnswerSlots
    spareAnswerSlots = []
    nextAnswerSlots.removeAllKeepingCapacity()
    nextAnswerSlots.append(contentsOf: repeatElement(0, count: requests.count))
    // Enough free slots for every request to be new, so that the loop below changes the
    // slots' storage in place: no slot is appended, and no write checks that the
    // storage is unique. Taken out of `self` meanwhile, and swapped back after.
    reserveFreeSlots(for: requests)
    var table: [Entry] = []
    swap(&table, &slots)
    table.withUnsafeMutableBufferPointer { slots in
      nextAnswerSlots.withUnsafeMutableBufferPointer { nextAnswerSlots in
        for index in 0..<requests.count {
          let request = requests[index]
          position += 1
          var found: Int?
          let guess = position + shift
          if guess >= 0, guess < answerSlots.count {
            let slot = answerSlots[guess]
            if slots[slot].generation != 0, slots[slot].request.key == request.key { found = slot }
          }
          var isNew = false
          if found == nil {
            // Found or given a free slot with one hash.
            guard let free = freeSlots.last else {
              preconditionFailure("Internal inconsistency: no free slot for \(request.key)")
            }
            found = Self.resolve(&slotOfKey[request.key, default: -1], free: free, isNew: &isNew)
          }
          guard let slot = found, !isNew else {
            stamped += 1
            nextSequence &+= 1
            let slot = freeSlots.removeLast()
            slots[slot] = Entry(
              request: request, generation: generation, sequence: nextSequence, position: position)
            nextAnswerSlots[position] = slot
            changes.wanted.append(request)
            onInsert(position, slot)
            continue
          }
          nextAnswerSlots[position] = slot
          // The entry's fields are read where they lie, not copied out whole first: most
          // requests need its generation, position and request alone.
          let previousRequest = slots[slot].request
          if slots[slot].generation == generation {
            // A second request for a key already seen in this answer: keep the more urgent.
            // It is reported at the place of that request, whether or not the earlier one
            // was reported (or deferred), so that deferral never moves a report.
            guard request.isMoreUrgent(than: previousRequest) else { continue }
            slots[slot].request = request
            deferred.drop(&slots[slot].deferral)
            slots[slot].mayDefer = true
            if let position = changes.wanted.lastIndex(where: { $0.key == request.key }) {
              changes.wanted.remove(at: position)
            }
            changes.wanted.append(request)
            continue
          }
          shift = slots[slot].position - position
          stamped += 1
          slots[slot].generation = generation
          slots[slot].position = position
          guard previousRequest != request else { continue }
          slots[slot].request = request
          if defersOrders && slots[slot].mayDefer && previousRequest.priority == request.priority {
            deferredCount += 1
            // Most frames replace the key's waiting request, and its place stays: written
            // back only when it moves (a place read back just after being written stalled
            // the processor on a grid frame's hundred changes).
            if !deferred.replace(request, at: slots[slot].deferral) {
              var place = slots[slot].deferral
              if let newIndex = deferred.add(request, at: &place) {
                for other in slots.indices {
                  slots[other].deferral = deferred.relocated(slots[other].deferral, by: newIndex)
                }
              }
              slots[slot].deferral = place
            }
          } else {
            deferred.drop(&slots[slot].deferral)
            slots[slot].mayDefer = true
            changes.wanted.append(request)
          }
        }
      }
    }
    swap(&table, &slots)
    spareAnswerSlots = answerSlots
    answerSlots = nextAnswerSlots
    if slotOfKey.count > stamped {
      // Every wanted key was named by the last answer (a key enters only through an
      // answer, and leaves when the next one omits it): its slots are all there is to
      // look at, not every slot the set ever used. A slot named twice is freed at its
      // first place and skipped at the second.
      var leaving = leavingScratch
      leavingScratch = []
      leaving.removeAllKeepingCapacity()
      for slot in spareAnswerSlots
      where slots[slot].generation != 0 && slots[slot].generation != generation {
        leaving.append((slots[slot].request.key, slots[slot].sequence, slot))
        free(slot)
      }
      for entry in leaving { slotOfKey[entry.key] = nil }
      // Slot order differs with the history of the set; the order keys were first
      // wanted keeps drivers and the simulator deterministic.
      leaving.sort { $0.sequence < $1.sequence }
      for entry in leaving {
        changes.unwanted.append(entry.key)
        unwantedSlots.append(entry.slot)
      }
      leavingScratch = leaving
    }
  }

  /// Stores `free` in a missing slot (-1), and returns the slot.
  private static func resolve(_ stored: inout Int, free: Int, isNew: inout Bool) -> Int {
    if stored < 0 {
      stored = free
      isNew = true
    }
    return stored
  }

  /// Makes at least `requests.count` slots free, appending free ones as needed (a free
  /// slot's request is a placeholder, here the first of `requests`). The slots grow to
  /// the most keys wanted at once plus the longest answer.
  private mutating func reserveFreeSlots(for requests: Answer) {
    let missing = requests.count - freeSlots.count
    guard missing > 0 else { return }
    let free = Entry(request: requests[0], generation: 0, sequence: 0, position: 0)
    freeSlots.append(contentsOf: slots.count..<(slots.count + missing))
    slots.append(contentsOf: repeatElement(free, count: missing))
  }

  /// The places the deferred requests take, replaced ones included; for tests.
  var deferredStorageCount: Int { deferred.storageCount }

  /// Frees a slot, dropping its deferred request; the caller removes its key from
  /// `slotOfKey`.
  private mutating func free(_ slot: Int) {
    deferred.drop(&slots[slot].deferral)
    slots[slot].generation = 0
    freeSlots.append(slot)
  }

  /// Whether some deferred change of order waits to be told.
  var hasDeferredOrders: Bool { !deferred.isEmpty }

  /// Whether a deferred change of order of `priority` waits to be told.
  ///
  /// - Complexity: O(1).
  func hasDeferredOrders(of priority: LoadPriority) -> Bool {
    deferred.contains(priority)
  }

  /// Whether the change of order of `key` waits to be told.
  ///
  /// - Complexity: O(1).
  func hasDeferredOrder(for key: Key) -> Bool {
    guard let slot = slotOfKey[key] else { return false }
    return deferred.request(at: slots[slot].deferral) != nil
  }

  /// The deferred changes of order, each key's latest, in the order the keys first
  /// changed; forgets them.
  ///
  /// - Complexity: O(*d*) for *d* deferred changes; no key is hashed.
  mutating func takeDeferredOrders() -> [Request] {
    var requests: [Request] = []
    takeDeferredOrders(into: &requests)
    return requests
  }

  /// Puts the deferred changes of order in `requests` (emptied first), as
  /// ``takeDeferredOrders()`` returns them; forgets them.
  mutating func takeDeferredOrders(into requests: inout [Request]) {
    deferred.take(into: &requests)
  }

  /// Makes the next change of `key` reported, not deferred: the caller's queue no longer
  /// knows the key (its load finished or failed for good), so a change must queue it
  /// again at once, as it would without deferral. The key's deferred change, if any,
  /// is dropped: the queue has nothing to reorder.
  ///
  /// - Complexity: O(1).
  mutating func reportNextChange(of key: Key) {
    guard let slot = slotOfKey[key] else { return }
    deferred.drop(&slots[slot].deferral)
    slots[slot].mayDefer = false
  }

  /// Forgets a key without reporting it, for example after its load finished, so that
  /// a later answer wanting it again reports it as new.
  ///
  /// - Complexity: O(1).
  package mutating func forget(_ key: Key) {
    if let slot = slotOfKey.removeValue(forKey: key) { free(slot) }
  }
}
