import Foundation
@_spi(Simulation) import Lookahead
import Testing

@testable import LookaheadStore
@testable import lookahead_store_fault_helper

@Suite("DiskCache crash safety")
struct DiskCacheCrashTests {
  /// What the writer announced for one key before it died.
  private struct Progress {
    var lastEnded: Int?
    var lastBegun: Int?
  }

  @Test(
    "a writer killed with SIGKILL leaves every key with its old or new value and no orphans",
    arguments: [1, 2, 3, 4, 5] as [UInt64])
  func killedWriter(seed: UInt64) throws {
    let folder = TemporaryFolder()
    var random = SplitMix64(seed: seed)
    let killAfter = 20 + random.next(below: 400)
    let process = Process()
    process.executableURL = try HelperProcess.executableURL()
    process.arguments = ["write-continuously", folder.url.path, String(random.next())]
    let output = Pipe()
    process.standardOutput = output
    try process.run()

    var progress: [String: Progress] = [:]
    var ended = 0
    var pending = ""
    var killed = false
    while true {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      pending += String(decoding: chunk, as: UTF8.self)
      while let newline = pending.firstIndex(of: "\n") {
        let fields = pending[..<newline].split(separator: " ")
        pending = String(pending[pending.index(after: newline)...])
        guard fields.count == 3, let round = Int(fields[2]) else { continue }
        let key = String(fields[1])
        if fields[0] == "end" {
          progress[key, default: Progress()].lastEnded = round
          ended += 1
        } else {
          progress[key, default: Progress()].lastBegun = round
        }
      }
      if !killed && ended >= killAfter {
        kill(process.processIdentifier, SIGKILL)
        killed = true
      }
    }
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(killed)

    let recorder = LogRecorder()
    let cache = try makeCache(
      in: folder.url, sizeLimit: 1 << 30, inlineLimit: CrashWorkload.inlineLimit,
      recorder: recorder)
    for key in 0..<CrashWorkload.keyCount {
      let name = "k\(key)"
      let allowed = Set([progress[name]?.lastEnded, progress[name]?.lastBegun].compactMap { $0 })
      guard let value = cache.value(forKey: name) else {
        #expect(progress[name]?.lastEnded == nil, "\(name) lost its committed value")
        continue
      }
      let round = allowed.first { CrashWorkload.value(key: key, round: $0) == value }
      #expect(round != nil, "\(name) holds neither of rounds \(allowed.sorted())")
    }
    #expect(recorder.messages.allSatisfy { $0.level == .info }, "\(recorder.messages)")

    let referenced = cache.state.withLock { state in
      Set(
        state.index.entries.values.compactMap { entry -> String? in
          if case .file(let name) = entry.storage { return name }
          return nil
        })
    }
    let files = Set(try FileManager.default.contentsOfDirectory(atPath: cache.filesDirectory.path))
    #expect(files == referenced)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: cache.stagingDirectory.path).isEmpty)
  }
}
