/// The unsynchronized core of ``MemoryCache``: a hash map from keys to slots,
/// entries in one array and their doubly linked recency list, most recently
/// used first, in a parallel array of index pairs. Removed slots go on a free
/// list and are reused, so steady-state use allocates nothing per entry.
///
/// A hit reads the value and relinks nodes, so values live with the links in
/// one dense array; keys, costs and expiry dates (needed only on insert,
/// remove and with a time to live) live apart.
@usableFromInline
struct LRUStorage<Key: Hashable, Value> {
  @usableFromInline
  struct Entry {
    @usableFromInline var key: Key?
    @usableFromInline var cost: Int
    @usableFromInline var expiry: Duration?

    @inlinable
    init(key: Key?, cost: Int, expiry: Duration?) {
      self.key = key
      self.cost = cost
      self.expiry = expiry
    }
  }

  @usableFromInline
  struct Link {
    @usableFromInline var previous: Int
    @usableFromInline var next: Int
    @usableFromInline var value: Value?

    @inlinable
    init(previous: Int, next: Int, value: Value?) {
      self.previous = previous
      self.next = next
      self.value = value
    }
  }

  @usableFromInline var index: [Key: Int] = [:]
  @usableFromInline var entries: [Entry] = []
  @usableFromInline var links: [Link] = []
  @usableFromInline var freeSlots: [Int] = []
  /// The most recently used slot, or -1.
  @usableFromInline var head = -1
  /// The least recently used slot, or -1.
  @usableFromInline var tail = -1
  @usableFromInline var totalCost = 0

  @inlinable
  init() {}

  @inlinable
  var count: Int { index.count }

  /// Finds `key`'s slot without changing recency.
  @inlinable
  func slot(of key: Key) -> Int? { index[key] }

  @inlinable
  func value(at slot: Int) -> Value? { links[slot].value }

  @inlinable
  func expiry(at slot: Int) -> Duration? { entries[slot].expiry }

  /// The slot used just more recently than `slot`, or -1.
  @inlinable
  func newer(than slot: Int) -> Int { links[slot].previous }

  /// Moves `slot` to the most recently used position.
  ///
  /// - Complexity: O(1).
  @inlinable
  mutating func touch(_ slot: Int) {
    guard slot != head else { return }
    let head = self.head
    // One uniqueness check for the whole relink; `slot` and its neighbours
    // are valid indices by construction.
    let newTail = links.withUnsafeMutableBufferPointer { links -> Int? in
      let previous = links[slot].previous
      let next = links[slot].next
      links[previous].next = next
      var newTail: Int?
      if next != -1 { links[next].previous = previous } else { newTail = previous }
      links[slot].previous = -1
      links[slot].next = head
      links[head].previous = slot
      return newTail
    }
    if let newTail { tail = newTail }
    self.head = slot
  }

  /// Inserts or replaces `key`, making it the most recently used.
  ///
  /// - Complexity: O(1) amortized.
  @inlinable
  mutating func set(_ value: Value, forKey key: Key, cost: Int, expiry: Duration?) {
    if let slot = index[key] {
      totalCost += cost - entries[slot].cost
      links[slot].value = value
      entries[slot].cost = cost
      entries[slot].expiry = expiry
      touch(slot)
      return
    }
    let entry = Entry(key: key, cost: cost, expiry: expiry)
    let slot: Int
    if let free = freeSlots.popLast() {
      slot = free
      entries[slot] = entry
      links[slot].value = value
    } else {
      slot = entries.count
      entries.append(entry)
      links.append(Link(previous: -1, next: -1, value: value))
    }
    index[key] = slot
    totalCost += cost
    linkAtHead(slot)
  }

  /// Removes the entry in `slot` and returns its value.
  ///
  /// - Complexity: O(1).
  @inlinable
  @discardableResult
  mutating func remove(at slot: Int) -> Value? {
    unlink(slot)
    let entry = entries[slot]
    if let key = entry.key { index.removeValue(forKey: key) }
    totalCost -= entry.cost
    entries[slot] = Entry(key: nil, cost: 0, expiry: nil)
    let value = links[slot].value
    links[slot].value = nil
    freeSlots.append(slot)
    return value
  }

  /// Drops every entry and releases the storage.
  @inlinable
  mutating func removeAll() {
    self = LRUStorage()
  }

  /// The keys from most to least recently used.
  ///
  /// - Complexity: O(n).
  @inlinable
  func keysByRecency() -> [Key] {
    var keys: [Key] = []
    keys.reserveCapacity(count)
    var slot = head
    while slot != -1 {
      if let key = entries[slot].key { keys.append(key) }
      slot = links[slot].next
    }
    return keys
  }

  @inlinable
  mutating func unlink(_ slot: Int) {
    let previous = links[slot].previous
    let next = links[slot].next
    if previous != -1 { links[previous].next = next } else { head = next }
    if next != -1 { links[next].previous = previous } else { tail = previous }
    links[slot].previous = -1
    links[slot].next = -1
  }

  @inlinable
  mutating func linkAtHead(_ slot: Int) {
    links[slot].previous = -1
    links[slot].next = head
    if head != -1 { links[head].previous = slot }
    head = slot
    if tail == -1 { tail = slot }
  }
}
