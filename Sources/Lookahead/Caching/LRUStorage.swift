/// The unsynchronized core of ``MemoryCache``: a hash map from keys to slots in
/// one array of nodes linked into a doubly linked list by index, most recently
/// used first. Removed slots go on a free list and are reused, so steady-state
/// use allocates nothing per entry.
struct LRUStorage<Key: Hashable, Value> {
  struct Node {
    var key: Key?
    var value: Value?
    var cost: Int
    var expiry: Duration?
    var previous: Int
    var next: Int
  }

  private(set) var index: [Key: Int] = [:]
  private var nodes: [Node] = []
  private var freeSlots: [Int] = []
  /// The most recently used slot, or -1.
  private(set) var head = -1
  /// The least recently used slot, or -1.
  private(set) var tail = -1
  private(set) var totalCost = 0

  var count: Int { index.count }

  /// Finds `key`'s slot without changing recency.
  func slot(of key: Key) -> Int? { index[key] }

  func value(at slot: Int) -> Value? { nodes[slot].value }

  func expiry(at slot: Int) -> Duration? { nodes[slot].expiry }

  func key(at slot: Int) -> Key? { nodes[slot].key }

  /// The slot used just more recently than `slot`, or -1.
  func newer(than slot: Int) -> Int { nodes[slot].previous }

  /// Moves `slot` to the most recently used position.
  ///
  /// - Complexity: O(1).
  mutating func touch(_ slot: Int) {
    guard slot != head else { return }
    unlink(slot)
    linkAtHead(slot)
  }

  /// Inserts or replaces `key`, making it the most recently used.
  ///
  /// - Complexity: O(1) amortized.
  mutating func set(_ value: Value, forKey key: Key, cost: Int, expiry: Duration?) {
    if let slot = index[key] {
      totalCost += cost - nodes[slot].cost
      nodes[slot].value = value
      nodes[slot].cost = cost
      nodes[slot].expiry = expiry
      touch(slot)
      return
    }
    let node = Node(key: key, value: value, cost: cost, expiry: expiry, previous: -1, next: -1)
    let slot: Int
    if let free = freeSlots.popLast() {
      slot = free
      nodes[slot] = node
    } else {
      slot = nodes.count
      nodes.append(node)
    }
    index[key] = slot
    totalCost += cost
    linkAtHead(slot)
  }

  /// Removes the entry in `slot` and returns its value.
  ///
  /// - Complexity: O(1).
  @discardableResult
  mutating func remove(at slot: Int) -> Value? {
    unlink(slot)
    let node = nodes[slot]
    if let key = node.key { index.removeValue(forKey: key) }
    totalCost -= node.cost
    nodes[slot] = Node(key: nil, value: nil, cost: 0, expiry: nil, previous: -1, next: -1)
    freeSlots.append(slot)
    return node.value
  }

  /// Drops every entry and releases the storage.
  mutating func removeAll() {
    self = LRUStorage()
  }

  /// The keys from most to least recently used.
  ///
  /// - Complexity: O(n).
  func keysByRecency() -> [Key] {
    var keys: [Key] = []
    keys.reserveCapacity(count)
    var slot = head
    while slot != -1 {
      if let key = nodes[slot].key { keys.append(key) }
      slot = nodes[slot].next
    }
    return keys
  }

  private mutating func unlink(_ slot: Int) {
    let previous = nodes[slot].previous
    let next = nodes[slot].next
    if previous != -1 { nodes[previous].next = next } else { head = next }
    if next != -1 { nodes[next].previous = previous } else { tail = previous }
    nodes[slot].previous = -1
    nodes[slot].next = -1
  }

  private mutating func linkAtHead(_ slot: Int) {
    nodes[slot].previous = -1
    nodes[slot].next = head
    if head != -1 { nodes[head].previous = slot }
    head = slot
    if tail == -1 { tail = slot }
  }
}
