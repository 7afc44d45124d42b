/// The resource key of each loaded item, by position: what `ListPreloaderStateMachine`
/// reads for every question about an item on a frame, instead of calling the app's
/// `resourceKey` closure.
///
/// The keys of the items that have one are stored in an array of keys, and each item
/// holds the index of its key there (or -1). A frame's questions read an `[Int]` and a
/// `[Key]`: in a machine whose item and key types the library does not know — an app's,
/// run as unspecialized generic code — reading a `[Key?]` looked up the metadata of
/// `Optional<Key>` on every question.
///
/// A value type; confine it to one thread.
struct ItemKeyTable<Key: Hashable & Sendable>: Sendable {
  /// The keys, each at the index its item holds; an item replaced by one without a key
  /// leaves its old key here, unreferenced, until the next ``removeAll()``.
  private var keys: [Key] = []
  /// For each item, the index of its key in ``keys``, or -1 when it has none.
  private var places: [Int] = []

  /// The number of items.
  var count: Int { places.count }

  /// The key of the item at `position`, or `nil` when it has none.
  ///
  /// - Precondition: `0 <= position < count`.
  subscript(position: Int) -> Key? {
    let place = places[position]
    return place < 0 ? nil : keys[place]
  }

  /// Where the key of the item at `position` is, for ``key(at:)``, or -1 when it has
  /// none.
  ///
  /// - Precondition: `0 <= position < count`.
  func place(of position: Int) -> Int { places[position] }

  /// The key at `place`, as ``place(of:)`` gave it.
  func key(at place: Int) -> Key { keys[place] }

  /// Adds an item at the end.
  mutating func append(_ key: Key?) {
    guard let key else {
      places.append(-1)
      return
    }
    places.append(keys.count)
    keys.append(key)
  }

  /// Replaces the key of the item at `position`.
  ///
  /// - Precondition: `0 <= position < count`.
  mutating func replace(at position: Int, with key: Key?) {
    let place = places[position]
    switch (key, place >= 0) {
    case (let key?, true): keys[place] = key
    case (let key?, false):
      places[position] = keys.count
      keys.append(key)
    case (nil, _): places[position] = -1
    }
  }

  /// Removes every item, keeping the storage.
  mutating func removeAll() {
    keys.removeAll(keepingCapacity: true)
    places.removeAll(keepingCapacity: true)
  }
}
