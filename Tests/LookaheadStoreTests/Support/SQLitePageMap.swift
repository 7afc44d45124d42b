import Foundation

/// Which pages of an SQLite file each row of a table depends on, read from the file's
/// bytes (the documented file format, <https://www.sqlite.org/fileformat2.html>), for
/// tests that damage chosen pages and predict which rows must survive.
///
/// Only what those tests need: table b-trees (interior and leaf pages, overflow
/// chains). It trusts the file, so read it before damaging it.
struct SQLitePageMap {
  let pageSize: Int
  let pageCount: Int
  private let bytes: [UInt8]

  init(fileAt url: URL) throws {
    bytes = Array(try Data(contentsOf: url))
    let size = Int(bytes[16]) << 8 | Int(bytes[17])
    pageSize = size == 1 ? 65_536 : size
    pageCount = bytes.count / pageSize
  }

  /// The pages every row of the table rooted at `rootPage` depends on, by rowid: the
  /// pages from the root down to the row's leaf, and the row's overflow pages.
  func pagesByRowID(rootPage: Int) -> [Int64: Set<Int>] {
    var result: [Int64: Set<Int>] = [:]
    walk(page: rootPage, path: [], into: &result)
    return result
  }

  /// The byte range of page `number` (1-based) in the file.
  func range(ofPage number: Int) -> Range<Int> {
    (number - 1) * pageSize..<number * pageSize
  }

  private func walk(page: Int, path: Set<Int>, into result: inout [Int64: Set<Int>]) {
    let start = (page - 1) * pageSize
    let header = start + (page == 1 ? 100 : 0)
    let path = path.union([page])
    let cellCount = Int(bytes[header + 3]) << 8 | Int(bytes[header + 4])
    let isInterior = bytes[header] == 0x05
    let pointers = header + (isInterior ? 12 : 8)
    for cell in 0..<cellCount {
      let offset =
        start + (Int(bytes[pointers + 2 * cell]) << 8 | Int(bytes[pointers + 2 * cell + 1]))
      if isInterior {
        walk(page: Int(uint32(at: offset)), path: path, into: &result)
      } else {
        var cursor = offset
        let payload = Int(varint(at: &cursor))
        let rowID = Int64(bitPattern: varint(at: &cursor))
        result[rowID] = path.union(overflowPages(payload: payload, localStart: cursor))
      }
    }
    if isInterior {
      walk(page: Int(uint32(at: header + 8)), path: path, into: &result)
    }
  }

  /// The overflow chain of a table leaf cell whose payload starts at `localStart`.
  private func overflowPages(payload: Int, localStart: Int) -> Set<Int> {
    let usable = pageSize - Int(bytes[20])
    let maxLocal = usable - 35
    guard payload > maxLocal else { return [] }
    let minLocal = (usable - 12) * 32 / 255 - 23
    let candidate = minLocal + (payload - minLocal) % (usable - 4)
    let local = candidate <= maxLocal ? candidate : minLocal
    var pages: Set<Int> = []
    var next = Int(uint32(at: localStart + local))
    while next != 0 && pages.insert(next).inserted {
      next = Int(uint32(at: (next - 1) * pageSize))
    }
    return pages
  }

  private func uint32(at offset: Int) -> UInt32 {
    bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
  }

  private func varint(at offset: inout Int) -> UInt64 {
    var value: UInt64 = 0
    for index in 0..<9 {
      let byte = bytes[offset]
      offset += 1
      if index == 8 { return value << 8 | UInt64(byte) }
      value = value << 7 | UInt64(byte & 0x7F)
      if byte & 0x80 == 0 { return value }
    }
    return value
  }
}
