import Testing

@testable import Lookahead

@Suite("ItemKeyTable") struct ItemKeyTableTests {
  @Test("items keep their keys through appends and replacements")
  func itemsKeepTheirKeysThroughAppendsAndReplacements() {
    var table = ItemKeyTable<String>()
    for key in ["a", nil, "c", nil] { table.append(key) }
    #expect(table.count == 4)
    #expect((0..<4).map { table[$0] } == ["a", nil, "c", nil])
    table.replace(at: 0, with: "A")  // a key for a key
    table.replace(at: 1, with: "B")  // a key where there was none
    table.replace(at: 2, with: nil)  // none where there was a key
    table.append("e")
    #expect((0..<5).map { table[$0] } == ["A", "B", nil, nil, "e"])
    // The places answer the same keys as the subscript.
    for position in 0..<table.count {
      let place = table.place(of: position)
      #expect((place < 0 ? nil : table.key(at: place)) == table[position])
    }
    table.removeAll()
    #expect(table.count == 0)
    table.append("z")
    #expect(table[0] == "z" && table.count == 1)
  }
}
