@_spi(Simulation) import Lookahead
import Testing

@testable import LookaheadSimulation

@Suite("Front gap array")
struct FrontGapArrayTests {
  @Test("insertions and removals anywhere leave the elements an array would hold")
  func agreesWithAnArray() {
    var random = SplitMix64(seed: 5)
    var array = FrontGapArray<Int>()
    var reference: [Int] = []
    for step in 0..<20_000 {
      // Mostly removals near the front and insertions near the back, as the oracle's
      // deadlines see them, with the rest anywhere; the size drifts up and down.
      let growing = (step / 2_000) % 2 == 0
      let roll = Int(random.next() % 100)
      if reference.isEmpty || roll < (growing ? 60 : 40) {
        let position =
          roll % 3 == 0
          ? Int(random.next() % UInt64(reference.count + 1))
          : Swift.max(0, reference.count - Int(random.next() % 4))
        array.insert(step, at: position)
        reference.insert(step, at: position)
      } else {
        let position =
          roll % 3 == 0
          ? Int(random.next() % UInt64(reference.count))
          : Swift.min(reference.count - 1, Int(random.next() % 4))
        array.remove(at: position)
        reference.remove(at: position)
      }
      #expect(array.count == reference.count)
      if step % 97 == 0 || reference.count < 3 {
        #expect(Array(array[0..<array.count]) == reference)
      }
    }
    #expect(Array(array[0..<array.count]) == reference)
  }

  @Test("removing from the front many times reads like an array, before and after compaction")
  func frontRemovalsKeepOrder() {
    var array = FrontGapArray<Int>()
    for value in 0..<1_000 { array.insert(value, at: array.count) }
    for removed in 1...700 {
      array.remove(at: removed % 3 == 0 ? 1 : 0)
      #expect(array.count == 1_000 - removed)
    }
    var reference = Array(0..<1_000)
    for removed in 1...700 { reference.remove(at: removed % 3 == 0 ? 1 : 0) }
    #expect(Array(array[0..<array.count]) == reference)
    #expect(array[0] == reference[0] && array[array.count - 1] == reference.last)
    // A gap at the front takes an insertion at the start without moving the others.
    array.insert(-1, at: 0)
    reference.insert(-1, at: 0)
    #expect(Array(array[2..<10]) == Array(reference[2..<10]))
    #expect(Array(array[0..<array.count]) == reference)
  }
}
