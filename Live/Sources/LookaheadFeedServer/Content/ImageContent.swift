import Foundation
@_spi(Simulation) import Lookahead

/// The bytes a ``FeedServer`` serves for an image: a pure function of the item id and the
/// size, so a client can check what it stored long after the server is gone.
///
/// The content of item `i` is the little-endian output of SplitMix64 seeded with
/// `h(i)`, cut to the image's size; its checksum is 64-bit FNV-1a over the bytes, sent as
/// the ``checksumHeader`` header in hex.
///
/// A namespace of pure functions; thread-safe.
public enum ImageContent {
  /// The response header that carries an image's checksum (16 lowercase hex digits).
  public static let checksumHeader = "X-Checksum"

  /// The bytes of the image of `item`.
  ///
  /// - Parameters:
  ///   - item: The item id.
  ///   - count: The image's size in bytes.
  /// - Complexity: O(count).
  public static func bytes(ofItem item: Int, count: Int) -> [UInt8] {
    precondition(count >= 0, "count must not be negative (got \(count))")
    var generator = SplitMix64(seed: SplitMix64.hash(UInt64(item)))
    var bytes = [UInt8](repeating: 0, count: count)
    var index = 0
    while index < count {
      var word = generator.next()
      for _ in 0..<Swift.min(8, count - index) {
        bytes[index] = UInt8(truncatingIfNeeded: word)
        word >>= 8
        index += 1
      }
    }
    return bytes
  }

  /// The 64-bit FNV-1a checksum of `bytes`.
  ///
  /// - Complexity: O(n).
  public static func checksum(of bytes: some Sequence<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
  }

  /// A checksum as the header spells it: 16 lowercase hex digits.
  public static func hex(_ checksum: UInt64) -> String {
    let digits = String(checksum, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// Whether `data` is exactly the image of `item` of `count` bytes.
  ///
  /// - Complexity: O(count).
  public static func isValid(_ data: Data, item: Int, count: Int) -> Bool {
    data.count == count && checksum(of: data) == checksum(of: bytes(ofItem: item, count: count))
  }
}
