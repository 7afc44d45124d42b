import Foundation
import Testing

@testable import LookaheadSimulation

@Suite("Comparison aggregation")
struct ComparisonTests {
  typealias F = ReportFixtures

  /// Two skimmer traces and one reader trace; oracle, texture and adaptive on each.
  private var records: [RunRecord] {
    [
      F.record("oracle", on: "skimmer-1", scenario: "skimmer", F.metrics(blank: 10, bytes: 100)),
      F.record(
        "texture", on: "skimmer-1", scenario: "skimmer",
        F.metrics(blank: 50, stall: 20, bytes: 300, wasted: 100, ttcP95: 200)),
      F.record(
        "adaptive", on: "skimmer-1", scenario: "skimmer",
        F.metrics(blank: 5, stall: 10, bytes: 150, ttcP95: 100)),
      F.record(
        "oracle", on: "skimmer-2", scenario: "skimmer", seed: 2, F.metrics(blank: 10, bytes: 100)),
      F.record(
        "texture", on: "skimmer-2", scenario: "skimmer", seed: 2,
        F.metrics(blank: 30, stall: 0, bytes: 300, wasted: 50, ttcP95: 100)),
      F.record(
        "adaptive", on: "skimmer-2", scenario: "skimmer", seed: 2,
        F.metrics(blank: 30, stall: 0, bytes: 150, ttcP95: 50)),
      F.record("oracle", on: "reader-1", scenario: "reader", F.metrics(visible: 500, blank: 0)),
      F.record("texture", on: "reader-1", scenario: "reader", F.metrics(visible: 500, blank: 4)),
      F.record("adaptive", on: "reader-1", scenario: "reader", F.metrics(visible: 500, blank: 1)),
    ]
  }

  private func row(_ strategy: String, in rows: [StrategyAggregate]) throws -> StrategyAggregate {
    try #require(rows.first { $0.strategy == strategy })
  }

  @Test("classes and strategies keep the order of first appearance")
  func order() {
    let comparison = Comparison(records: records)
    #expect(comparison.overall.map(\.strategy) == ["oracle", "texture", "adaptive"])
    #expect(comparison.classes.map(\.traceClass) == ["skimmer", "reader"])
    #expect(comparison.classes.map(\.traces) == [2, 1])
  }

  @Test("sums per class: frames, blank rate as a ratio of sums, stall, bytes, mean ttc p95")
  func sums() throws {
    let skimmer = Comparison(records: records).classes[0]
    let texture = try row("texture", in: skimmer.strategies)
    #expect(texture.runs == 2)
    #expect(texture.visibleItemFrames == 2_000)
    #expect(texture.blankItemFrames == 80)
    #expect(texture.blankRate == 80.0 / 2_000.0)
    #expect(texture.stallMilliseconds == 20)
    #expect(texture.bytes == 600)
    #expect(texture.wastedBytes == 150)
    #expect(texture.requests == 20)
    #expect(texture.meanTimeToContentP95 == 150)
  }

  @Test("avoidable blank is clamped at zero per trace before summing")
  func avoidableClampedPerTrace() throws {
    let skimmer = Comparison(records: records).classes[0]
    // adaptive: skimmer-1 5 − 10 → 0 (not −5), skimmer-2 30 − 10 = 20.
    #expect(try row("adaptive", in: skimmer.strategies).avoidableBlankItemFrames == 20)
    // texture: 40 + 20.
    #expect(try row("texture", in: skimmer.strategies).avoidableBlankItemFrames == 60)
    #expect(try row("oracle", in: skimmer.strategies).avoidableBlankItemFrames == 0)
  }

  @Test("ratios to texture and to the oracle")
  func ratios() throws {
    let skimmer = Comparison(records: records).classes[0]
    let adaptive = try row("adaptive", in: skimmer.strategies)
    let toTexture = try #require(adaptive.ratioToTexture)
    #expect(toTexture.avoidableBlankItemFrames == 20.0 / 60.0)
    #expect(toTexture.bytes == 0.5)
    #expect(toTexture.stallMilliseconds == 0.5)
    let toOracle = try #require(adaptive.ratioToOracle)
    #expect(toOracle.blankItemFrames == 35.0 / 20.0)
    #expect(toOracle.bytes == 1.5)
    // The oracle has no avoidable blank: no multiple exists.
    #expect(toOracle.avoidableBlankItemFrames == nil)
  }

  @Test("the verdict per class is derived from the class's rows")
  func verdictPerClass() throws {
    let comparison = Comparison(records: records)
    let skimmer = try #require(comparison.classes[0].verdict)
    #expect(skimmer.adaptiveAvoidableBlank == 20 && skimmer.textureAvoidableBlank == 60)
    #expect(skimmer.passesTextureTest)
    // 35 blank vs the oracle's 20 is over 1.5×; 300 bytes vs 200 is over 1.3×.
    #expect(!skimmer.meetsOracleTarget)
    let reader = try #require(comparison.classes[1].verdict)
    // Avoidable 1 vs 4, bytes equal, stall equal.
    #expect(reader.passesTextureTest)
  }

  @Test("without an oracle run on a trace, avoidable blank is unknown")
  func missingOracle() throws {
    let partial = records.filter { !($0.strategy == "oracle" && $0.trace == "skimmer-2") }
    let skimmer = Comparison(records: partial).classes[0]
    #expect(try row("texture", in: skimmer.strategies).avoidableBlankItemFrames == nil)
    #expect(skimmer.verdict == nil)
  }

  @Test("a run pairs only with the oracle run of the same trace, network, layout and seed")
  func oraclePairing() throws {
    var other = records[0]
    other.network = "3g"
    other.metrics.blankItemFrames = 0
    let comparison = Comparison(records: [other] + Array(records.dropFirst()))
    // skimmer-1 on lte has no oracle any more.
    let texture = try row("texture", in: comparison.classes[0].strategies)
    #expect(texture.avoidableBlankItemFrames == nil)
  }

  @Test("results JSON has the three sections and writes null for missing values")
  func json() throws {
    let partial = records.filter { $0.strategy != "oracle" }
    let data = Comparison(records: partial).jsonData()
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(Set(object.keys) == ["records", "overall", "classes"])
    let text = try #require(String(data: data, encoding: .utf8))
    #expect(text.contains(#""avoidable_blank_item_frames" : null"#))
    #expect(text.contains(#""verdict" : null"#))
    #expect(Comparison(records: partial).jsonData() == data)
  }
}
