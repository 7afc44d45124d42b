import Testing

@testable import Lookahead

@Suite("ItemTable") struct ItemTableTests {
  @Test("answers like a dictionary whatever the insertion order")
  func answersLikeADictionaryWhateverTheInsertionOrder() {
    var table = ItemTable<String>()
    var reference: [Int: String] = [:]
    // A fixed scramble of -20...60, each item set several times out of order.
    for step in 0..<500 {
      let item = (step * 37 + 11) % 81 - 20
      table.set("\(step)", for: item)
      reference[item] = "\(step)"
    }
    for item in -25...65 {
      #expect(table[item] == reference[item])
      #expect(table.contains(item) == (reference[item] != nil))
    }
    #expect(table.entries.map(\.item) == reference.keys.sorted())
  }

  @Test("removing everything keeps the storage and forgets the items")
  func removingEverythingKeepsTheStorageAndForgetsTheItems() {
    var table = ItemTable<Void>()
    for item in [5, 1, 3] { table.insert(item) }
    table.insert(3)
    #expect(table.entries.map(\.item) == [1, 3, 5])
    let capacity = table.entries.capacity
    table.removeAll()
    #expect(table.entries.isEmpty)
    #expect(table.entries.capacity == capacity)
    #expect(!table.contains(3))
  }

  @Test("appending then sorting leaves what setting would have")
  func appendingThenSortingLeavesWhatSettingWouldHave() {
    var appended = ItemTable<String>()
    var set = ItemTable<String>()
    // The same scramble, with repeats: the last value appended for an item wins.
    for step in 0..<500 {
      let item = (step * 37 + 11) % 81 - 20
      appended.append("\(step)", for: item)
      set.set("\(step)", for: item)
    }
    appended.sortAppended()
    #expect(appended.entries.map(\.item) == set.entries.map(\.item))
    #expect(appended.entries.map(\.value) == set.entries.map(\.value))
    var empty = ItemTable<Int>()
    empty.sortAppended()
    #expect(empty.entries.isEmpty)
    // Appended in order (nothing to sort), and in order but for a repeat at the end.
    var inOrder = ItemTable<Int>()
    for item in [2, 4, 9] { inOrder.append(item * 10, for: item) }
    inOrder.sortAppended()
    #expect(inOrder.entries.map(\.item) == [2, 4, 9])
    inOrder.append(1, for: 9)
    inOrder.sortAppended()
    #expect(inOrder.entries.map(\.item) == [2, 4, 9])
    #expect(inOrder[9] == 1)
  }

  @Test("a hinted lookup answers like the subscript whatever the hint")
  func aHintedLookupAnswersLikeTheSubscriptWhateverTheHint() {
    var table = ItemTable<Int>()
    for item in stride(from: 0, through: 60, by: 3) { table.set(item * 10, for: item) }
    table.set(61, for: 61)
    // Ascending runs (the case the hint is for), a descending run, jumps, items absent,
    // below and beyond the table, each from the hint the last lookup left and from
    // stale hints.
    let runs = [Array(-2...64), Array((-2...64).reversed()), [30, 3, 61, 0, 62, 59, 60, 61, 7]]
    for run in runs {
      var hint = 0
      for item in run {
        #expect(table.value(of: item, hint: &hint) == table[item])
        var stale = (item * 7) % 40
        #expect(table.value(of: item, hint: &stale) == table[item])
      }
    }
    let empty = ItemTable<Int>()
    var hint = 5
    #expect(empty.value(of: 1, hint: &hint) == nil)
  }
}
