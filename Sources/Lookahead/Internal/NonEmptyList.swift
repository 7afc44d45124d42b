/// A list that always holds at least one element, and stores the first one inline: a
/// list of one element allocates nothing.
///
/// The load queue keeps each key's requests in one: nearly every key has a single
/// waiter, and a key is requested and forgotten many times a second on a fast scroll.
///
/// A value type; thread-safe when its elements are.
struct NonEmptyList<Element> {
  /// The first element.
  private var head: Element
  /// The elements after the first; empty, and unallocated, for a list of one.
  private var tail: [Element] = []

  /// Creates a list of one element.
  init(_ first: Element) {
    head = first
  }

  /// Appends an element at the end.
  ///
  /// - Complexity: O(1) amortized.
  mutating func append(_ element: Element) {
    tail.append(element)
  }

  /// Removes and returns the last element; the list must hold more than one.
  ///
  /// - Complexity: O(1).
  @discardableResult
  mutating func removeLast() -> Element {
    precondition(!tail.isEmpty, "A NonEmptyList cannot lose its only element")
    return tail.removeLast()
  }

  /// Keeps the first element only, releasing the storage of the others.
  ///
  /// - Complexity: O(*n*) for *n* elements.
  mutating func removeAllButFirst() {
    tail = []
  }
}

extension NonEmptyList: RandomAccessCollection, MutableCollection {
  /// Always 0.
  var startIndex: Int { 0 }

  /// The number of elements, at least 1.
  var endIndex: Int { 1 + tail.count }

  /// The element at `position`, which must be a valid index.
  subscript(position: Int) -> Element {
    get { position == 0 ? head : tail[position - 1] }
    set {
      if position == 0 {
        head = newValue
      } else {
        tail[position - 1] = newValue
      }
    }
  }
}

extension NonEmptyList: Sendable where Element: Sendable {}

extension NonEmptyList: Equatable where Element: Equatable {}
