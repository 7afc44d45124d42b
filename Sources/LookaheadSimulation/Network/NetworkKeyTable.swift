/// A value for each ``NetworkKey``, in one array per kind indexed by the key's index: the
/// network model asks about a key several times per request, and a hash each was a tenth
/// of a fast link's simulation.
///
/// Keys are small dense integers (page numbers, item ids), so the arrays stay the size of
/// the largest index seen; a negative index is a programming error. A value type; confine
/// it to one task.
struct NetworkKeyTable<Value: Sendable>: Sendable {
  private var pages: [Value] = []
  private var images: [Value] = []
  /// The value of every key not yet set.
  private let empty: Value

  /// Creates a table in which every key has `empty`.
  init(empty: Value) {
    self.empty = empty
  }

  /// The value of `key`.
  ///
  /// - Complexity: O(1), amortized when setting a key beyond the largest index seen.
  subscript(key: NetworkKey) -> Value {
    get {
      precondition(key.index >= 0, "\(key) has a negative index")
      switch key.kind {
      case .page: return key.index < pages.count ? pages[key.index] : empty
      case .image: return key.index < images.count ? images[key.index] : empty
      }
    }
    set {
      precondition(key.index >= 0, "\(key) has a negative index")
      switch key.kind {
      case .page: Self.set(newValue, at: key.index, in: &pages, empty: empty)
      case .image: Self.set(newValue, at: key.index, in: &images, empty: empty)
      }
    }
  }

  private static func set(_ value: Value, at index: Int, in values: inout [Value], empty: Value) {
    if index >= values.count {
      // Doubling, so that keys set in increasing order cost O(1) amortized.
      let count = Swift.max(index + 1, 2 * values.count)
      values.append(contentsOf: repeatElement(empty, count: count - values.count))
    }
    values[index] = value
  }
}
