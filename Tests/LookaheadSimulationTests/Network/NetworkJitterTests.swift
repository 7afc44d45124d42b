import Testing

@testable import LookaheadSimulation

@Suite("Network jitter")
struct NetworkJitterTests {
  // Reference values from an independent Python implementation of the jitter's definition
  // (docs/DESIGN.md, "Precise definitions").
  @Test(
    "z and exp(0.35 z) match the reference implementation",
    arguments: [
      (UInt64(0), ResourceKind.page, 0, 0, -1.9888359461085876, 0.4985294664293046),
      (1, .image, 42, 0, 0.8566104710410023, 1.349607304884608),
      (1, .image, 42, 1, 0.15598020242539606, 1.0561107649651702),
      (7, .page, 3, 2, -1.6403703917131283, 0.5631948394438443),
    ])
  func matchesReference(
    seed: UInt64, kind: ResourceKind, index: Int, attempt: Int, z: Double, factor: Double
  ) {
    let normal = NetworkJitter.normal(seed: seed, kind: kind, index: index, attempt: attempt)
    let jitter = NetworkJitter.factor(seed: seed, kind: kind, index: index, attempt: attempt)
    #expect(abs(normal - z) < 1e-12)
    #expect(abs(jitter - factor) < 1e-12)
  }

  @Test("the jitter is log-normal with σ = 0.35 over many keys")
  func distribution() {
    let values = (0..<20_000).map {
      NetworkJitter.normal(seed: 3, kind: .image, index: $0, attempt: 0)
    }
    let mean = values.reduce(0, +) / Double(values.count)
    let variance = values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count)
    #expect(abs(mean) < 0.03)
    #expect(abs(variance - 1) < 0.05)
  }
}
