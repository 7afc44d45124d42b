import Foundation
import Testing

@testable import LookaheadSimulation

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite("Comparison table and chart")
struct ComparisonReportTests {
  typealias F = ReportFixtures

  private var comparison: Comparison {
    var records: [RunRecord] = []
    for scenario in ["reader", "skimmer", "flinger"] {
      for (index, strategy) in ["texture", "adaptive", "oracle", "lazy-target"].enumerated() {
        records.append(
          F.record(
            strategy, on: "\(scenario)-1", scenario: scenario,
            F.metrics(blank: 40 - 10 * index, bytes: 2_000_000 + 500_000 * index)))
      }
    }
    return Comparison(records: records)
  }

  @Test("each table has a header and one row per strategy, with aligned columns")
  func tableAligned() {
    let table = ComparisonTable.render(rows: comparison.overall)
    let lines = table.split(separator: "\n")
    #expect(lines.count == 1 + 4)
    #expect(lines[0].hasPrefix("strategy"))
    #expect(Set(lines.map(\.count)).count == 1)
    #expect(lines[1].hasPrefix("texture "))
    // texture: 40 blank against the oracle's 20 per trace, 2 MB against 3 MB; against itself 1.
    #expect(lines[1].hasPrefix("texture         4.00         60  "))
    // No frontier ran: its two ratios are dashes.
    #expect(lines[1].hasSuffix("1.00    1.00       2.00    0.67          -       -"))
  }

  @Test("missing ratios show as a dash")
  func dashes() {
    let records = [F.record("threshold", on: "x", F.metrics(blank: 3))]
    let table = ComparisonTable.render(rows: Comparison(records: records).overall)
    let row = table.split(separator: "\n")[1]
    #expect(row.split(separator: " ").filter { $0 == "-" }.count == 7)
  }

  @Test("the full report lists every class and its verdict")
  func fullReport() {
    let text = ComparisonTable.render(comparison)
    #expect(text.hasPrefix("All traces (3 traces)\n"))
    for name in ["reader (1 trace)", "skimmer (1 trace)", "flinger (1 trace)"] {
      #expect(text.contains("\n\(name)\n"))
    }
    #expect(text.components(separatedBy: "target adaptive vs texture: FAIL").count == 4)
  }

  @Test("the SVG is well-formed XML with one panel per trace class and a point per strategy")
  func svgStructure() throws {
    let svg = ComparisonChart.svg(comparison, title: "network lte, layout <feed> & co")
    let collector = ElementCollector()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = collector
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    #expect(collector.elements.first == "svg")
    #expect(collector.panels == ["panel-reader", "panel-skimmer", "panel-flinger"])
    #expect(collector.elements.filter { $0 == "circle" }.count == 12)
    #expect(collector.text.contains("network lte, layout <feed> & co"))
    #expect(collector.text.contains("bytes transferred (MB)"))
    #expect(collector.text.contains("blank item-frames (%, log scale)"))
    #expect(!svg.contains("<script") && !svg.contains("href") && !svg.contains("@import"))
  }

  @Test("axes end on a round value above the largest point")
  func axis() {
    let axis = ComparisonChart.LinearAxis(maximum: 3.7)
    #expect(axis.step == 1 && axis.upperBound == 5)
    #expect(ComparisonChart.LinearAxis(maximum: 11).upperBound == 12.5)
    #expect(ComparisonChart.LinearAxis(maximum: 11).label(2.5) == "2.5")
    #expect(ComparisonChart.LinearAxis(maximum: 0).upperBound > 0)
  }
}

private final class ElementCollector: NSObject, XMLParserDelegate {
  var elements: [String] = []
  var panels: [String] = []
  var text = ""

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    elements.append(elementName)
    if attributes["class"] == "panel", let id = attributes["id"] { panels.append(id) }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    text += string
  }
}

@Suite("Comparison chart layout")
struct ComparisonChartLayoutTests {
  @Test("the blank axis covers whole decades and puts 0 on its floor")
  func logarithmicAxis() {
    let axis = ComparisonChart.LogarithmicAxis(values: [0, 0.21, 2.4, 94])
    #expect(axis.lowerExponent == -1 && axis.upperExponent == 2)
    #expect(axis.ticks == [0.1, 1, 10, 100])
    #expect(axis.fraction(of: 0) == 0 && axis.fraction(of: 0.1) == 0)
    #expect(axis.fraction(of: 100) == 1)
    #expect(axis.label(0.1) == "0.1" && axis.label(10) == "10")
  }

  @Test("labels of coinciding points are stacked without overlapping")
  func stackedLabels() {
    var placer = ComparisonChart.LabelPlacer(bounds: (left: 0, right: 400, top: 0, bottom: 300))
    let first = placer.place("threshold", at: (x: 100, y: 150))
    let second = placer.place("dynamic-threshold", at: (x: 100, y: 150))
    let third = placer.place("infinite-scroll", at: (x: 100, y: 150))
    #expect(!first.isDisplaced && second.isDisplaced && third.isDisplaced)
    let baselines = [first.baseline, second.baseline, third.baseline]
    #expect(Set(baselines).count == 3)
    #expect(
      zip(baselines, baselines.dropFirst()).allSatisfy {
        abs($0 - $1) >= ComparisonChart.LabelPlacer.lineHeight
      })
  }

  @Test("a label that would leave the plot on the right goes left of its point")
  func labelFlipsLeft() {
    var placer = ComparisonChart.LabelPlacer(bounds: (left: 0, right: 400, top: 0, bottom: 300))
    let label = placer.place("pause-while-scrolling", at: (x: 390, y: 100))
    #expect(label.isLeftOfPoint && label.x == 384)
  }
}
