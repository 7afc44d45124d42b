@_spi(Machines) import Lookahead

/// The image loads in flight of a simulated run, by item: an array indexed by item (the
/// world's items are dense indices from 0), so that a load's start and end look nothing
/// up by hash, and the list of the items in flight.
struct InFlightLoads: Sendable {
  private var byItem: [InFlightLoad?] = []
  /// The items in flight, in no particular order.
  private(set) var items: [Int] = []

  /// The number of loads in flight.
  var count: Int { items.count }

  /// The load of `item` in flight, if any.
  subscript(item: Int) -> InFlightLoad? {
    item < byItem.count ? byItem[item] : nil
  }

  /// Records the load of `item`, replacing one in flight.
  mutating func start(_ load: InFlightLoad, for item: Int) {
    if item >= byItem.count {
      byItem.append(
        contentsOf: repeatElement(nil, count: Swift.max(item + 1, 2 * byItem.count) - byItem.count))
    }
    if byItem[item] == nil { items.append(item) }
    byItem[item] = load
  }

  /// Forgets the load of `item` and returns it, if one was in flight.
  ///
  /// - Complexity: O(*n*) for *n* loads in flight, a connection's worth.
  @discardableResult
  mutating func end(_ item: Int) -> InFlightLoad? {
    guard let load = self[item] else { return nil }
    byItem[item] = nil
    guard let index = items.firstIndex(of: item) else {
      preconditionFailure("Internal inconsistency: load of \(item) in flight but not listed")
    }
    items.swapAt(index, items.count - 1)
    items.removeLast()
    return load
  }
}

/// An image load in flight in a simulated run.
struct InFlightLoad: Sendable {
  /// The ticket of its start action.
  var ticket: LoadTicket
  /// When it started.
  var start: Milliseconds
}
