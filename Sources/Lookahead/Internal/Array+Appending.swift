extension Array {
  /// Appends at most `maximumCount` elements that `body` writes one by one through
  /// `appender`, in order.
  ///
  /// The storage is grown once, filled with `placeholder`, and written through its
  /// buffer; the places `body` did not write are removed after. An `append` per element
  /// checks each time that the storage is unique and large enough, which in a loop over
  /// a grid's hundred candidates a frame is a fifth of the loop.
  ///
  /// - Precondition: `body` appends at most `maximumCount` elements.
  /// - Complexity: O(`maximumCount`) plus the cost of `body`.
  mutating func append(
    atMost maximumCount: Int, placeholder: Element,
    _ body: (_ appender: inout BufferAppender<Element>) -> Void
  ) {
    let start = count
    append(contentsOf: repeatElement(placeholder, count: maximumCount))
    let end = withUnsafeMutableBufferPointer { buffer in
      var appender = BufferAppender(buffer: buffer, end: start)
      body(&appender)
      return appender.end
    }
    removeSubrange(end...)
  }
}

/// Writes elements one after another into a buffer that has room for them (see
/// ``Swift/Array/append(atMost:placeholder:_:)``).
struct BufferAppender<Element> {
  let buffer: UnsafeMutableBufferPointer<Element>
  /// Where the next element goes.
  private(set) var end: Int

  /// Writes `element` after the last one.
  ///
  /// - Precondition: The buffer has room for it.
  @inline(__always)
  mutating func append(_ element: Element) {
    precondition(end < buffer.count, "More elements than room was made for")
    buffer[end] = element
    end += 1
  }
}
