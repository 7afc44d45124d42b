extension PerTraceRobustness {
  /// The most failing traces ``report`` lists.
  public static let listedFailures = 10

  /// The criterion as text lines: a heading, one line per trace class and one for all
  /// traces (robust / total, the share rounded down, `PASS` or `FAIL`), then the failing
  /// traces with adaptive's and texture's avoidable blank and adaptive's bytes as a multiple
  /// of texture's (at most ``listedFailures``, then `…`).
  ///
  /// For example:
  ///
  /// ```
  /// per-trace (adaptive vs texture: avoidable ≤ +5, bytes ≤ 1.02×; PASS when ≥ 95 %):
  ///   random      38/40 traces (95 %) PASS
  ///   all traces  38/40 traces (95 %) PASS
  ///   failing (avoidable blank adaptive/texture, bytes × texture):
  ///     random-7   41/12  1.004×
  ///     random-19  3/3  1.031×
  /// ```
  ///
  /// - Complexity: O(classes + listed failures).
  public var report: String {
    typealias Table = ComparisonTable
    let allowance = Table.fixed(Self.bytesAllowance, digits: 2)
    let required = Int((Self.requiredShare * 100).rounded())
    var text = "per-trace (adaptive vs texture: avoidable ≤ +\(Self.avoidableBlankAllowance), "
    text += "bytes ≤ \(allowance)×; PASS when ≥ \(required) %):\n"
    let tallies = classes.map { ($0.traceClass ?? "", $0) } + [("all traces", overall)]
    let nameWidth = tallies.map(\.0.count).max() ?? 0
    for (name, tally) in tallies {
      let padding = String(repeating: " ", count: nameWidth - name.count)
      // Rounded down, so a share shown as 95 % always passes.
      let percent = tally.traces > 0 ? 100 * tally.robustTraces / tally.traces : 0
      text += "  \(name)\(padding)  \(tally.robustTraces)/\(tally.traces) traces (\(percent) %) "
      text += (tally.passes ? "PASS" : "FAIL") + "\n"
    }
    let failures = failures
    guard !failures.isEmpty else { return text }
    text += "  failing (avoidable blank adaptive/texture, bytes × texture):\n"
    let listed = failures.prefix(Self.listedFailures)
    let traceWidth = listed.map(\.trace.count).max() ?? 0
    for outcome in listed {
      let padding = String(repeating: " ", count: traceWidth - outcome.trace.count)
      let ratio = outcome.bytesRatio.map { Table.fixed($0, digits: 3) + "×" } ?? "-"
      text += "    \(outcome.trace)\(padding)  "
      text += "\(outcome.adaptiveAvoidableBlank)/\(outcome.textureAvoidableBlank)  \(ratio)\n"
    }
    if failures.count > listed.count { text += "    … (\(failures.count - listed.count) more)\n" }
    return text
  }
}
