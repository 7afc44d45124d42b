import Testing

@_spi(Simulation) @testable import Lookahead

@Suite("AdaptivePolicy trimming") struct AdaptivePolicyTrimTests {
  /// The three steps of ``AdaptivePolicy/trimPrefetches(_:waitsOnScreen:isLearning:budget:visibleCount:waitingVisible:demand:status:)``
  /// one after another, each over the whole array: the reference.
  private static func trimmedStepByStep(
    _ prefetches: [PreloadRequest], waitsOnScreen: Bool, isLearning: Bool, budget: Int,
    limit: Int?, waitingVisible: Int, loading: Set<Int>, ready: Set<Int>
  ) -> [PreloadRequest] {
    var trimmed = prefetches
    if waitsOnScreen {
      trimmed.removeAll { (isLearning || $0.priority == .preload) && !loading.contains($0.item) }
    }
    if trimmed.count > budget { trimmed.removeLast(trimmed.count - budget) }
    guard let limit else { return trimmed }
    var inFlight = waitingVisible + trimmed.count { loading.contains($0.item) }
    return trimmed.filter { request in
      guard !loading.contains(request.item), !ready.contains(request.item) else { return true }
      guard inFlight < limit else { return false }
      inFlight += 1
      return true
    }
  }

  @Test("trimming in one pass keeps what the three steps keep one after another")
  func trimmingMatchesTheStepsOneAfterAnother() {
    var configuration = AdaptivePolicy.Configuration()
    configuration.pipeDepthFactor = 1
    configuration.minimumLoadsInFlight = 3
    configuration.slowLinkMinimumLoadsInFlight = 2
    // The fixture's 0.25 s of link per load counts as slow, so the demand decides the
    // floor.
    configuration.slowLinkLoadTime = .milliseconds(200)
    configuration.loadsInFlightPerVisibleItem = 0.5
    var policy = AdaptivePlayer.learnedBandwidth(configuration).policy
    var random = SplitMix64(seed: 5)
    var limits: Set<Int?> = []
    for _ in 0..<1_000 {
      let count = random.nextInt(in: 0...40)
      let prefetches = (0..<count).map { item in
        PreloadRequest(
          item: item, priority: random.nextBool(probability: 0.5) ? .display : .preload,
          order: Double(item))
      }
      let loading = Set((0..<count).filter { _ in random.nextBool(probability: 0.25) })
      let ready = Set((0..<count).filter { _ in random.nextBool(probability: 0.2) })
      let status = ClosureLoadStatus(
        isReady: { ready.contains($0) }, isLoading: { loading.contains($0) })
      let waitsOnScreen = random.nextBool(probability: 0.5)
      let isLearning = random.nextBool(probability: 0.3)
      let budget = random.nextInt(in: 0...30)
      let visibleCount = random.nextInt(in: 0...12)
      let waitingVisible = random.nextInt(in: 0...visibleCount)
      let demand = random.nextBool(probability: 0.2) ? nil : Double(random.nextInt(in: 0...40)) / 10
      let limit = policy.loadsInFlightLimit(visibleCount: visibleCount, demand: demand)
      limits.insert(limit)
      let expected = Self.trimmedStepByStep(
        prefetches, waitsOnScreen: waitsOnScreen, isLearning: isLearning, budget: budget,
        limit: limit, waitingVisible: waitingVisible, loading: loading, ready: ready)
      var actual = prefetches
      policy.trimPrefetches(
        &actual, waitsOnScreen: waitsOnScreen, isLearning: isLearning, budget: budget,
        visibleCount: visibleCount, waitingVisible: waitingVisible, demand: demand, status: status)
      #expect(actual == expected)
      guard actual == expected else { return }
    }
    // Both floors (2 outside the busy demand, 3 inside it or with the demand unknown)
    // and limits that grow with the items on screen were exercised.
    #expect(limits.isSuperset(of: [2, 3, 6]))
  }
}
