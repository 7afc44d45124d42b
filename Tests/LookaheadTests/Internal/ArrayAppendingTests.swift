import Testing

@testable import Lookahead

@Suite("Array appending") struct ArrayAppendingTests {
  @Test("appends what the body writes after the elements already there")
  func appendsWhatTheBodyWritesAfterTheElementsAlreadyThere() {
    var numbers = [1, 2]
    numbers.append(atMost: 5, placeholder: 0) { appender in
      for value in [7, 8, 9] { appender.append(value) }
    }
    #expect(numbers == [1, 2, 7, 8, 9])
  }

  @Test("a body that writes nothing leaves the array as it was")
  func aBodyThatWritesNothingLeavesTheArrayAsItWas() {
    var numbers = [1, 2]
    numbers.append(atMost: 3, placeholder: 0) { _ in }
    #expect(numbers == [1, 2])
  }

  @Test("a body may fill every place made for it")
  func aBodyMayFillEveryPlaceMadeForIt() {
    var numbers: [Int] = []
    numbers.append(atMost: 4, placeholder: -1) { appender in
      for value in 0..<4 { appender.append(value) }
    }
    #expect(numbers == [0, 1, 2, 3])
  }
}
