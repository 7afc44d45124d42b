import Benchmark
import Foundation
import LookaheadStore

/// Disk cache writes, misses and hits, each against a baseline measured in the same
/// run: one file per value for writes (plain POSIX calls, no fsync, the cheapest way,
/// with and without temp file + rename), the same kept at a fixed number of files for
/// the steady state, a file-existence check for misses, a plain file read for hits.
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .cpuTotal, .throughput],
    scalingFactor: .one,
    maxDuration: .seconds(3),
    maxIterations: 200
  )

  // 1, 4, 8 and 16 KB: where between 1 and 20 KB inline writes stop being 10× faster
  // than files. The one-transaction-per-value and steady-state rows run at 1 and 16 KB.
  for size in [1_024, 4 * 1_024, 8 * 1_024, 16 * 1_024] {
    let label = "1,000 × \(size / 1_024) KB"
    let values = StorageFixture.values(count: 1_000, size: size)
    let isEdgeSize = size == 1_024 || size == 16 * 1_024

    // Every sample writes into an empty store: new keys, new files.
    Benchmark("Write \(label): DiskCache, one batch") { benchmark in
      let cache = StorageFixture.cache("batch-\(size)")
      try cache.removeAll()
      benchmark.startMeasurement()
      blackHole(try cache.setValues(values))
      benchmark.stopMeasurement()
    }

    if isEdgeSize {
      Benchmark("Write \(label): DiskCache, one transaction per value") { benchmark in
        let cache = StorageFixture.cache("single-\(size)")
        try cache.removeAll()
        benchmark.startMeasurement()
        for (key, value) in values {
          blackHole(try cache.setValue(value, forKey: key))
        }
        benchmark.stopMeasurement()
      }
    }

    Benchmark("Write \(label): baseline, one file per value (POSIX write)") { benchmark in
      let folder = StorageFixture.emptyFolder("posix-\(size)")
      let paths = values.map { folder.appendingPathComponent($0.key).path }
      benchmark.startMeasurement()
      for (path, value) in zip(paths, values) {
        try StorageFixture.writeFile(value.value, toPath: path)
      }
      benchmark.stopMeasurement()
    }

    Benchmark("Write \(label): baseline, one file per value, temp file + rename") { benchmark in
      let folder = StorageFixture.emptyFolder("rename-\(size)")
      let paths = values.map { folder.appendingPathComponent($0.key).path }
      benchmark.startMeasurement()
      for (path, value) in zip(paths, values) {
        try StorageFixture.writeFileAtomically(value.value, toPath: path)
      }
      benchmark.stopMeasurement()
    }
  }

  // Steady state of a full cache: 5,000 values resident; each sample writes 1,000 new
  // values and evicts the 1,000 oldest, so that both stores also pay for deletions
  // (and the file system for reusing freed inodes), as a cache at its limit does.
  for size in [1_024, 16 * 1_024] {
    let label = "1,000 × \(size / 1_024) KB"
    let payload = StorageFixture.values(count: 1_000, size: size).map(\.value)

    Benchmark("Steady state \(label): DiskCache, write one batch and evict the oldest") {
      benchmark in
      let store = SteadyCache.named("steady-cache-\(size)", payload: payload)
      benchmark.startMeasurement()
      try store.writeRoundAndEvictOldest()
      benchmark.stopMeasurement()
    }

    Benchmark(
      "Steady state \(label): baseline, temp file + rename per value, delete the oldest"
    ) { benchmark in
      let store = SteadyFiles.named("steady-files-\(size)", payload: payload)
      benchmark.startMeasurement()
      try store.writeRoundAndDeleteOldest()
      benchmark.stopMeasurement()
    }
  }

  Benchmark(
    "Miss: DiskCache with 10,000 entries",
    configuration: .init(scalingFactor: .mega, maxDuration: .seconds(3))
  ) { benchmark in
    let cache = StorageFixture.populatedCache
    benchmark.startMeasurement()
    for index in benchmark.scaledIterations {
      blackHole(cache.value(forKey: StorageFixture.absentKeys[index % 1_024]))
    }
    benchmark.stopMeasurement()
  }

  Benchmark(
    "Miss: baseline, file existence check",
    configuration: .init(scalingFactor: .kilo, maxDuration: .seconds(3))
  ) { benchmark in
    let folder = StorageFixture.folder("exists")
    let paths = StorageFixture.absentKeys.map { folder.appendingPathComponent($0).path }
    benchmark.startMeasurement()
    for index in benchmark.scaledIterations {
      blackHole(FileManager.default.fileExists(atPath: paths[index % 1_024]))
    }
    benchmark.stopMeasurement()
  }

  Benchmark(
    "Hit: DiskCache, inline 1 KB value",
    configuration: .init(scalingFactor: .kilo, maxDuration: .seconds(3))
  ) { benchmark in
    let cache = StorageFixture.populatedCache
    benchmark.startMeasurement()
    for index in benchmark.scaledIterations {
      blackHole(cache.value(forKey: "small-\(index % 10_000)"))
    }
    benchmark.stopMeasurement()
  }

  Benchmark(
    "Hit: DiskCache, inline 1 KB value, same key (no recency write)",
    configuration: .init(scalingFactor: .kilo, maxDuration: .seconds(3))
  ) { benchmark in
    let cache = StorageFixture.populatedCache
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(cache.value(forKey: "small-1"))
    }
    benchmark.stopMeasurement()
  }

  // What a reader waits for while a big write is in progress: each sample starts a
  // thread that writes batches of 1,000 × 16 KB, reads 100 distinct inline values
  // 0.2 ms apart, and reports the median and the slowest read.
  let medianRead = BenchmarkMetric.custom("median read under writes (μs)", useScalingFactor: false)
  let slowestRead = BenchmarkMetric.custom(
    "slowest read under writes (μs)", useScalingFactor: false)
  Benchmark(
    "Hit: DiskCache, inline 1 KB value, while another thread writes 1,000 × 16 KB batches",
    configuration: .init(metrics: [medianRead, slowestRead], maxDuration: .seconds(4))
  ) { benchmark in
    let cache = StorageFixture.populatedCache
    let writer = BatchWriter(cache: cache)
    writer.startAndWaitForFirstWrite()
    var latencies: [Int] = []
    for index in 0..<100 {
      let start = ContinuousClock.now
      blackHole(cache.value(forKey: "small-\((index &* 97) % 10_000)"))
      latencies.append(Int((ContinuousClock.now - start) / .microseconds(1)))
      usleep(200)
    }
    writer.stop()
    latencies.sort()
    benchmark.measurement(medianRead, latencies[latencies.count / 2])
    benchmark.measurement(slowestRead, latencies[latencies.count - 1])
  }

  Benchmark(
    "Hit: DiskCache, file 100 KB value",
    configuration: .init(scalingFactor: .kilo, maxDuration: .seconds(3))
  ) { benchmark in
    let cache = StorageFixture.populatedCache
    benchmark.startMeasurement()
    for index in benchmark.scaledIterations {
      blackHole(cache.value(forKey: "large-\(index % 100)"))
    }
    benchmark.stopMeasurement()
  }

  Benchmark(
    "Hit: baseline, read a 100 KB file",
    configuration: .init(scalingFactor: .kilo, maxDuration: .seconds(3))
  ) { benchmark in
    let folder = StorageFixture.folder("read")
    let url = folder.appendingPathComponent("large")
    try StorageFixture.values(count: 1, size: 100 * 1_024)[0].value.write(to: url)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(FileManager.default.contents(atPath: url.path))
    }
    benchmark.stopMeasurement()
  }
}

enum StorageFixture {
  static let root: URL = {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("LookaheadStorageBenchmarks-\(getpid())", isDirectory: true)
    try? FileManager.default.removeItem(at: url)
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }()

  /// The folder `name`, emptied.
  static func emptyFolder(_ name: String) -> URL {
    let url = root.appendingPathComponent(name, isDirectory: true)
    try? FileManager.default.removeItem(at: url)
    return folder(name)
  }

  static func folder(_ name: String) -> URL {
    let url = root.appendingPathComponent(name, isDirectory: true)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  // Recursive: a fixture made on first use may ask for another one.
  private static let sharedLock = NSRecursiveLock()
  nonisolated(unsafe) private static var sharedValues: [String: Any] = [:]

  /// The fixture of this name for the whole run, made by `make` on first use.
  static func shared<Value>(_ name: String, make: () -> Value) -> Value {
    sharedLock.lock()
    defer { sharedLock.unlock() }
    if let value = sharedValues[name] as? Value { return value }
    let value = make()
    sharedValues[name] = value
    return value
  }

  /// One cache per name for the whole run, opened on first use.
  static func cache(_ name: String) -> DiskCache {
    shared("cache-" + name) {
      try! DiskCache(directory: folder(name), configuration: .init(sizeLimit: 1 << 32))
    }
  }

  static func values(count: Int, size: Int) -> [(key: String, value: Data)] {
    (0..<count).map { index in
      ("key-\(index)", Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) }))
    }
  }

  /// The cheapest way to put bytes in a file: open, write, close; no fsync, no rename.
  static func writeFile(_ data: Data, toPath path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { close(descriptor) }
    let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    guard written == data.count else { throw POSIXError(.EIO) }
  }

  /// What an atomic one-file-per-value store must do at least: write a temporary file,
  /// then rename it over the final name.
  static func writeFileAtomically(_ data: Data, toPath path: String) throws {
    try writeFile(data, toPath: path + ".tmp")
    guard rename(path + ".tmp", path) == 0 else { throw POSIXError(.EIO) }
  }

  static let absentKeys = (0..<1_024).map { "absent-\($0)" }

  /// 10,000 inline values of 1 KB and 100 file values of 100 KB.
  static let populatedCache: DiskCache = {
    let cache = StorageFixture.cache("populated")
    let small = values(count: 10_000, size: 1_024).map {
      ("small-" + $0.key.dropFirst(4), $0.value)
    }
    let large = values(count: 100, size: 100 * 1_024).map {
      ("large-" + $0.key.dropFirst(4), $0.value)
    }
    _ = try! cache.setValues(small + large)
    return cache
  }()
}

/// Rounds of 1,000 values: the steady-state stores hold this many rounds, and each new
/// round evicts the oldest.
private let residentRounds = 5

/// A ``DiskCache`` kept at 5,000 values of one size.
final class SteadyCache: @unchecked Sendable {
  private let cache: DiskCache
  private let payload: [Data]
  private var round = 0

  /// The store of this name, filled with `residentRounds` rounds on first use.
  static func named(_ name: String, payload: [Data]) -> SteadyCache {
    StorageFixture.shared("steady-" + name) {
      let store = SteadyCache(cache: StorageFixture.cache(name), payload: payload)
      try! store.cache.removeAll()
      for _ in 0..<residentRounds { try! store.writeRound() }
      return store
    }
  }

  private init(cache: DiskCache, payload: [Data]) {
    self.cache = cache
    self.payload = payload
  }

  private func writeRound() throws {
    let keys = payload.indices.map { "round-\(round)-\($0)" }
    blackHole(try cache.setValues(Array(zip(keys, payload))))
    round += 1
  }

  /// Writes 1,000 new values, then trims the least recently used 1,000.
  func writeRoundAndEvictOldest() throws {
    try writeRound()
    try cache.trim(toSize: residentRounds * payload.count * payload[0].count)
  }
}

/// One file per value, written atomically (temp file + rename), kept at 5,000 files.
final class SteadyFiles: @unchecked Sendable {
  private let folder: URL
  private let payload: [Data]
  private var round = 0

  /// The store of this name, filled with `residentRounds` rounds on first use.
  static func named(_ name: String, payload: [Data]) -> SteadyFiles {
    StorageFixture.shared("steady-" + name) {
      let store = SteadyFiles(folder: StorageFixture.emptyFolder(name), payload: payload)
      for _ in 0..<residentRounds { try! store.writeRound() }
      return store
    }
  }

  private init(folder: URL, payload: [Data]) {
    self.folder = folder
    self.payload = payload
  }

  private func path(round: Int, index: Int) -> String {
    folder.appendingPathComponent("round-\(round)-\(index)").path
  }

  private func writeRound() throws {
    for (index, value) in payload.enumerated() {
      try StorageFixture.writeFileAtomically(value, toPath: path(round: round, index: index))
    }
    round += 1
  }

  /// Writes 1,000 new files, then deletes the 1,000 oldest.
  func writeRoundAndDeleteOldest() throws {
    try writeRound()
    for index in payload.indices {
      guard unlink(path(round: round - 1 - residentRounds, index: index)) == 0 else {
        throw POSIXError(.EIO)
      }
    }
  }
}

/// A thread that writes batches of 1,000 × 16 KB values into a cache until stopped, so
/// that reads can be measured while a write is in progress.
final class BatchWriter: @unchecked Sendable {
  private let cache: DiskCache
  private let values = StorageFixture.values(count: 1_000, size: 16 * 1_024)
  private let lock = NSLock()
  private var isStopped = false
  private let started = DispatchSemaphore(value: 0)
  private let finished = DispatchSemaphore(value: 0)

  init(cache: DiskCache) {
    self.cache = cache
  }

  /// Starts writing and returns once the first batch is under way.
  func startAndWaitForFirstWrite() {
    Thread { [self] in
      var round = 0
      while !lock.withLock({ isStopped }) {
        let keys = values.map { "writer-\(round % 2)-\($0.key)" }
        if round == 0 { started.signal() }
        _ = try? cache.setValues(Array(zip(keys, values.map(\.value))))
        round += 1
      }
      finished.signal()
    }.start()
    started.wait()
  }

  /// Stops after the batch in progress and waits for it.
  func stop() {
    lock.withLock { isStopped = true }
    finished.wait()
  }
}
