import Foundation

/// Renders `report.svg`: blank rate (y) against bytes (x) per strategy, one panel per trace
/// class (docs/DESIGN.md, "Command-line tools").
///
/// Each panel plots every strategy of its class as a labelled point at (MB transferred,
/// blank %), summed over the class's traces as in the table. Bytes use a linear axis from 0;
/// blank rates span three orders of magnitude between the oracle and
/// `pause-while-scrolling`, so the blank axis is logarithmic (decades of %), with rates at
/// or below its floor drawn on the floor. Labels that would overlap are stacked and tied to
/// their point with a thin line. Panels are laid out two per row. The SVG is self-contained: no
/// scripts, no external fonts (generic `sans-serif`), no links; text is XML-escaped.
///
/// A namespace of pure functions; thread-safe.
public enum ComparisonChart {
  static let panelWidth = 460.0
  static let panelHeight = 340.0
  static let columns = 2
  static let titleHeight = 40.0
  static let plotInsets = (left: 64.0, right: 24.0, top: 36.0, bottom: 52.0)
  static let palette = [
    "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
    "#bcbd22", "#17becf",
  ]

  /// The SVG document for `comparison`.
  ///
  /// - Parameters:
  ///   - comparison: The runs to draw, one panel per trace class.
  ///   - title: The line above the panels, for example the network and layout.
  /// - Complexity: O(rows).
  public static func svg(_ comparison: Comparison, title: String) -> String {
    let panels = comparison.classes
    let rows = max(1, (panels.count + columns - 1) / columns)
    let width = panelWidth * Double(columns)
    let height = titleHeight + panelHeight * Double(rows)
    var strategies: [String] = []
    for row in comparison.overall where !strategies.contains(row.strategy) {
      strategies.append(row.strategy)
    }
    var svg = """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" width="\(number(width))" \
      height="\(number(height))" viewBox="0 0 \(number(width)) \(number(height))" \
      font-family="sans-serif" font-size="11">
      <rect width="100%" height="100%" fill="#ffffff"/>
      <text x="\(number(width / 2))" y="26" text-anchor="middle" font-size="15" \
      font-weight="bold">\(escaped(title))</text>

      """
    for (index, panel) in panels.enumerated() {
      let x = panelWidth * Double(index % columns)
      let y = titleHeight + panelHeight * Double(index / columns)
      svg += self.panel(panel, x: x, y: y, strategies: strategies)
    }
    svg += "</svg>\n"
    return svg
  }

  /// One panel: frame, axes with ticks and labels, and a labelled point per strategy.
  static func panel(
    _ panel: TraceClassComparison, x: Double, y: Double, strategies: [String]
  ) -> String {
    let plot = (
      left: x + plotInsets.left, right: x + panelWidth - plotInsets.right,
      top: y + plotInsets.top, bottom: y + panelHeight - plotInsets.bottom
    )
    let megabytes = panel.strategies.map { Double($0.bytes) / 1_000_000 }
    let percents = panel.strategies.map { $0.blankRate * 100 }
    let xAxis = LinearAxis(maximum: megabytes.max() ?? 0)
    let yAxis = LogarithmicAxis(values: percents)
    func px(_ value: Double) -> Double {
      plot.left + (plot.right - plot.left) * xAxis.fraction(of: value)
    }
    func py(_ value: Double) -> Double {
      plot.bottom - (plot.bottom - plot.top) * yAxis.fraction(of: value)
    }
    let noun = panel.traces == 1 ? "trace" : "traces"
    var svg = "<g class=\"panel\" id=\"panel-\(escaped(panel.traceClass))\">\n"
    svg += """
      <text x="\(number(x + panelWidth / 2))" y="\(number(y + 20))" text-anchor="middle" \
      font-size="13" font-weight="bold">\(escaped(panel.traceClass)) (\(panel.traces) \(noun))\
      </text>
      <rect x="\(number(plot.left))" y="\(number(plot.top))" \
      width="\(number(plot.right - plot.left))" height="\(number(plot.bottom - plot.top))" \
      fill="none" stroke="#999999"/>

      """
    for tick in xAxis.ticks {
      let tx = px(tick)
      svg += """
        <line x1="\(number(tx))" y1="\(number(plot.bottom))" x2="\(number(tx))" \
        y2="\(number(plot.bottom + 4))" stroke="#999999"/>
        <text x="\(number(tx))" y="\(number(plot.bottom + 16))" text-anchor="middle">\
        \(xAxis.label(tick))</text>

        """
    }
    for tick in yAxis.ticks {
      let ty = py(tick)
      svg += """
        <line x1="\(number(plot.left - 4))" y1="\(number(ty))" x2="\(number(plot.left))" \
        y2="\(number(ty))" stroke="#999999"/>
        <text x="\(number(plot.left - 7))" y="\(number(ty + 4))" text-anchor="end">\
        \(yAxis.label(tick))</text>

        """
    }
    svg += """
      <text x="\(number((plot.left + plot.right) / 2))" y="\(number(plot.bottom + 36))" \
      text-anchor="middle">bytes transferred (MB)</text>
      <text x="\(number(x + 16))" y="\(number((plot.top + plot.bottom) / 2))" \
      text-anchor="middle" transform="rotate(-90 \(number(x + 16)) \
      \(number((plot.top + plot.bottom) / 2)))">blank item-frames (%, log scale)</text>

      """
    var labels = LabelPlacer(bounds: plot)
    // Top to bottom, so crowded clusters near the axis stack downward in a stable order.
    let order = panel.strategies.indices.sorted {
      (py(percents[$0]), px(megabytes[$0]), $0) < (py(percents[$1]), px(megabytes[$1]), $1)
    }
    for index in order {
      let row = panel.strategies[index]
      let colorIndex = strategies.firstIndex(of: row.strategy) ?? index
      let color = palette[colorIndex % palette.count]
      let point = (x: px(megabytes[index]), y: py(percents[index]))
      let label = labels.place(row.strategy, at: point)
      svg += """
        <circle cx="\(number(point.x))" cy="\(number(point.y))" r="4" fill="\(color)">\
        <title>\(escaped(row.strategy)): \(ComparisonTable.fixed(percents[index], digits: 2)) % \
        blank, \(ComparisonTable.fixed(megabytes[index], digits: 1)) MB</title></circle>

        """
      if label.isDisplaced {
        svg += """
          <line x1="\(number(point.x))" y1="\(number(point.y))" x2="\(number(label.anchor.x))" \
          y2="\(number(label.anchor.y))" stroke="\(color)" stroke-width="0.6"/>

          """
      }
      svg += """
        <text x="\(number(label.x))" y="\(number(label.baseline))" \
        text-anchor="\(label.isLeftOfPoint ? "end" : "start")" fill="\(color)">\
        \(escaped(row.strategy))</text>

        """
    }
    svg += "</g>\n"
    return svg
  }

  /// A coordinate with at most two decimals and no trailing zeros.
  static func number(_ value: Double) -> String {
    var text = ComparisonTable.fixed(value, digits: 2)
    while text.contains("."), text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }

  /// `text` with the five XML special characters escaped.
  static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      default: result.append(character)
      }
    }
    return result
  }
}
