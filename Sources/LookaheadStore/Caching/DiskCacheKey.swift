import Foundation

/// A key of the disk cache, compared and hashed by its exact UTF-8 bytes.
///
/// `String`'s `==` is canonical equivalence: the NFC and NFD spellings of "é" are equal,
/// while SQLite and the file names see different bytes. Keying the in-memory index by
/// `String` made one entry in memory stand for two rows on disk; this wrapper makes
/// memory, the index and the file names agree on what a key is.
///
/// It costs what a `String` key costs: it hashes as its string does, unequal keys fail
/// `String`'s `==` as fast as before, equal ones add a `memcmp`, and wrapping neither
/// copies nor allocates.
struct DiskCacheKey: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The key as the caller spelled it.
  let string: String

  init(_ string: String) {
    self.string = string
  }

  init(stringLiteral value: String) {
    self.init(value)
  }

  var description: String { string.debugDescription }

  static func == (lhs: Self, rhs: Self) -> Bool {
    // Byte equality implies canonical equivalence, and `String`'s `==` is the fast test
    // that unequal keys fail (a dictionary probe compares several): only keys it calls
    // equal need their bytes compared.
    guard lhs.string == rhs.string else { return false }
    let left = lhs.string.utf8
    let right = rhs.string.utf8
    let count = left.count
    guard count == right.count else { return false }
    guard count > 0 else { return true }
    let equal = left.withContiguousStorageIfAvailable { leftBytes in
      right.withContiguousStorageIfAvailable { rightBytes in
        memcmp(leftBytes.baseAddress!, rightBytes.baseAddress!, count) == 0
      }
    }
    // Bridged strings without contiguous UTF-8 (Darwin only) take the slow path.
    return (equal ?? nil) ?? left.elementsEqual(right)
  }

  /// Whether stored key bytes are exactly the UTF-8 bytes of `key`.
  static func bytes(_ stored: Data, equal key: String) -> Bool {
    let utf8 = key.utf8
    guard stored.count == utf8.count else { return false }
    let equal = stored.withUnsafeBytes { storedBytes in
      utf8.withContiguousStorageIfAvailable { keyBytes in
        keyBytes.isEmpty
          || memcmp(storedBytes.baseAddress!, keyBytes.baseAddress!, keyBytes.count) == 0
      }
    }
    return equal ?? stored.elementsEqual(utf8)
  }

  /// `String`'s own hash, which is the hash of the NFC form: keys equal by their bytes
  /// are canonically equivalent, so they hash alike, as `Hashable` requires; two
  /// spellings of one string merely share a bucket, and `==` tells them apart. It keeps
  /// a miss exactly as cheap as with `String` keys.
  func hash(into hasher: inout Hasher) {
    hasher.combine(string)
  }
}
