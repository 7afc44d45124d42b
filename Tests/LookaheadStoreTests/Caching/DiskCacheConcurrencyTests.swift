import Foundation
import Lookahead
import Testing

@testable import LookaheadStore

@Suite("DiskCache concurrency")
struct DiskCacheConcurrencyTests {
  /// Version `round` of key `key`: inline-sized for even keys, file-sized for odd ones.
  private static func version(key: Int, round: Int) -> Data {
    var data = Data("\(key):\(round):".utf8)
    data.append(bytes(key % 2 == 0 ? 500 : 5_000, seed: key &* 1_000 &+ round))
    return data
  }

  @Test("concurrent readers see only complete versions while writers replace and remove values")
  func readersAndWriters() async throws {
    let folder = TemporaryFolder()
    let recorder = LogRecorder()
    let cache = try makeCache(in: folder.url, inlineLimit: 1_000, recorder: recorder)
    let keys = 12
    let rounds = 40

    let torn = try await withThrowingTaskGroup(of: Int.self) { group in
      for writer in 0..<2 {
        group.addTask {
          for round in 0..<rounds {
            for key in stride(from: writer, to: keys, by: 2) {
              if round % 7 == 6 {
                try cache.removeValue(forKey: "k\(key)")
              } else {
                try cache.setValue(Self.version(key: key, round: round), forKey: "k\(key)")
              }
            }
          }
          return 0
        }
      }
      for _ in 0..<3 {
        group.addTask {
          var torn = 0
          for _ in 0..<rounds * 4 {
            for key in 0..<keys {
              guard let value = cache.value(forKey: "k\(key)") else { continue }
              let header = value.prefix(while: { $0 != UInt8(ascii: ":") })
              let rest = value.dropFirst(header.count + 1)
              let round = Int(
                String(decoding: rest.prefix(while: { $0 != UInt8(ascii: ":") }), as: UTF8.self))
              if String(decoding: header, as: UTF8.self) != "\(key)"
                || round.map({ Self.version(key: key, round: $0) != value }) ?? true
              {
                torn += 1
              }
            }
          }
          return torn
        }
      }
      return try await group.reduce(0, +)
    }

    #expect(torn == 0)
    #expect(recorder.messages.filter { $0.level != .info }.isEmpty, "\(recorder.messages)")
    let referenced = cache.state.withLock { state in
      state.index.entries.values.compactMap { entry -> String? in
        if case .file(let name) = entry.storage { return name }
        return nil
      }
    }
    let files = try FileManager.default.contentsOfDirectory(atPath: cache.filesDirectory.path)
    #expect(Set(files) == Set(referenced))
  }

  @Test("a hit does not wait for a write in progress", arguments: [100, 5_000])
  func hitDuringWrite(size: Int) throws {
    let folder = TemporaryFolder()
    let cache = try makeCache(in: folder.url, inlineLimit: 1_000)
    let value = bytes(size, seed: 3)
    try cache.setValue(value, forKey: "k")
    let isWriting = DispatchSemaphore(value: 0)
    let endWrite = DispatchSemaphore(value: 0)
    Thread {
      try? cache.database.write { _ in
        isWriting.signal()
        endWrite.wait()
      }
    }.start()
    isWriting.wait()
    let readValue = Locked<Data?>(nil)
    let didRead = DispatchSemaphore(value: 0)
    Thread {
      readValue.withLock { $0 = cache.value(forKey: "k") }
      didRead.signal()
    }.start()
    // A read that waited for the write would only finish after `endWrite`; the real-time
    // limit only keeps a broken build from hanging.
    let readDuringWrite = didRead.wait(timeout: .now() + 10) == .success
    endWrite.signal()
    if !readDuringWrite { didRead.wait() }
    #expect(readDuringWrite)
    #expect(readValue.withLock { $0 } == value)
  }
}
