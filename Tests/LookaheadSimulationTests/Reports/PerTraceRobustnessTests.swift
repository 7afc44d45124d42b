import Foundation
import Testing

@testable import LookaheadSimulation

@Suite("Per-trace robustness of adaptive against texture")
struct PerTraceRobustnessTests {
  typealias F = ReportFixtures
  typealias Outcome = PerTraceRobustness.TraceOutcome

  private func outcome(
    _ trace: String = "t", traceClass: String = "random", avoidable: (Int, Int) = (0, 0),
    bytes: (Int, Int) = (100, 100), oracleBytes: Int? = nil
  ) -> Outcome {
    Outcome(
      trace: trace, traceClass: traceClass, network: "lte", layout: "feed", seed: 1,
      adaptiveAvoidableBlank: avoidable.0, textureAvoidableBlank: avoidable.1,
      adaptiveBytes: bytes.0, textureBytes: bytes.1, oracleBytes: oracleBytes ?? bytes.1)
  }

  /// Texture, adaptive and oracle on one trace: the oracle has `oracleBlank` blank
  /// item-frames; texture and adaptive have theirs, and their bytes.
  private func runs(
    on trace: String, scenario: String, seed: UInt64 = 1, oracleBlank: Int = 10,
    texture: (blank: Int, bytes: Int), adaptive: (blank: Int, bytes: Int)
  ) -> [RunRecord] {
    [
      F.record(
        "texture", on: trace, scenario: scenario, seed: seed,
        F.metrics(blank: texture.blank, bytes: texture.bytes)),
      F.record(
        "adaptive", on: trace, scenario: scenario, seed: seed,
        F.metrics(blank: adaptive.blank, bytes: adaptive.bytes)),
      F.record(
        "oracle", on: trace, scenario: scenario, seed: seed,
        F.metrics(blank: oracleBlank, bytes: 900_000)),
    ]
  }

  @Test("exactly 5 more avoidable blank item-frames and exactly 1.02× the bytes is robust")
  func onTheBoundary() {
    let boundary = outcome(avoidable: (17, 12), bytes: (1_020_000, 1_000_000))
    #expect(boundary.isAvoidableBlankWithinAllowance && boundary.isBytesWithinAllowance)
    #expect(boundary.isRobust)
    #expect(!outcome(avoidable: (18, 12)).isRobust)
    #expect(!outcome(bytes: (1_020_001, 1_000_000)).isRobust)
    #expect(outcome(avoidable: (0, 40), bytes: (10, 100)).isRobust)
    #expect(outcome(bytes: (51, 50)).bytesRatio == 1.02)
    #expect(outcome(bytes: (0, 0)).isRobust && outcome(bytes: (0, 0)).bytesRatio == nil)
    #expect(!outcome(bytes: (1, 0)).isRobust)
  }

  @Test("the oracle's bytes are judged by the same allowance, and never decide robustness")
  func oracleBytes() {
    let boundary = outcome(bytes: (100, 1_000_000), oracleBytes: 1_020_000)
    #expect(boundary.isOracleBytesWithinAllowance && boundary.oracleBytesRatio == 1.02)
    let over = outcome(bytes: (100, 1_000_000), oracleBytes: 1_020_001)
    #expect(!over.isOracleBytesWithinAllowance && over.isRobust)
    #expect(outcome(bytes: (0, 0), oracleBytes: 0).oracleBytesRatio == nil)
    let robustness = PerTraceRobustness(outcomes: [
      over, outcome("a", traceClass: "x", bytes: (200, 100), oracleBytes: 150),
      outcome("b", traceClass: "x", bytes: (200, 100)),
    ])
    #expect(robustness.overall.oracleOverBytesAllowance == 2)
    #expect(robustness.classes.map(\.oracleOverBytesAllowance) == [1, 1])
    #expect(
      robustness.report.contains(
        "\n  the oracle's bytes > 1.02× texture's on 2/3 traces (66 %); 1 of the 2 failing traces\n"
      ))
    #expect(robustness.report.contains("\n    a  0/0  2.000×/1.500×\n"))
  }

  @Test("the criterion passes at exactly 95 % of the traces and fails one trace below")
  func requiredShare() {
    let robust = (0..<19).map { outcome("r\($0)") }
    let passing = PerTraceRobustness(outcomes: robust + [outcome("bad", avoidable: (9, 0))])
    #expect(passing.overall.traces == 20 && passing.overall.robustTraces == 19)
    #expect(passing.passes && passing.overall.share == 0.95)
    let failing = PerTraceRobustness(
      outcomes: Array(robust.dropFirst()) + [
        outcome("bad", avoidable: (9, 0)), outcome("worse", bytes: (200, 100)),
      ])
    #expect(failing.overall.robustTraces == 18 && !failing.passes)
    #expect(failing.failures.map(\.trace) == ["bad", "worse"])
  }

  @Test("records are paired per trace with the oracle's blank, and tallied per class and overall")
  func fromRecords() throws {
    var records: [RunRecord] = []
    // random-1: avoidable 30 vs 20 (oracle 10), bytes equal: not robust (30 > 20 + 5).
    records += runs(
      on: "random-1", scenario: "random", texture: (30, 1_000_000), adaptive: (40, 1_000_000))
    // random-2: adaptive below the oracle clamps to 0; bytes 1.01×: robust.
    records += runs(
      on: "random-2", scenario: "random", seed: 2, texture: (12, 1_000_000),
      adaptive: (4, 1_010_000))
    // random-3: bytes 1.03×: not robust.
    records += runs(
      on: "random-3", scenario: "random", seed: 3, texture: (10, 1_000_000),
      adaptive: (10, 1_030_000))
    // reader-1: avoidable 5 vs 0: robust.
    records += runs(
      on: "reader-1", scenario: "reader", texture: (10, 500_000), adaptive: (15, 500_000))
    let robustness = try #require(PerTraceRobustness(records: records))
    #expect(robustness.outcomes.map(\.trace) == ["random-1", "random-2", "random-3", "reader-1"])
    let first = robustness.outcomes[0]
    #expect(first.adaptiveAvoidableBlank == 30 && first.textureAvoidableBlank == 20)
    #expect(robustness.outcomes[1].adaptiveAvoidableBlank == 0)
    #expect(robustness.outcomes.map(\.isRobust) == [false, true, false, true])
    // The oracle's 900,000 bytes are within 1.02× texture's 1,000,000, not its 500,000.
    #expect(robustness.outcomes.map(\.isOracleBytesWithinAllowance) == [true, true, true, false])
    #expect(robustness.outcomes[3].oracleBytes == 900_000)
    #expect(
      robustness.classes == [
        PerTraceRobustness.Tally(traceClass: "random", traces: 3, robustTraces: 1),
        PerTraceRobustness.Tally(
          traceClass: "reader", traces: 1, robustTraces: 1, oracleOverBytesAllowance: 1),
      ])
    #expect(
      robustness.overall
        == .init(traceClass: nil, traces: 4, robustTraces: 2, oracleOverBytesAllowance: 1))
    #expect(Comparison(records: records).perTraceRobustness == robustness)
  }

  @Test("traces without all three strategies are left out; with none left there is no criterion")
  func missingStrategies() throws {
    let complete = runs(on: "a", scenario: "x", texture: (10, 100), adaptive: (10, 100))
    let noOracle = runs(on: "b", scenario: "x", texture: (10, 100), adaptive: (10, 100))
      .filter { $0.strategy != "oracle" }
    let robustness = try #require(PerTraceRobustness(records: complete + noOracle))
    #expect(robustness.outcomes.map(\.trace) == ["a"])
    #expect(PerTraceRobustness(records: noOracle) == nil)
    #expect(Comparison(records: noOracle).perTraceRobustness == nil)
  }

  @Test("the report has one line per class, one for all traces, and at most ten failures")
  func report() {
    var outcomes = (1...12).map { outcome("random-\($0)", avoidable: (40, 12)) }
    outcomes.append(outcome("reader-1", traceClass: "reader", bytes: (1_031, 1_000)))
    outcomes.append(outcome("reader-2", traceClass: "reader"))
    let lines = PerTraceRobustness(outcomes: outcomes).report.split(separator: "\n")
    #expect(
      lines[0]
        == "per-trace (adaptive vs texture: avoidable ≤ +5, bytes ≤ 1.02×; PASS when ≥ 95 %):")
    #expect(lines[1] == "  random      0/12 traces (0 %) FAIL")
    #expect(lines[2] == "  reader      1/2 traces (50 %) FAIL")
    #expect(lines[3] == "  all traces  1/14 traces (7 %) FAIL")
    let oracleLine = "  the oracle's bytes > 1.02× texture's on 0/14 traces (0 %); "
    #expect(lines[4] == oracleLine + "0 of the 13 failing traces")
    #expect(
      lines[5] == "  failing (avoidable blank adaptive/texture, bytes × texture adaptive/oracle):")
    #expect(lines[6] == "    random-1   40/12  1.000×/1.000×")
    #expect(lines.count == 6 + 10 + 1)
    #expect(lines.last == "    … (3 more)")
    let passing = PerTraceRobustness(outcomes: [outcome("reader-1", traceClass: "reader")])
    #expect(
      passing.report.split(separator: "\n").dropFirst() == [
        "  reader      1/1 traces (100 %) PASS", "  all traces  1/1 traces (100 %) PASS",
        "  the oracle's bytes > 1.02× texture's on 0/1 traces (0 %)",
      ])
  }

  @Test("shares are rounded down, so 94.9 % never shows as 95 %")
  func roundedDown() {
    let outcomes = (0..<1_000).map { outcome("t\($0)", avoidable: ($0 < 51 ? 9 : 0, 0)) }
    let report = PerTraceRobustness(outcomes: outcomes).report
    #expect(report.contains("  all traces  949/1000 traces (94 %) FAIL\n"))
  }

  @Test("the comparison's table and JSON carry the criterion only when the three strategies ran")
  func inComparison() throws {
    let records = runs(on: "random-1", scenario: "random", texture: (10, 100), adaptive: (10, 100))
    let comparison = Comparison(records: records)
    let text = ComparisonTable.render(comparison)
    #expect(text.contains("\nper-trace (adaptive vs texture"))
    #expect(text.contains("\n  random      1/1 traces (100 %) PASS\n"))
    let object = try #require(
      try JSONSerialization.jsonObject(with: comparison.jsonData()) as? [String: Any])
    #expect(Set(object.keys) == ["records", "overall", "classes", "per_trace_robustness"])
    let robustness = try #require(object["per_trace_robustness"] as? [String: Any])
    #expect(robustness["required_share"] as? Double == 0.95)
    let traces = try #require(robustness["traces"] as? [[String: Any]])
    #expect(traces.first?["robust"] as? Bool == true)
    #expect(traces.first?["oracle_bytes"] as? Int == 900_000)
    #expect(traces.first?["oracle_bytes_within_allowance"] as? Bool == false)
    let overall = try #require(robustness["overall"] as? [String: Any])
    #expect(overall["oracle_over_bytes_allowance"] as? Int == 1)
    #expect(traces.first?["trace_class"] as? String == "random")
    let withoutOracle = Comparison(records: records.filter { $0.strategy != "oracle" })
    #expect(!ComparisonTable.render(withoutOracle).contains("per-trace"))
  }
}
