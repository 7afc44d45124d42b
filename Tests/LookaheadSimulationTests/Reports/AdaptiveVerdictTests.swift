import Testing

@testable import LookaheadSimulation

@Suite("Adaptive verdict (performance targets)")
struct AdaptiveVerdictTests {
  private func verdict(
    avoidable: (Int, Int) = (50, 100), bytes: (Int, Int) = (100, 100),
    stall: (Double, Double) = (0, 0), oracle: (blank: Int, bytes: Int) = (100, 100),
    adaptiveBlank: Int = 150
  ) -> AdaptiveVerdict {
    AdaptiveVerdict(
      adaptiveAvoidableBlank: avoidable.0, textureAvoidableBlank: avoidable.1,
      adaptiveBytes: bytes.0, textureBytes: bytes.1, adaptiveStallMilliseconds: stall.0,
      textureStallMilliseconds: stall.1, adaptiveBlank: adaptiveBlank, oracleBlank: oracle.blank,
      oracleBytes: oracle.bytes)
  }

  @Test("exactly half the avoidable blank at equal bytes and stall passes")
  func halvedOnTheBoundary() {
    let result = verdict(avoidable: (50, 100))
    #expect(result.isNeverWorse)
    #expect(result.isAvoidableBlankHalved)
    #expect(!result.isBytesReduced)
    #expect(result.passesTextureTest)
  }

  @Test("one frame more than half is not clearly better, so it fails")
  func justOverHalf() {
    let result = verdict(avoidable: (51, 100))
    #expect(result.isNeverWorse)
    #expect(!result.isClearlyBetter)
    #expect(!result.passesTextureTest)
  }

  @Test("bytes at exactly 0.85× are clearly better; one byte more is not")
  func bytesBoundary() {
    #expect(verdict(avoidable: (100, 100), bytes: (850, 1_000)).passesTextureTest)
    #expect(!verdict(avoidable: (100, 100), bytes: (851, 1_000)).passesTextureTest)
  }

  @Test("worse on any axis fails even when clearly better on another")
  func neverWorse() {
    let moreBytes = verdict(avoidable: (0, 100), bytes: (101, 100))
    #expect(moreBytes.isClearlyBetter && !moreBytes.isBytesNotWorse && !moreBytes.passesTextureTest)
    let moreStall = verdict(avoidable: (0, 100), stall: (16.7, 16.6))
    #expect(!moreStall.isStallNotWorse && !moreStall.passesTextureTest)
    let moreBlank = verdict(avoidable: (101, 100), bytes: (10, 100))
    #expect(!moreBlank.isAvoidableBlankNotWorse && !moreBlank.passesTextureTest)
  }

  @Test("no avoidable blank on either side meets the halving rule as the targets state it")
  func bothZero() {
    #expect(verdict(avoidable: (0, 0)).passesTextureTest)
  }

  @Test("oracle target: blank ≤ 1.5× and bytes ≤ 1.3×, inclusive")
  func oracleTarget() {
    #expect(verdict(bytes: (130, 200), oracle: (100, 100), adaptiveBlank: 150).meetsOracleTarget)
    let overBlank = verdict(bytes: (130, 200), oracle: (100, 100), adaptiveBlank: 151)
    #expect(!overBlank.isBlankWithinOracleTarget && overBlank.isBytesWithinOracleTarget)
    let overBytes = verdict(bytes: (131, 200), oracle: (100, 100), adaptiveBlank: 150)
    #expect(overBytes.isBlankWithinOracleTarget && !overBytes.isBytesWithinOracleTarget)
  }

  @Test("the verdict cannot be decided without adaptive, texture and oracle rows")
  func undecidable() {
    let records = [
      ReportFixtures.record("adaptive", on: "a", ReportFixtures.metrics(blank: 5)),
      ReportFixtures.record("texture", on: "a", ReportFixtures.metrics(blank: 9)),
    ]
    #expect(Comparison(records: records).classes[0].verdict == nil)
  }
}
