// A child process for the fault tests of LookaheadStore (not a product).
//
//   lookahead-store-fault-helper write-continuously <folder> <seed>
//     Writes recognizable versions of keys k0…k15 into a DiskCache until killed,
//     printing "begin <key> <round>" before and "end <key> <round>" after each write.
//   lookahead-store-fault-helper read-only-probe <folder> <key>…
//     Drops root privileges (to uid/gid 65534) if it has them, opens the cache and
//     prints "readOnly <bool>", "get <key> <byte count|miss>" for each key, then
//     "set inline <error code|ok>" and "set file <error code|ok>".
//   lookahead-store-fault-helper miss-probe <folder> <count>
//     Fills a cache with 1,000 values, prints "misses begin", asks for <count> absent
//     keys, prints "misses end <hits>". Run it under `strace -f` to see that no system
//     call happens between the two lines.

import Foundation
import LookaheadStore

func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("lookahead-store-fault-helper: \(message)\n".utf8))
  exit(2)
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
  fail(
    "usage: write-continuously <folder> <seed> | read-only-probe <folder> <key>… "
      + "| miss-probe <folder> <count>")
}
let folder = URL(fileURLWithPath: arguments[2], isDirectory: true)

switch arguments[1] {
case "write-continuously":
  guard arguments.count == 4, let seed = UInt64(arguments[3]) else { fail("bad seed") }
  writeContinuously(folder: folder, seed: seed)
case "read-only-probe":
  probeReadOnly(folder: folder, keys: Array(arguments.dropFirst(3)))
case "miss-probe":
  guard arguments.count == 4, let count = Int(arguments[3]) else { fail("bad count") }
  probeMisses(folder: folder, count: count)
default:
  fail("unknown command \(arguments[1])")
}

func writeContinuously(folder: URL, seed: UInt64) -> Never {
  let cache: DiskCache
  do {
    cache = try DiskCache(
      directory: folder,
      configuration: .init(sizeLimit: 1 << 30, inlineLimit: CrashWorkload.inlineLimit))
  } catch {
    fail("\(error)")
  }
  var random = seed | 1
  var round = 1
  while true {
    for key in 0..<CrashWorkload.keyCount {
      // xorshift: a different interleaving of single and batched writes per seed.
      random ^= random << 13
      random ^= random >> 7
      random ^= random << 17
      let batch = random % 4 == 0 ? [key, (key + 5) % CrashWorkload.keyCount] : [key]
      for member in batch { say("begin k\(member) \(round)") }
      do {
        try cache.setValues(
          batch.map { ("k\($0)", CrashWorkload.value(key: $0, round: round)) })
      } catch {
        fail("\(error)")
      }
      for member in batch { say("end k\(member) \(round)") }
    }
    round += 1
  }
}

func probeReadOnly(folder: URL, keys: [String]) {
  if geteuid() == 0 {
    guard setgid(65534) == 0, setuid(65534) == 0 else { fail("could not drop privileges") }
  }
  let cache: DiskCache
  do {
    cache = try DiskCache(directory: folder, configuration: .init(logger: StoreLoggers.none))
  } catch {
    fail("\(error)")
  }
  say("readOnly \(cache.isReadOnly)")
  for key in keys {
    say("get \(key) \(cache.value(forKey: key).map { String($0.count) } ?? "miss")")
  }
  for (kind, size) in [("inline", 10), ("file", 100_000)] {
    do {
      try cache.setValue(Data(repeating: 7, count: size), forKey: "probe-\(kind)")
      say("set \(kind) ok")
    } catch let error as StoreError {
      say("set \(kind) \(error.code)")
    } catch {
      say("set \(kind) \(error)")
    }
  }
}

func probeMisses(folder: URL, count: Int) {
  let cache: DiskCache
  do {
    cache = try DiskCache(directory: folder)
    try cache.setValues((0..<1_000).map { ("present-\($0)", Data(repeating: 1, count: 100)) })
  } catch {
    fail("\(error)")
  }
  let keys = (0..<1_024).map { "absent-\($0)" }
  say("misses begin")
  var hits = 0
  for index in 0..<count where cache.value(forKey: keys[index % keys.count]) != nil {
    hits += 1
  }
  say("misses end \(hits)")
}
