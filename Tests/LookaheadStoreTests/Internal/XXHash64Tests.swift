import Foundation
import Testing

@testable import LookaheadStore

@Suite("XXHash64")
struct XXHash64Tests {
  @Test("matches the reference implementation's published values")
  func referenceValues() {
    #expect(XXHash64.hash(of: Array("".utf8)) == 0xEF46_DB37_51D8_E999)
    #expect(XXHash64.hash(of: Array("a".utf8)) == 0xD24E_C4F1_A98C_6E5B)
    #expect(XXHash64.hash(of: Array("abc".utf8)) == 0x44BC_2CF5_AD77_0999)
    #expect(
      XXHash64.hash(of: Array("Nobody inspects the spammish repetition".utf8))
        == 0xFBCE_A83C_8A37_8BF1)
  }

  @Test("a one-byte change anywhere in a long buffer changes the hash")
  func sensitiveToEveryByte() {
    let base = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    let reference = XXHash64.hash(of: base)
    var hashes: Set<UInt64> = [reference]
    for index in stride(from: 0, to: base.count, by: 37) {
      var changed = base
      changed[index] ^= 1
      hashes.insert(XXHash64.hash(of: changed))
    }
    #expect(hashes.count == 1 + (base.count + 36) / 37)
  }
}
