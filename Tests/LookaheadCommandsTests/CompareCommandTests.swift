import Foundation
import LookaheadSimulation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite("Compare command")
struct CompareCommandTests {
  typealias Harness = CommandLineHarness

  /// A folder with two skimmer traces, one reader trace and one trace of no scenario.
  private func traceFolder() throws -> URL {
    let folder = try Harness.temporaryFolder()
    try Harness.writeTrace(.skimmer, seed: 10, named: "skimmer-10", in: folder)
    try Harness.writeTrace(.skimmer, seed: 2, named: "skimmer-2", in: folder)
    try Harness.writeTrace(.reader, seed: 1, named: "reader_a", in: folder)
    try Harness.writeTrace(.flinger, seed: 1, named: "human", in: folder)
    try Data("not a trace".utf8).write(to: folder.appendingPathComponent("notes.txt"))
    return folder
  }

  private let strategies = "texture,adaptive,oracle"

  @Test("progress on standard error, one table row per strategy on standard output")
  func table() throws {
    let folder = try traceFolder()
    let result = Harness.run(
      ["compare", "--traces", folder.path, "--strategies", strategies])
    #expect(result.exitCode == 0, "\(result.error)")
    let progress = result.error.split(separator: "\n")
    #expect(progress.count == 12)
    #expect(progress.map { $0.prefix { $0 != "]" } } == (1...12).map { "[\($0)/12" })
    let runs = progress.map { $0.drop { $0 != " " }.dropFirst() }
    var expected: Set<Substring> = []
    for trace in ["human", "reader_a", "skimmer-2", "skimmer-10"] {
      for strategy in ["texture", "adaptive", "oracle"] {
        expected.insert("\(strategy) on \(trace)")
      }
    }
    #expect(Set(runs) == expected)
    #expect(result.output.hasPrefix("network lte, layout feed\n\nAll traces (4 traces)\n"))
    for heading in ["\nhuman (1 trace)\n", "\nreader (1 trace)\n", "\nskimmer (2 traces)\n"] {
      #expect(result.output.contains(heading))
    }
    #expect(result.output.components(separatedBy: "target adaptive vs texture:").count == 4)
  }

  @Test("--json prints the records in trace-major order and the aggregates, identically twice")
  func json() throws {
    let folder = try traceFolder()
    let arguments = ["compare", "--traces", folder.path, "--strategies", strategies, "--json"]
    let first = Harness.run(arguments)
    #expect(first.exitCode == 0, "\(first.error)")
    // Runs go in parallel; the output must not depend on which finished first.
    #expect(Harness.run(arguments).output == first.output)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(first.output.utf8)) as? [String: Any])
    let records = try #require(object["records"] as? [[String: Any]])
    // Natural order: human, reader_a, skimmer-2, skimmer-10.
    let traces = records.map { $0["trace"] as? String ?? "" }
    #expect(
      traces == [
        "human", "human", "human", "reader_a", "reader_a", "reader_a", "skimmer-2",
        "skimmer-2", "skimmer-2", "skimmer-10", "skimmer-10", "skimmer-10",
      ])
    #expect(
      records.map { $0["scenario"] as? String ?? "" }.prefix(4) == [
        "human", "human", "human", "reader",
      ])
    // Each parallel run measures exactly what a lone run of the same setup measures.
    struct Results: Decodable { var records: [RunRecord] }
    let decoded = try JSONDecoder().decode(Results.self, from: Data(first.output.utf8))
    let last = try #require(decoded.records.last)
    let trace = try Trace(contentsOf: folder.appendingPathComponent("skimmer-10.csv"))
    #expect(last.metrics == Simulation.run(SimulationSetup(trace: trace, strategy: .oracle)))
    let classes = try #require(object["classes"] as? [[String: Any]])
    #expect(classes.map { $0["trace_class"] as? String ?? "" } == ["human", "reader", "skimmer"])
  }

  @Test("--scenarios keeps only those classes of a trace folder")
  func scenariosFilter() throws {
    let folder = try traceFolder()
    let result = Harness.run(
      ["compare", "--traces", folder.path, "--scenarios", "skimmer", "--strategies", "texture"])
    #expect(result.exitCode == 0, "\(result.error)")
    #expect(result.error.split(separator: "\n").count == 2)
    #expect(result.output.contains("\nskimmer (2 traces)\n"))
    #expect(!result.output.contains("reader"))
  }

  @Test("--out writes a well-formed report.svg with one panel per class, and results.json")
  func out() throws {
    let folder = try traceFolder()
    let out = folder.appendingPathComponent("report/nested")
    let result = Harness.run(
      ["compare", "--traces", folder.path, "--strategies", strategies, "--out", out.path, "--json"])
    #expect(result.exitCode == 0, "\(result.error)")
    let results = try Data(contentsOf: out.appendingPathComponent("results.json"))
    #expect(String(decoding: results, as: UTF8.self) == result.output)
    let svg = try Data(contentsOf: out.appendingPathComponent("report.svg"))
    let panels = PanelCollector()
    let parser = XMLParser(data: svg)
    parser.delegate = panels
    #expect(parser.parse())
    #expect(panels.ids == ["panel-human", "panel-reader", "panel-skimmer"])
    #expect(panels.circles == 9)
  }

  @Test("an --out that cannot be created fails the run with exit code 1")
  func unwritableOut() throws {
    let folder = try traceFolder()
    let blocked = folder.appendingPathComponent("human.csv/report").path
    let result = Harness.run(
      ["compare", "--traces", folder.path, "--strategies", "oracle", "--out", blocked])
    #expect(result.exitCode == 1)
    let lines = result.error.split(separator: "\n")
    #expect(lines.last?.hasPrefix("Error: cannot write the report into \(blocked)") == true)
    #expect(!result.error.contains("Usage:"))
  }
}

private final class PanelCollector: NSObject, XMLParserDelegate {
  var ids: [String] = []
  var circles = 0

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    if elementName == "circle" { circles += 1 }
    if attributes["class"] == "panel", let id = attributes["id"] { ids.append(id) }
  }
}
