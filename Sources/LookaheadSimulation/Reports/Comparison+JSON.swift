import Foundation

extension Comparison {
  /// The comparison as pretty-printed JSON with sorted keys: `results.json` and the output
  /// of `lookahead compare --json`.
  ///
  /// The top-level object has `records` (every run as in ``RunRecord``), `overall` (one
  /// ``StrategyAggregate`` per strategy) and `classes` (one ``TraceClassComparison`` per
  /// trace class). Missing values are `null`, never absent, so the keys are stable. One
  /// exception, so that reports without the three strategies keep exactly those keys:
  /// `per_trace_robustness` (``PerTraceRobustness``) is present only when `adaptive`,
  /// `texture` and `oracle` all ran on some trace.
  ///
  /// - Complexity: O(n) in the number of records.
  public func jsonData() -> Data {
    // Every value is a string, an integer, a Bool or a finite double: encoding cannot fail.
    var data = try! ReportJSON.encoder(pretty: true).encode(self)
    data.append(UInt8(ascii: "\n"))
    return data
  }
}
