import Foundation
import Testing

@testable import LookaheadSimulation

@Suite("Run record")
struct RunRecordTests {
  private let metricKeys = Set(RunMetrics.CodingKeys.allCases.map(\.rawValue))

  private func keys(of data: Data) throws -> Set<String> {
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    return Set(try #require(object).keys)
  }

  @Test("a lone run encodes the five identification keys plus exactly the metric keys")
  func loneRunKeys() throws {
    let record = ReportFixtures.record("texture", on: "skimmer-3", ReportFixtures.metrics())
    let expected = metricKeys.union(["strategy", "trace", "network", "layout", "seed"])
    #expect(try keys(of: record.jsonData()) == expected)
    #expect(
      metricKeys == [
        "visible_item_frames", "blank_item_frames", "blank_rate", "stall_ms", "bytes",
        "wasted_bytes", "requests", "cancelled", "pages", "ttc_p50_ms", "ttc_p95_ms",
        "peak_cache_bytes",
      ])
  }

  @Test("a run in a comparison also carries its scenario")
  func scenarioKey() throws {
    let record = ReportFixtures.record(
      "texture", on: "skimmer-3", scenario: "skimmer", ReportFixtures.metrics())
    #expect(try keys(of: record.jsonData()).contains("scenario"))
    #expect(record.traceClass == "skimmer")
  }

  @Test("JSON has sorted keys, is flat, and decodes back to an equal record")
  func roundTrip() throws {
    let record = ReportFixtures.record(
      "adaptive", on: "reader-1", scenario: "reader", seed: 7,
      ReportFixtures.metrics(blank: 12, stall: 33.5, ttcP95: 120))
    let data = record.jsonData()
    let text = try #require(String(data: data, encoding: .utf8))
    #expect(text.hasPrefix(#"{"blank_item_frames":12,"blank_rate":0.012,"bytes":1000000,"#))
    #expect(!text.contains("metrics"))
    #expect(try JSONDecoder().decode(RunRecord.self, from: data) == record)
    #expect(record.jsonData() == data)
  }
}
