/// xxHash64, a fast non-cryptographic 64-bit hash with a stable, documented output.
///
/// `DiskCache` uses it to checksum values (so a truncated or garbage file is caught)
/// and to derive file names from keys. It is not collision-proof against an attacker,
/// and nothing relies on that: the full key lives in the index and every file name
/// also carries a unique write generation.
///
/// Reference: <https://github.com/Cyan4973/xxHash/blob/dev/doc/xxhash_spec.md>.
enum XXHash64 {
  private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
  private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
  private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
  private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
  private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

  /// Hashes a byte buffer.
  ///
  /// - Complexity: O(n) in the number of bytes.
  static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
    let count = bytes.count
    var offset = 0
    var hash: UInt64
    if count >= 32 {
      var v1 = seed &+ prime1 &+ prime2
      var v2 = seed &+ prime2
      var v3 = seed
      var v4 = seed &- prime1
      while offset + 32 <= count {
        v1 = round(v1, word(bytes, offset))
        v2 = round(v2, word(bytes, offset + 8))
        v3 = round(v3, word(bytes, offset + 16))
        v4 = round(v4, word(bytes, offset + 24))
        offset += 32
      }
      hash = rotate(v1, 1) &+ rotate(v2, 7) &+ rotate(v3, 12) &+ rotate(v4, 18)
      hash = merge(hash, v1)
      hash = merge(hash, v2)
      hash = merge(hash, v3)
      hash = merge(hash, v4)
    } else {
      hash = seed &+ prime5
    }
    hash &+= UInt64(count)
    while offset + 8 <= count {
      hash ^= round(0, word(bytes, offset))
      hash = rotate(hash, 27) &* prime1 &+ prime4
      offset += 8
    }
    if offset + 4 <= count {
      let half = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
      hash ^= UInt64(half) &* prime1
      hash = rotate(hash, 23) &* prime2 &+ prime3
      offset += 4
    }
    while offset < count {
      hash ^= UInt64(bytes[offset]) &* prime5
      hash = rotate(hash, 11) &* prime1
      offset += 1
    }
    hash ^= hash >> 33
    hash &*= prime2
    hash ^= hash >> 29
    hash &*= prime3
    hash ^= hash >> 32
    return hash
  }

  /// Hashes the bytes of a collection such as `Data` or a `String`'s UTF-8 view.
  ///
  /// - Complexity: O(n) in the number of bytes.
  static func hash<Bytes: Collection<UInt8>>(of bytes: Bytes, seed: UInt64 = 0) -> UInt64 {
    if let result = bytes.withContiguousStorageIfAvailable({
      hash(UnsafeRawBufferPointer($0), seed: seed)
    }) {
      return result
    }
    return Array(bytes).withUnsafeBytes { hash($0, seed: seed) }
  }

  @inline(__always)
  private static func word(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt64 {
    UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }

  @inline(__always)
  private static func rotate(_ value: UInt64, _ amount: UInt64) -> UInt64 {
    (value << amount) | (value >> (64 - amount))
  }

  @inline(__always)
  private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
    rotate(accumulator &+ input &* prime2, 31) &* prime1
  }

  @inline(__always)
  private static func merge(_ accumulator: UInt64, _ value: UInt64) -> UInt64 {
    (accumulator ^ round(0, value)) &* prime1 &+ prime4
  }
}
