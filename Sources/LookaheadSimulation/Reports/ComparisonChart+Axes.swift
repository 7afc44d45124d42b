import Foundation

extension ComparisonChart {
  /// A linear axis from 0 to a round upper bound with five round ticks.
  struct LinearAxis {
    let step: Double
    let upperBound: Double

    init(maximum: Double) {
      let target = max(maximum, 1e-9) / 5
      let magnitude = pow(10, (log10(target)).rounded(.down))
      let multiple = [1.0, 2, 2.5, 5, 10].first { $0 * magnitude >= target } ?? 10
      step = multiple * magnitude
      upperBound = step * 5
    }

    func fraction(of value: Double) -> Double { value / upperBound }

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

  /// A base-10 logarithmic axis over whole decades that cover the positive values.
  ///
  /// The floor is the decade at or below the smallest positive value (never below 0.01);
  /// values at or below it, including 0, sit on the floor.
  struct LogarithmicAxis {
    let lowerExponent: Int
    let upperExponent: Int

    init(values: [Double]) {
      let positive = values.filter { $0 > 0 }
      let smallest = positive.min() ?? 1
      let largest = max(positive.max() ?? 10, smallest)
      lowerExponent = max(-2, Int(log10(smallest).rounded(.down)))
      upperExponent = max(lowerExponent + 1, Int(log10(largest).rounded(.up)))
    }

    func fraction(of value: Double) -> Double {
      let floor = pow(10, Double(lowerExponent))
      let exponent = log10(max(value, floor))
      return (exponent - Double(lowerExponent)) / Double(upperExponent - lowerExponent)
    }

    var ticks: [Double] { (lowerExponent...upperExponent).map { pow(10, Double($0)) } }

    func label(_ value: Double) -> String {
      let exponent = Int(log10(value).rounded())
      return ComparisonTable.fixed(value, digits: max(0, -exponent))
    }
  }
}
