import Foundation

/// Renders `report.svg`: blank rate (y) against bytes (x) per strategy, one panel per trace
/// class (SPEC §9).
///
/// Each panel plots every strategy of its class as a labelled point at (MB transferred,
/// blank %), summed over the class's traces as in the table, on axes that start at 0 with
/// round tick values. Panels are laid out two per row. The SVG is self-contained: no
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
  /// - Parameter title: the line above the panels, for example the network and layout.
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
    let xAxis = Axis(maximum: megabytes.max() ?? 0)
    let yAxis = Axis(maximum: percents.max() ?? 0)
    func px(_ value: Double) -> Double {
      plot.left + (plot.right - plot.left) * value / xAxis.upperBound
    }
    func py(_ value: Double) -> Double {
      plot.bottom - (plot.bottom - plot.top) * value / yAxis.upperBound
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
      \(number((plot.top + plot.bottom) / 2)))">blank item-frames (%)</text>

      """
    for (index, row) in panel.strategies.enumerated() {
      let colorIndex = strategies.firstIndex(of: row.strategy) ?? index
      let color = palette[colorIndex % palette.count]
      let cx = px(megabytes[index])
      let cy = py(percents[index])
      svg += """
        <circle cx="\(number(cx))" cy="\(number(cy))" r="4" fill="\(color)">\
        <title>\(escaped(row.strategy)): \(ComparisonTable.fixed(percents[index], digits: 2)) % \
        blank, \(ComparisonTable.fixed(megabytes[index], digits: 1)) MB</title></circle>
        <text x="\(number(cx + 6))" y="\(number(cy - 5))" fill="\(color)">\
        \(escaped(row.strategy))</text>

        """
    }
    svg += "</g>\n"
    return svg
  }

  /// An axis from 0 to a round upper bound with five round ticks.
  struct Axis {
    let step: Double
    let upperBound: Double

    init(maximum: Double) {
      let target = max(maximum, 1e-9) / 5
      let magnitude = pow(10, (log10(target)).rounded(.down))
      let multiple = [1.0, 2, 2.5, 5, 10].first { $0 * magnitude >= target } ?? 10
      step = multiple * magnitude
      upperBound = step * 5
    }

    var ticks: [Double] { (0...5).map { Double($0) * step } }

    /// A tick value with as many decimals as the step needs (2.5 needs one).
    func label(_ value: Double) -> String {
      let decimals =
        (0...6).first { digits in
          let scaled = step * pow(10, Double(digits))
          return abs(scaled - scaled.rounded()) < 1e-6 * max(1, scaled)
        } ?? 6
      return ComparisonTable.fixed(value, digits: decimals)
    }
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
