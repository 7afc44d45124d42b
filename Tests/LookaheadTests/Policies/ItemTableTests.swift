import Testing

@testable import Lookahead

@Suite struct ItemTableTests {
  @Test func answersLikeADictionaryWhateverTheInsertionOrder() {
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

  @Test func removingEverythingKeepsTheStorageAndForgetsTheItems() {
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

  @Test func appendingThenSortingLeavesWhatSettingWouldHave() {
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
  }
}
