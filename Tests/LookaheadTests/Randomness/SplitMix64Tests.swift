import Testing

@_spi(Simulation) @testable import Lookahead

@Suite("SplitMix64")
struct SplitMix64Tests {
  // Expected values computed independently with a few lines of Python (arbitrary-precision
  // integers masked to 64 bits).
  @Test("the finaliser matches the reference values")
  func finaliserMatchesReference() {
    #expect(SplitMix64.hash(0) == 0xE220_A839_7B1D_CDAF)
    #expect(SplitMix64.hash(1) == 0x910A_2DEC_8902_5CC1)
    #expect(SplitMix64.hash(2) == 0x9758_35DE_1C97_56CE)
    #expect(SplitMix64.hash(3) == 0x1D0B_14E4_DB01_8FED)
  }

  @Test("the generator seeded with 0 yields the reference sequence")
  func generatorSequence() {
    var random = SplitMix64(seed: 0)
    #expect(random.next() == 0xE220_A839_7B1D_CDAF)
    #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
    #expect(random.next() == 0x06C4_5D18_8009_454F)
  }

  @Test("units fall in 0..<1 and integers stay inside their closed range")
  func boundedOutputs() {
    var random = SplitMix64(seed: 42)
    var seen = Set<Int>()
    for _ in 0..<10_000 {
      let unit = random.nextUnit()
      #expect(unit >= 0 && unit < 1)
      let value = random.nextInt(in: -2...2)
      #expect((-2...2).contains(value))
      seen.insert(value)
      let double = random.nextDouble(in: 3, 5)
      #expect(double >= 3 && double < 5)
    }
    #expect(seen == [-2, -1, 0, 1, 2])
  }

  @Test("equal seeds give equal sequences, other seeds others, and a copy advances on its own")
  func determinism() {
    var first = SplitMix64(seed: 9)
    var second = SplitMix64(seed: 9)
    var other = SplitMix64(seed: 10)
    let sequence = (0..<100).map { _ in first.next() }
    #expect(sequence == (0..<100).map { _ in second.next() })
    #expect(sequence != (0..<100).map { _ in other.next() })
    #expect(Set(sequence).count == 100)

    var copy = first
    let fromCopy = (0..<3).map { _ in copy.next() }
    let fromOriginal = (0..<3).map { _ in first.next() }
    #expect(fromCopy == fromOriginal)
  }
}
