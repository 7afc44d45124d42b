import Foundation
@_spi(Machines) @_spi(Inspection) @_spi(Simulation) import Lookahead
import LookaheadFeedServer
import LookaheadLive
import LookaheadSimulation
import Testing

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// How one load of a storm ended.
private enum Outcome: Sendable {
  case value(Int, Data)
  case cancelled
  case failed(String)
}

/// Outcomes by load, counting every delivery so that a second one shows.
private final class Outcomes: Sendable {
  private let state = Protected<[Int: [Outcome]]>([:])

  func record(_ outcome: Outcome, for load: Int) {
    state.withLock { $0[load, default: []].append(outcome) }
  }

  var all: [Int: [Outcome]] { state.withLock { $0 } }
}

/// A world whose images are small and whose link is narrow: transfers last long enough to
/// be cancelled mid-body, and a storm moves few bytes.
private var stormWorld: World {
  var world = World.standard
  world.images = World.ImageSizes(minBytes: 10_000, maxBytes: 40_000)
  world.network.bytesPerSecond = 500_000
  return world
}

extension LiveTests {
  @Suite("Cancellation storms over real HTTP")
  struct CancellationStormTests {}
}

extension LiveTests.CancellationStormTests {
  @Test(
    "thousands of loads cancelled while queued, connecting or mid-body: no hang, no leak, one outcome each"
  )
  func urlSessionLoaderStorm() async throws {
    let world = stormWorld
    let (server, url) = try await startServer(world: world, speed: 4)
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.httpMaximumConnectionsPerHost = 6
    let session = URLSession(configuration: configuration)
    let loader = URLSessionLoader(session: session, timeout: .seconds(10))
    let outcomes = Outcomes()
    let count = 2_000
    var random = SplitMix64(seed: 2026)
    let plan = (0..<count).map { _ in
      (item: Int(random.next() % 10_000), cancelAfter: Int(random.next() % 150_000))
    }

    let finished = try await withDeadline(seconds: 60) {
      await withTaskGroup(of: Void.self) { group in
        for (index, load) in plan.enumerated() {
          // A new load every millisecond; each is cancelled 0–150 ms after it started.
          try? await Task.sleep(for: .milliseconds(1))
          group.addTask {
            let task = Task { try await loader.load(url.appending(path: "images/\(load.item)")) }
            try? await Task.sleep(for: .microseconds(load.cancelAfter))
            task.cancel()
            switch await task.result {
            case .success(let data): outcomes.record(.value(load.item, data), for: index)
            case .failure(let error) where LoadError.classifying(error).kind == .cancelled:
              outcomes.record(.cancelled, for: index)
            case .failure(let error): outcomes.record(.failed("\(error)"), for: index)
            }
          }
        }
      }
      return true
    }
    #expect(finished == true, "the storm did not finish within 60 s")

    let all = outcomes.all
    #expect(all.count == count)
    #expect(all.values.allSatisfy { $0.count == 1 }, "a load was delivered twice")
    var values = 0
    var cancelled = 0
    for case let outcome? in all.values.map(\.first) {
      switch outcome {
      case .value(let item, let data):
        values += 1
        #expect(ImageContent.isValid(data, item: item, count: world.imageBytes(item)))
      case .cancelled:
        cancelled += 1
      case .failed(let reason):
        Issue.record("a load failed: \(reason)")
      }
    }
    #expect(values > 0 && cancelled > count / 2)
    // No task is left in the session, no body in the server.
    let tasksLeft = await eventually {
      await withCheckedContinuation { continuation in
        session.getAllTasks { continuation.resume(returning: $0.isEmpty) }
      }
    }
    #expect(tasksLeft)
    #expect(await eventually { server.statistics.activeTransfers == 0 })
    // Cancellations hit every phase: some never reached the server (queued), some were
    // dropped mid-body.
    let served = server.statistics
    #expect(served.imageRequests < count)
    #expect(served.abandonedResponses > 0)
    session.invalidateAndCancel()
    await server.stop()
  }

  @Test("a list preloader under a storm of jumps and cell requests ends with nothing running")
  func preloaderStorm() async throws {
    let world = stormWorld
    let (server, url) = try await startServer(world: world, speed: 4)
    let session = URLSession(configuration: .ephemeral)
    let loader = URLSessionLoader(session: session, timeout: .seconds(10))
    let preloader = ListPreloader<FeedPost, URL, Data>(
      strategy: .texture, configuration: LiveRun.configuration(of: world),
      pages: FeedPageSource(server: url, loader: loader),
      loader: loader, cache: MemoryCache<URL, Data>(costLimit: 20_000_000),
      resourceKey: { $0.image }, itemLength: { CGFloat($0.height) })
    preloader.start()
    #expect(await eventually { preloader.items.count >= 20 })
    for _ in 0..<4 {
      preloader.loadNextPage()
      _ = await eventually { !preloader.stateMachine.isLoadingTail }
    }
    let outcomes = Outcomes()
    var random = SplitMix64(seed: 7)
    let requests = 1_500
    // Where to jump (a fraction of the content), which item a cell asks for (a fraction of
    // the loaded ones), and when it gives up (µs).
    let plan = (0..<requests).map { _ in
      (
        jump: Double(random.next() >> 11) * 0x1p-53, cell: Double(random.next() >> 11) * 0x1p-53,
        cancelAfter: Int(random.next() % 40_000)
      )
    }

    let finished = try await withDeadline(seconds: 60) {
      await withTaskGroup(of: Void.self) { group in
        for (index, step) in plan.enumerated() {
          let items = preloader.items
          // A jump every fourth request: each one withdraws and starts a screenful of loads.
          if index % 4 == 0 {
            preloader.scrolled(toOffset: preloader.geometry.contentLength * step.jump)
          }
          let item = items[Int(step.cell * Double(items.count))]
          let cancelAfter = step.cancelAfter
          group.addTask {
            let task = Task { try await preloader.resource(for: item) }
            try? await Task.sleep(for: .microseconds(cancelAfter))
            task.cancel()
            switch await task.result {
            case .success(let data): outcomes.record(.value(item.id, data), for: index)
            case .failure(let error as LoadError) where error.kind == .cancelled:
              outcomes.record(.cancelled, for: index)
            case .failure(let error) where LoadError.classifying(error).kind == .cancelled:
              outcomes.record(.cancelled, for: index)
            case .failure(let error): outcomes.record(.failed("\(error)"), for: index)
            }
          }
          try? await Task.sleep(for: .milliseconds(1))
        }
      }
      return true
    }
    #expect(finished == true, "the storm did not finish within 60 s")
    let all = outcomes.all
    #expect(all.count == requests)
    #expect(all.values.allSatisfy { $0.count == 1 }, "a request was answered twice")
    for case .failed(let reason)? in all.values.map(\.first) {
      Issue.record("a request failed: \(reason)")
    }
    preloader.cancelAll()
    #expect(await eventually { preloader.stateMachine.runningLoadCount == 0 })
    #expect(await eventually { preloader.stateMachine.loadQueueStorage.isEmpty })
    #expect(await eventually { server.statistics.activeTransfers == 0 })
    session.invalidateAndCancel()
    await server.stop()
  }
}
