import Foundation

/// Renders a ``Comparison`` as aligned plain-text tables: `lookahead compare`'s output.
///
/// One table over all traces, then one per trace class followed by the performance-target
/// verdict of `adaptive` when it can be decided, then the per-trace robustness criterion
/// (``PerTraceRobustness``) when adaptive, texture and oracle ran. Each table has one row
/// per strategy with blank %, avoidable blank item-frames, stall ms, MB, wasted MB,
/// requests, the mean ttc p95, and the ratios to `texture` (avoidable blank and bytes, the
/// axes of the performance targets), to `oracle` and to `frontier` (blank and bytes). A
/// ratio that does not exist (the reference is 0 or did not run) shows as `-`. Bytes are
/// decimal megabytes (1 MB = 1,000,000 bytes).
///
/// A namespace of pure functions; thread-safe.
public enum ComparisonTable {
  /// The column headers, in order.
  public static let headers = [
    "strategy", "blank %", "avoidable", "stall ms", "MB", "wasted MB", "requests", "ttc p95",
    "blank×tex", "MB×tex", "blank×orc", "MB×orc", "blank×frt", "MB×frt",
  ]

  /// The whole report: the overall table, then each class's table and verdict, then the
  /// per-trace robustness criterion.
  ///
  /// - Complexity: O(rows × columns).
  public static func render(_ comparison: Comparison) -> String {
    let traceCount = comparison.classes.reduce(0) { $0 + $1.traces }
    var text = "All traces (\(traceCount) \(traceCount == 1 ? "trace" : "traces"))\n"
    text += render(rows: comparison.overall)
    for traceClass in comparison.classes {
      let noun = traceClass.traces == 1 ? "trace" : "traces"
      text += "\n\(traceClass.traceClass) (\(traceClass.traces) \(noun))\n"
      text += render(rows: traceClass.strategies)
      if let verdict = traceClass.verdict { text += verdict.report }
    }
    if let robustness = comparison.perTraceRobustness { text += "\n" + robustness.report }
    text += "\navoidable: blank item-frames beyond the oracle's on the same trace, clamped at 0"
    text += " per trace.\n×tex: avoidable blank and bytes as multiples of texture's."
    text += " ×orc, ×frt: blank and bytes as multiples of the oracle's, of the frontier's.\n"
    return text
  }

  /// One aligned table: a header line and one line per row.
  ///
  /// - Complexity: O(rows × columns).
  public static func render(rows: [StrategyAggregate]) -> String {
    align([headers] + rows.map(cells(of:)))
  }

  /// Lines of cells as aligned text: the first column padded on the right, the others
  /// on the left, two spaces between columns.
  ///
  /// - Complexity: O(rows × columns).
  static func align(_ cells: [[String]]) -> String {
    var widths: [Int] = []
    for line in cells {
      for (column, cell) in line.enumerated() {
        if column == widths.count { widths.append(0) }
        widths[column] = max(widths[column], cell.count)
      }
    }
    var text = ""
    for line in cells {
      var parts: [String] = []
      for (column, cell) in line.enumerated() {
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        parts.append(column == 0 ? cell + padding : padding + cell)
      }
      text += parts.joined(separator: "  ") + "\n"
    }
    return text
  }

  /// The cells of one row, formatted.
  static func cells(of row: StrategyAggregate) -> [String] {
    [
      row.strategy,
      fixed(row.blankRate * 100, digits: 2),
      row.avoidableBlankItemFrames.map(String.init) ?? "-",
      fixed(row.stallMilliseconds, digits: 0),
      megabytes(row.bytes),
      megabytes(row.wastedBytes),
      String(row.requests),
      fixed(row.meanTimeToContentP95, digits: 0),
      ratio(row.ratioToTexture?.avoidableBlankItemFrames),
      ratio(row.ratioToTexture?.bytes),
      ratio(row.ratioToOracle?.blankItemFrames),
      ratio(row.ratioToOracle?.bytes),
      ratio(row.ratioToFrontier?.blankItemFrames),
      ratio(row.ratioToFrontier?.bytes),
    ]
  }

  static func fixed(_ value: Double, digits: Int) -> String {
    String(format: "%.\(digits)f", value)
  }

  static func megabytes(_ bytes: Int) -> String {
    fixed(Double(bytes) / 1_000_000, digits: 1)
  }

  static func ratio(_ value: Double?) -> String {
    value.map { fixed($0, digits: 2) } ?? "-"
  }
}

extension AdaptiveVerdict {
  /// The verdict as indented text lines: the overall result, then each condition with its
  /// numbers and `ok` or `NO`.
  ///
  /// - Complexity: O(1).
  public var report: String {
    typealias Table = ComparisonTable
    func mark(_ passed: Bool) -> String { passed ? "ok" : "NO" }
    func times(_ value: Int, _ reference: Int) -> String {
      reference > 0 ? Table.fixed(Double(value) / Double(reference), digits: 2) + "×" : "-"
    }
    let result = passesTextureTest ? "PASS" : "FAIL"
    let oracle = meetsOracleTarget ? "met" : "not met"
    return """
        target adaptive vs texture: \(result)
          never worse:    avoidable blank \(adaptiveAvoidableBlank) ≤ \(textureAvoidableBlank) \
      \(mark(isAvoidableBlankNotWorse)), bytes \(Table.megabytes(adaptiveBytes)) MB ≤ \
      \(Table.megabytes(textureBytes)) MB \(mark(isBytesNotWorse)), stall \
      \(Table.fixed(adaptiveStallMilliseconds, digits: 0)) ms ≤ \
      \(Table.fixed(textureStallMilliseconds, digits: 0)) ms \(mark(isStallNotWorse))
          clearly better: avoidable blank \(times(adaptiveAvoidableBlank, textureAvoidableBlank)) \
      (≤ 0.50×) \(mark(isAvoidableBlankHalved)), bytes \(times(adaptiveBytes, textureBytes)) \
      (≤ 0.85×) \(mark(isBytesReduced))
          oracle target:  \(oracle): blank \(times(adaptiveBlank, oracleBlank)) (≤ 1.50×) \
      \(mark(isBlankWithinOracleTarget)), bytes \(times(adaptiveBytes, oracleBytes)) (≤ 1.30×) \
      \(mark(isBytesWithinOracleTarget))

      """
  }
}
