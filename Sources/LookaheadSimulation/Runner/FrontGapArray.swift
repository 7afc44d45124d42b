/// An array whose removals near the front are cheap, for the oracle's deadlines not
/// ready yet: its images become ready roughly in deadline order, so most removals are
/// among the first few deadlines, where `Array.remove(at:)` moved every later one (on a
/// `3g` grid, hundreds: a seventh of the oracle's instructions went to moving them).
///
/// The elements before `start` are free: a removal moves whichever side of it is
/// shorter, as a deque does, while reading stays an array's (slices, and no wrapping
/// index for the binary search).
struct FrontGapArray<Element>: Sendable where Element: Sendable {
  private var storage: [Element] = []
  /// Where the elements begin in ``storage``.
  private var start = 0

  /// The number of elements.
  var count: Int { storage.count - start }

  /// The element at `position`, in `0..<count`.
  subscript(position: Int) -> Element { storage[start + position] }

  /// The elements at `positions`, within `0..<count`.
  subscript(positions: Range<Int>) -> ArraySlice<Element> {
    storage[(start + positions.lowerBound)..<(start + positions.upperBound)]
  }

  /// Inserts `element` at `position`, in `0...count`.
  mutating func insert(_ element: Element, at position: Int) {
    if position == 0 && start > 0 {
      start -= 1
      storage[start] = element
    } else {
      storage.insert(element, at: start + position)
    }
  }

  /// Removes the element at `position`, in `0..<count`, moving the shorter side.
  mutating func remove(at position: Int) {
    let index = start + position
    guard position < count - 1 - position else {
      storage.remove(at: index)
      return
    }
    let start = start
    storage.withUnsafeMutableBufferPointer { storage in
      var index = index
      while index > start {
        storage[index] = storage[index - 1]
        index -= 1
      }
    }
    self.start += 1
    // The free space at the front is given back once it is as large as the elements
    // (and at least 64): the removals that made it pay for moving them, so each removal
    // costs O(1) amortized on top of the side it moves.
    if self.start >= 64 && self.start >= count {
      storage.removeFirst(self.start)
      self.start = 0
    }
  }
}
