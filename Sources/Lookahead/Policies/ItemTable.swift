/// A small map from items to values, kept as an array sorted by item.
///
/// The running-load keeper rebuilds a few tables of a few dozen items every frame; at
/// that size a binary search over contiguous storage is cheaper than hashing each key,
/// and clearing the table keeps its storage, so a steady frame allocates nothing.
///
/// A value type; thread-safe when `Value` is.
struct ItemTable<Value: Sendable>: Sendable {
  /// The entries, by ascending item.
  private(set) var entries: [(item: Int, value: Value)] = []

  /// Creates an empty table.
  init() {}

  /// The value of `item`, or `nil` when the table has none.
  ///
  /// - Complexity: O(log *n*).
  subscript(item: Int) -> Value? {
    let index = insertionIndex(of: item)
    guard index < entries.count, entries[index].item == item else { return nil }
    return entries[index].value
  }

  /// The value of `item`, or `nil` when the table has none, looked for first at and
  /// just after `hint`, where the previous lookup of a run ended (start a run at 0).
  ///
  /// A run of lookups of consecutive items in ascending order, the order in which a
  /// policy lists the items ahead, costs O(1) each; any other lookup falls back to the
  /// binary search.
  ///
  /// - Complexity: O(1) when `item` is at or just after `hint`, O(log *n*) otherwise.
  func value(of item: Int, hint: inout Int) -> Value? {
    var index = hint
    if !entries.indices.contains(index) || entries[index].item != item {
      if index >= 0, index + 1 < entries.count, entries[index + 1].item == item {
        index += 1
      } else {
        index = insertionIndex(of: item)
      }
    }
    hint = index
    guard index < entries.count, entries[index].item == item else { return nil }
    return entries[index].value
  }

  /// Whether the table has a value for `item`.
  ///
  /// - Complexity: O(log *n*).
  func contains(_ item: Int) -> Bool {
    let index = insertionIndex(of: item)
    return index < entries.count && entries[index].item == item
  }

  /// Sets the value of `item`, replacing any it had.
  ///
  /// - Complexity: O(*n*) (O(log *n*) when `item` is the largest so far).
  mutating func set(_ value: Value, for item: Int) {
    let index = insertionIndex(of: item)
    if index < entries.count, entries[index].item == item {
      entries[index].value = value
    } else {
      entries.insert((item, value), at: index)
    }
  }

  /// Adds `value` for `item` at the end, out of order, to build a table in one go: call
  /// ``sortAppended()`` before the next lookup or ``set(_:for:)``.
  ///
  /// Setting a few hundred items in no particular order moves O(*n*) entries per item;
  /// appending them and sorting once does not.
  ///
  /// - Complexity: O(1) amortized.
  mutating func append(_ value: Value, for item: Int) {
    entries.append((item, value))
  }

  /// Restores the order after ``append(_:for:)``: the entries sorted by item, and for an
  /// item appended more than once, the value appended last, as ``set(_:for:)`` would
  /// have left.
  ///
  /// - Complexity: O(*n* log *n*), O(*n*) when the entries are already in order.
  mutating func sortAppended() {
    // Often appended in order already (the items ahead of a forward move): then there is
    // nothing to sort and no item twice.
    var index = 1
    while index < entries.count, entries[index - 1].item < entries[index].item { index += 1 }
    guard index < entries.count else { return }
    // The standard library's sort is stable: equal items keep their appended order.
    entries.sort { $0.item < $1.item }
    var kept = 0
    for index in entries.indices
    where index + 1 == entries.count || entries[index + 1].item != entries[index].item {
      entries[kept] = entries[index]
      kept += 1
    }
    entries.removeLast(entries.count - kept)
  }

  /// Removes every entry and keeps the storage.
  mutating func removeAll() {
    entries.removeAll(keepingCapacity: true)
  }

  /// The first index whose item is not less than `item`.
  private func insertionIndex(of item: Int) -> Int {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if entries[middle].item < item { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

extension ItemTable where Value == Void {
  /// Adds `item` to a table used as a set.
  ///
  /// - Complexity: O(*n*).
  mutating func insert(_ item: Int) { set((), for: item) }
}
