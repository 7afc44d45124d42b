import Testing

@testable import Lookahead

@Suite("NonEmptyList")
struct NonEmptyListTests {
  @Test("a list of one holds its element at index 0")
  func holdsOneElement() {
    let list = NonEmptyList("a")
    #expect(list.count == 1)
    #expect(Array(list) == ["a"])
    #expect(list.first == "a")
    #expect(list.indices == 0..<1)
  }

  @Test("appended elements follow the first, and removing the last restores the list")
  func appendsAndRemovesAtTheEnd() {
    var list = NonEmptyList(1)
    list.append(2)
    list.append(3)
    #expect(Array(list) == [1, 2, 3])
    #expect(list.removeLast() == 3)
    #expect(Array(list) == [1, 2])
    var expected = NonEmptyList(1)
    expected.append(2)
    #expect(list == expected)
  }

  @Test("elements are replaced and swapped in place, the first one included")
  func mutatesInPlace() {
    var list = NonEmptyList("a")
    list.append("b")
    list.append("c")
    list[0] = "A"
    list[2] = "C"
    #expect(Array(list) == ["A", "b", "C"])
    list.swapAt(0, 2)
    #expect(Array(list) == ["C", "b", "A"])
    // The load queue's removal of one waiter: swap it to the end, then remove the last.
    let index = list.firstIndex(of: "C")!
    list.swapAt(index, list.count - 1)
    list.removeLast()
    #expect(Array(list) == ["A", "b"])
  }

  @Test("keeping the first element only drops the others")
  func keepsTheFirstOnly() {
    var list = NonEmptyList(1)
    for element in 2...10 { list.append(element) }
    list.removeAllButFirst()
    #expect(Array(list) == [1])
    list.append(5)
    #expect(Array(list) == [1, 5])
  }

  @Test("collection algorithms see the elements in order")
  func supportsCollectionAlgorithms() {
    var list = NonEmptyList(3)
    list.append(1)
    list.append(2)
    #expect(list.map { $0 * 10 } == [30, 10, 20])
    #expect(list.dropFirst().elementsEqual([1, 2]))
    #expect(list.contains(2))
    #expect(!list.contains(4))
    #expect(list.reversed() == [2, 1, 3])
  }
}
