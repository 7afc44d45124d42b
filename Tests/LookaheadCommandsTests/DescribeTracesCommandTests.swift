import Foundation
import LookaheadSimulation
import Testing

@testable import LookaheadCommands

@Suite("lookahead traces describe")
struct DescribeTracesCommandTests {
  typealias Harness = CommandLineHarness

  @Test("files give one row each and a combined row, as TraceProfile reads them")
  func files() throws {
    let folder = try Harness.temporaryFolder()
    let reader = try Harness.writeTrace(.reader, seed: 1, named: "reader-1", in: folder)
    let flinger = try Harness.writeTrace(.flinger, seed: 2, named: "flinger-2", in: folder)
    let result = Harness.run(["traces", "describe", reader, flinger])
    #expect(result.exitCode == 0, "\(result.error)")
    #expect(result.error.isEmpty)
    let lines = result.output.split(separator: "\n")
    #expect(lines.count == 5)  // header, two traces, all, the legend
    #expect(lines[0].hasPrefix("trace") && lines[0].contains("lift-off p50"))
    #expect(lines[1].hasPrefix("reader-1 ") && lines[2].hasPrefix("flinger-2 "))
    #expect(lines[3].hasPrefix("all "))
    let expected = TraceProfileReport.render([
      .init(
        name: "reader-1",
        profile: TraceProfile(trace: try Trace(contentsOf: URL(fileURLWithPath: reader)))),
      .init(
        name: "flinger-2",
        profile: TraceProfile(trace: try Trace(contentsOf: URL(fileURLWithPath: flinger)))),
    ])
    #expect(result.output == expected)
  }

  @Test("--json has one object per trace plus all, with null quantiles when nothing lifted off")
  func json() throws {
    let folder = try Harness.temporaryFolder()
    let still = folder.appendingPathComponent("still.csv")
    try Data(Trace([(0, 40), (500, 40), (1_500, 40)]).csv.utf8).write(to: still)
    let result = Harness.run(["traces", "describe", still.path, "--json"])
    #expect(result.exitCode == 0, "\(result.error)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let rows = try #require(object["traces"] as? [[String: Any]])
    #expect(rows.count == 1)  // one trace: no combined row
    #expect(rows[0]["name"] as? String == "still")
    #expect(rows[0]["lift_offs"] as? Int == 0)
    #expect(rows[0]["lift_off_p50_pt_s"] is NSNull)
    #expect(rows[0]["idle_periods"] as? Int == 1)
    #expect(rows[0]["duration_s"] as? Double == 1.5)
  }

  @Test("--scenarios and --seeds describe the generated traces compare would replay")
  func generated() {
    let result = Harness.run(["traces", "describe", "--scenarios", "random", "--seeds", "3-4"])
    #expect(result.exitCode == 0, "\(result.error)")
    let names = result.output.split(separator: "\n").dropFirst().prefix(3).map {
      $0.split(separator: " ").first.map(String.init) ?? ""
    }
    #expect(names == ["random-3", "random-4", "all"])
  }

  @Test("nothing to describe, both sources at once, or a missing file exit with 2")
  func badInput() throws {
    for arguments in [
      ["traces", "describe"],
      ["traces", "describe", "x.csv", "--seeds", "1-2"],
      ["traces", "describe", "/no/such/trace.csv"],
    ] {
      let result = Harness.run(arguments)
      #expect(result.exitCode == 2, "\(arguments)")
      #expect(result.output.isEmpty)
      #expect(result.errorLines.first?.hasPrefix("Error: ") == true)
    }
  }
}
