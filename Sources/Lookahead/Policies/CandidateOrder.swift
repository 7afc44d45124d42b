/// Puts the prefetch candidates of a frame in load order, exactly as a stable sort does,
/// in linear time when they come as a policy generates them.
///
/// A policy walks the items ahead of the viewport, then those behind, in layout order.
/// Each part is then already in load order or in reverse load order (the items ahead of
/// a viewport moving toward smaller offsets, or those behind a forward move), so a
/// general sort pays for disorder there is none of: on a grid, where a frame has hundreds
/// of candidates, the stable sort took a fifth of ``AdaptivePolicy``'s time.
enum CandidateOrder {
  /// Whether `first` loads before `second`: the more urgent class first, then the
  /// smaller order.
  @inline(__always)
  static func precedes(_ first: PreloadRequest, _ second: PreloadRequest) -> Bool {
    first.priority != second.priority
      ? first.priority > second.priority : first.order < second.order
  }

  /// Sorts `requests` by ``precedes(_:_:)`` exactly as a stable sort would.
  ///
  /// - Parameters:
  ///   - requests: The candidates.
  ///   - split: Where the second part begins (the items behind).
  ///   - buffer: Scratch storage, kept by the caller so that frames do not allocate.
  /// - Complexity: O(*n*) when each part is in order or in reverse order, O(*n* log *n*)
  ///   otherwise.
  static func sort(
    _ requests: inout [PreloadRequest], split: Int, buffer: inout [PreloadRequest]
  ) {
    // Putting a part in order keeps equal requests in their order, so whatever follows
    // — the merge or the fallback — gives the stable sort's result.
    guard putInOrder(&requests, 0..<split),
      putInOrder(&requests, split..<requests.count)
    else {
      requests.sort(by: precedes)
      return
    }
    guard split > 0, split < requests.count else { return }
    buffer.removeAll(keepingCapacity: true)
    buffer.reserveCapacity(requests.count)
    var first = 0
    var second = split
    while first < split, second < requests.count {
      // On a tie the first part goes first, as in a stable sort of the whole.
      if precedes(requests[second], requests[first]) {
        buffer.append(requests[second])
        second += 1
      } else {
        buffer.append(requests[first])
        first += 1
      }
    }
    buffer.append(contentsOf: requests[first..<split])
    buffer.append(contentsOf: requests[second...])
    swap(&requests, &buffer)
  }

  /// Puts `range` in order if it is in order or in reverse order, keeping equal requests
  /// in their order; returns whether it did.
  ///
  /// Works in the array's buffer: through the array, each reversed run of equal requests
  /// (a grid row's, most often one request) was a slice write that checked the storage's
  /// uniqueness, several times a candidate.
  private static func putInOrder(_ requests: inout [PreloadRequest], _ range: Range<Int>) -> Bool {
    guard range.count > 1 else { return true }
    return requests.withUnsafeMutableBufferPointer { buffer in
      var isAscending = true
      var isDescending = true
      for index in range.lowerBound..<(range.upperBound - 1) {
        let (current, next) = (buffer[index], buffer[index + 1])
        if precedes(next, current) { isAscending = false }
        if precedes(current, next) { isDescending = false }
        if !isAscending && !isDescending { return false }
      }
      guard !isAscending else { return true }
      // In reverse order, equal requests are neighbours: reversing the whole and then each
      // run of equal requests puts the part in order and equal requests back in theirs.
      reverse(buffer, range)
      var start = range.lowerBound
      while start < range.upperBound {
        var end = start + 1
        while end < range.upperBound, !precedes(buffer[start], buffer[end]) { end += 1 }
        if end - start > 1 { reverse(buffer, start..<end) }
        start = end
      }
      return true
    }
  }

  /// Reverses `range` of `buffer` in place.
  private static func reverse(
    _ buffer: UnsafeMutableBufferPointer<PreloadRequest>, _ range: Range<Int>
  ) {
    var low = range.lowerBound
    var high = range.upperBound - 1
    while low < high {
      buffer.swapAt(low, high)
      low += 1
      high -= 1
    }
  }
}
