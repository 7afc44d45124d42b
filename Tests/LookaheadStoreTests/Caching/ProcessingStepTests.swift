import Foundation
import Lookahead
import LookaheadStore
import LookaheadTestSupport
import Testing

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// A stand-in for a decoded image: four bytes of pixels per encoded byte.
private struct Decoded: Sendable, Equatable {
  var encoded: Data
  var byteCount: Int { encoded.count * 4 }
}

/// Where each decode ran.
private final class DecodeLog: Sendable {
  struct Entry: Sendable {
    var key: String
    var isMainThread: Bool
    var priority: TaskPriority
  }
  private let entries = Locked<[Entry]>([])
  var all: [Entry] { entries.withLock { $0 } }

  func decode(_ data: Data, _ key: String) -> Decoded {
    entries.withLock {
      $0.append(Entry(key: key, isMainThread: Thread.isMainThread, priority: Task.currentPriority))
    }
    return Decoded(encoded: data)
  }
}

/// A photo whose image is `img-<id>`, 100 points tall.
private struct Photo: FeedItem {
  var id: Int
  var sortKey: Int { -id }
}

/// A loader whose loads end when the test says, whether or not they were cancelled: the
/// bytes were on their way.
private final class HeldLoader: Loader, Sendable {
  private let waiting = Locked<[String: CheckedContinuation<Data, any Error>]>([:])

  func load(_ key: String) async throws -> Data {
    try await withCheckedThrowingContinuation { continuation in
      waiting.withLock { $0[key] = continuation }
    }
  }

  var pending: [String] { waiting.withLock { Array($0.keys) } }

  func finish(_ key: String, with data: Data) {
    waiting.withLock { $0.removeValue(forKey: key) }?.resume(returning: data)
  }
}

@Suite("A processing step between the loader and the cache")
struct ProcessingStepTests {
  /// A preloader of 20 posts on a tiered cache whose memory holds decoded stand-ins,
  /// each made by `process` (by default the log's decoder).
  private static func preloader(
    loader: HeldLoader, log: DecodeLog, folder: TemporaryFolder,
    process: (@Sendable (Data, String) -> Decoded)? = nil
  ) throws -> (ListPreloader<Photo, String, Decoded>, TieredCache<String, Decoded>, DiskCache) {
    let disk = try DiskCache(directory: folder.appending("images"))
    let cache = TieredCache(
      memory: MemoryCache<String, Decoded>(costLimit: 10_000_000), disk: disk, loader: loader,
      diskKey: { $0 }, process: process ?? { log.decode($0, $1) }, cost: { $0.byteCount })
    let pages = PageFetcher<Photo> { _ in
      Page(items: (1...20).map { Photo(id: $0) }, nextCursor: nil, hasMore: false)
    }
    let preloader = ListPreloader(
      strategy: .texture,
      configuration: ListPreloaderConfiguration(viewportSize: CGSize(width: 390, height: 1000)),
      pages: pages, cache: cache, resourceKey: { "img-\($0.id)" }, itemLength: { _ in 100 },
      size: { $0.byteCount }, clock: ManualClock())
    return (preloader, cache, disk)
  }

  /// Starts `preloader`, waits for its 20 posts and shows the top of the list.
  private static func showTop(of preloader: ListPreloader<Photo, String, Decoded>) async {
    preloader.start()
    while preloader.items.count < 20 { await Task.yield() }
    preloader.scrolled(toOffset: 0)
  }

  @Test(
    "decoding runs off the main thread at the loads priority and costs decoded bytes",
    .timeLimit(.minutes(1)))
  func decodingRunsOffTheMainThreadAtTheLoadsPriorityAndCostsDecodedBytes() async throws {
    let folder = TemporaryFolder()
    let loader = HeldLoader()
    let log = DecodeLog()
    let (preloader, cache, disk) = try Self.preloader(loader: loader, log: log, folder: folder)
    await Self.showTop(of: preloader)
    while !loader.pending.contains("img-1") { await Task.yield() }
    let encoded = Data(repeating: 7, count: 5_000)
    loader.finish("img-1", with: encoded)
    while cache.memoryValue(forKey: "img-1") == nil { await Task.yield() }

    let entry = try #require(log.all.first { $0.key == "img-1" })
    #expect(!entry.isMainThread)
    // Post 1 is on screen: its load runs at the visible class's task priority.
    #expect(entry.priority == .userInitiated)
    // Memory holds the decoded value at its decoded cost; the disk the bytes as loaded.
    #expect(cache.memoryValue(forKey: "img-1") == Decoded(encoded: encoded))
    #expect(cache.memoryCost == 20_000)
    #expect(disk.value(forKey: "img-1") == encoded)
    // The field metrics count the bytes that crossed the network, not the decoded ones.
    #expect(preloader.metrics.bytes == 5_000)
  }

  @Test("a cancelled load is never decoded and its bytes still count", .timeLimit(.minutes(1)))
  func aCancelledLoadIsNeverDecodedAndItsBytesStillCount() async throws {
    let folder = TemporaryFolder()
    let loader = HeldLoader()
    let log = DecodeLog()
    let (preloader, _, _) = try Self.preloader(loader: loader, log: log, folder: folder)
    await Self.showTop(of: preloader)
    while !loader.pending.contains("img-1") { await Task.yield() }
    // Everything is cancelled; then the bytes that were on their way arrive.
    preloader.cancelAll()
    loader.finish("img-1", with: Data(repeating: 1, count: 3_000))
    while preloader.metrics.bytes < 3_000 { await Task.yield() }
    #expect(!log.all.contains { $0.key == "img-1" })
  }

  @Test(
    "a load the disk tier answers is never a network request, even while it runs",
    .timeLimit(.minutes(1)))
  func aLoadTheDiskTierAnswersIsNeverANetworkRequest() async throws {
    let folder = TemporaryFolder()
    let loader = HeldLoader()
    // The disk read of img-2 runs until the test lets it end.
    let gate = DispatchSemaphore(value: 0)
    let (preloader, cache, disk) = try Self.preloader(
      loader: loader, log: DecodeLog(), folder: folder,
      process: { data, key in
        if key == "img-2" { gate.wait() }
        return Decoded(encoded: data)
      })
    try disk.setValue(Data(repeating: 2, count: 100), forKey: "img-2")
    await Self.showTop(of: preloader)
    // Six slots: img-1 to img-6 start; img-2 reads from disk, the others go to the network.
    while loader.pending.count < 5 { await Task.yield() }
    #expect(Set(loader.pending) == ["img-1", "img-3", "img-4", "img-5", "img-6"])
    #expect(preloader.metrics.requests == 1 + 5)  // the page and five network loads
    gate.signal()
    while cache.memoryValue(forKey: "img-2") == nil { await Task.yield() }
    // The slot img-2 freed goes to img-7, from the network.
    while loader.pending.count < 6 { await Task.yield() }
    #expect(loader.pending.contains("img-7"))
    #expect(preloader.metrics.requests == 1 + 6)
    for key in loader.pending { loader.finish(key, with: Data(count: 10)) }
  }

  @Test("a disk hit is decoded from the stored bytes")
  func aDiskHitIsDecodedFromTheStoredBytes() throws {
    let folder = TemporaryFolder()
    let log = DecodeLog()
    let disk = try DiskCache(directory: folder.appending("images"))
    try disk.setValue(Data(repeating: 3, count: 100), forKey: "img-9")
    let cache = TieredCache(
      memory: MemoryCache<String, Decoded>(), disk: disk, loader: HeldLoader(), diskKey: { $0 },
      process: { log.decode($0, $1) }, cost: { $0.byteCount })
    #expect(cache.localValue(forKey: "img-9") == Decoded(encoded: Data(repeating: 3, count: 100)))
    #expect(cache.memoryCost == 400)
    #expect(log.all.map(\.key) == ["img-9"])
  }
}
