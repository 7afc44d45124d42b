extension PerTraceRobustness {
  /// The most failing traces ``report`` lists.
  public static let listedFailures = 10

  /// The criterion as text lines: a heading, one line per trace class and one for all
  /// traces (robust / total, the share rounded down, `PASS` or `FAIL`), a line counting
  /// the traces on which the oracle itself uses more than the allowed bytes (see
  /// ``Tally/oracleOverBytesAllowance``) and how many failing traces are among them, then
  /// the failing traces with adaptive's and texture's avoidable blank and adaptive's and
  /// the oracle's bytes as multiples of texture's (at most ``listedFailures``, then `…`).
  ///
  /// For example:
  ///
  /// ```
  /// per-trace (adaptive vs texture: avoidable ≤ +5, bytes ≤ 1.02×; PASS when ≥ 95 %):
  ///   random      38/40 traces (95 %) PASS
  ///   all traces  38/40 traces (95 %) PASS
  ///   the oracle's bytes > 1.02× texture's on 3/40 traces (7 %); 1 of the 2 failing traces
  ///   failing (avoidable blank adaptive/texture, bytes × texture adaptive/oracle):
  ///     random-7   41/12  1.004×/0.912×
  ///     random-19  3/3  1.031×/1.087×
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
    let oracleOver = overall.oracleOverBytesAllowance
    let oraclePercent = overall.traces > 0 ? 100 * oracleOver / overall.traces : 0
    text += "  the oracle's bytes > \(allowance)× texture's on \(oracleOver)/\(overall.traces) "
    text += "traces (\(oraclePercent) %)"
    if !failures.isEmpty {
      let shared = failures.count(where: { !$0.isOracleBytesWithinAllowance })
      text += "; \(shared) of the \(failures.count) failing traces"
    }
    text += "\n"
    guard !failures.isEmpty else { return text }
    text += "  failing (avoidable blank adaptive/texture, bytes × texture adaptive/oracle):\n"
    let listed = failures.prefix(Self.listedFailures)
    let traceWidth = listed.map(\.trace.count).max() ?? 0
    for outcome in listed {
      let padding = String(repeating: " ", count: traceWidth - outcome.trace.count)
      let ratio = outcome.bytesRatio.map { Table.fixed($0, digits: 3) + "×" } ?? "-"
      let oracleRatio = outcome.oracleBytesRatio.map { Table.fixed($0, digits: 3) + "×" } ?? "-"
      text += "    \(outcome.trace)\(padding)  "
      text += "\(outcome.adaptiveAvoidableBlank)/\(outcome.textureAvoidableBlank)  "
      text += "\(ratio)/\(oracleRatio)\n"
    }
    if failures.count > listed.count { text += "    … (\(failures.count - listed.count) more)\n" }
    return text
  }
}
