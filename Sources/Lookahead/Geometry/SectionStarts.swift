/// Where each section begins in the flat item order; shared by the layouts.
///
/// Empty sections share their start with the next section, so "the section of an
/// item" is the *last* section starting at or before it.
struct SectionStarts: Sendable, Hashable {
  /// The flat index of the first item of each section.
  private var starts: [Int] = []

  /// The number of sections.
  var count: Int { starts.count }

  /// The flat index of the first item of `section`.
  ///
  /// - Complexity: O(1).
  func firstItem(ofSection section: Int) -> Int {
    GeometryCheck.index(section, starts.count, "section")
    return starts[section]
  }

  /// The number of items in `section` of a layout with `totalItems` items.
  ///
  /// - Complexity: O(1).
  func itemCount(inSection section: Int, totalItems: Int) -> Int {
    GeometryCheck.index(section, starts.count, "section")
    let end = section + 1 < starts.count ? starts[section + 1] : totalItems
    return end - starts[section]
  }

  /// The section containing flat index `item` (which the caller has validated).
  ///
  /// - Complexity: O(log *s*).
  func section(ofItem item: Int) -> Int {
    Search.partitionPoint(in: 0..<starts.count) { starts[$0] > item } - 1
  }

  /// Adds a section that starts at flat index `item`.
  mutating func appendSection(startingAt item: Int) {
    starts.append(item)
  }

  /// Moves the start of every section after `section` by `delta` items.
  ///
  /// - Complexity: O(*s*).
  mutating func shiftSections(after section: Int, by delta: Int) {
    for later in (section + 1)..<starts.count { starts[later] += delta }
  }
}
