import Foundation

/// The recognizable values the crash writer stores; the crash test recomputes them.
enum CrashWorkload {
  static let keyCount = 16
  static let inlineLimit = 4096

  /// Version `round` of key `k<key>`: even keys are inline-sized, odd keys file-sized.
  /// The header names key and round; the body is a function of both, so a torn or
  /// mixed value never matches any version.
  static func value(key: Int, round: Int) -> Data {
    let size = key % 2 == 0 ? 200 + key * 150 : 6000 + key * 3000 + round % 7 * 500
    var bytes = Array("k\(key) r\(round) ".utf8)
    var state = UInt32(truncatingIfNeeded: key &* 7919 &+ round &* 104_729) | 1
    while bytes.count < size {
      state ^= state << 13
      state ^= state >> 17
      state ^= state << 5
      bytes.append(UInt8(truncatingIfNeeded: state))
    }
    return Data(bytes)
  }
}
