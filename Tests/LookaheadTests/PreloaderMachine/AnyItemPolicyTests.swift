import Foundation
import Testing

@testable import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// A custom policy that notes, on every call, whether the object it keeps is referenced
/// by this copy of the policy alone: a policy called on a copy of itself would find its
/// reused buffers shared, and copy them on every write.
private struct UniquenessProbe: ItemPolicy {
  final class Token: Sendable {}

  var token = Token()
  var calls = 0
  var callsOnACopy = 0

  mutating func wantedItems<Layout: ItemLayout>(
    for input: PolicyInput<Layout>, status: some LoadStatus, into requests: inout [PreloadRequest]
  ) {
    note()
    requests.append(PreloadRequest(item: 0, priority: .visible, order: 0))
  }

  mutating func loadDidFinish(latency: Duration, bytes: Int) { note() }

  private mutating func note() {
    calls += 1
    if !isKnownUniquelyReferenced(&token) { callsOnACopy += 1 }
  }
}

@Suite("AnyItemPolicy") struct AnyItemPolicyTests {
  @Test("a custom policy is called in place not on a copy")
  func aCustomPolicyIsCalledInPlaceNotOnACopy() throws {
    var policy = AnyItemPolicy(UniquenessProbe())
    let layout = ListLayout(crossLength: 390, itemLengths: Array(repeating: 100, count: 50))
    let input = PolicyInput(
      time: .zero, layout: layout, viewport: CGRect(x: 0, y: 0, width: 390, height: 1000),
      tracker: ScrollTracker())
    var requests: [PreloadRequest] = []
    for _ in 0..<3 {
      requests.removeAll(keepingCapacity: true)
      policy.wantedItems(for: input, status: ClosureLoadStatus(), into: &requests)
      policy.loadDidFinish(latency: .milliseconds(100), bytes: 1_000)
    }
    #expect(requests.map(\.item) == [0])
    let probe = try #require(policy.base as? UniquenessProbe)
    #expect(probe.calls == 6)
    #expect(probe.callsOnACopy == 0)
  }

  @Test("copies of an adaptive policy learn apart")
  func copiesOfAnAdaptivePolicyLearnApart() throws {
    // The adaptive policy lives in a box that copies share until one of them learns.
    var original = AnyItemPolicy(AdaptivePolicy())
    var copy = original
    let fresh = AdaptivePolicy().leadTime()
    for _ in 0..<20 { original.loadDidFinish(latency: .seconds(2), bytes: 50_000) }
    let learned = try #require(original.base as? AdaptivePolicy).leadTime()
    #expect(learned > fresh)
    #expect(try #require(copy.base as? AdaptivePolicy).leadTime() == fresh)
    for _ in 0..<20 { copy.loadDidFinish(latency: .milliseconds(50), bytes: 50_000) }
    #expect(try #require(copy.base as? AdaptivePolicy).leadTime() < fresh)
    #expect(try #require(original.base as? AdaptivePolicy).leadTime() == learned)
  }

  @Test("copies of a model policy learn apart")
  func copiesOfAModelPolicyLearnApart() throws {
    // Like the adaptive policy, the model lives in a box that copies share until one of
    // them learns.
    var original = AnyItemPolicy(ModelPolicy())
    var copy = original
    let fresh = ModelPolicy().link.bandwidth
    for bytes in [20_000, 60_000, 100_000, 140_000] {
      original.loadDidFinish(latency: .milliseconds(100 + bytes / 100), bytes: bytes)
    }
    let learned = try #require(original.base as? ModelPolicy).link.bandwidth
    #expect(learned != fresh)
    #expect(try #require(copy.base as? ModelPolicy).link.bandwidth == fresh)
    for bytes in [20_000, 60_000, 100_000, 140_000] {
      copy.loadDidFinish(latency: .milliseconds(100 + bytes / 1_000), bytes: bytes)
    }
    let copyLearned = try #require(copy.base as? ModelPolicy).link.bandwidth
    #expect(copyLearned != fresh && copyLearned != learned)
    #expect(try #require(original.base as? ModelPolicy).link.bandwidth == learned)
  }
}
