import Foundation
@_spi(Machines) import Lookahead
import Testing

/// Bad arguments to the loading engine are programmer errors: they trap with a
/// message naming the argument.
@Suite("Loading preconditions")
struct LoadingPreconditionTests {
  static func stderr(_ result: ExitTest.Result?) -> String {
    result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
  }

  @Test("a NaN order traps naming the argument")
  func nanOrderTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var queue = LoadQueue<Int, Int>()
      _ = queue.want(1, by: 1, priority: .visible, order: .nan, now: .zero)
    }
    #expect(Self.stderr(result).contains("order must not be NaN"))
  }

  @Test("a concurrency cap below one traps naming the argument")
  func zeroConcurrencyTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = LoadQueueConfiguration(maximumConcurrentLoads: 0)
    }
    #expect(Self.stderr(result).contains("maximumConcurrentLoads must be at least 1"))
  }

  @Test("a negative cache cost traps naming the argument")
  func negativeCostTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      MemoryCache<Int, Int>().setValue(1, forKey: 1, cost: -1)
    }
    #expect(Self.stderr(result).contains("cost must not be negative"))
  }
}
