import Foundation

extension Comparison {
  /// The comparison as pretty-printed JSON with sorted keys: `results.json` and the output
  /// of `lookahead compare --json`.
  ///
  /// The top-level object has `records` (every run as in ``RunRecord``), `overall` (one
  /// ``StrategyAggregate`` per strategy) and `classes` (one ``TraceClassComparison`` per
  /// trace class). Missing values are `null`, never absent, so the keys are stable.
  ///
  /// - Complexity: O(n) in the number of records.
  public func jsonData() -> Data {
    // Every value is a string, an integer, a Bool or a finite double: encoding cannot fail.
    var data = try! ReportJSON.encoder(pretty: true).encode(self)
    data.append(UInt8(ascii: "\n"))
    return data
  }
}
