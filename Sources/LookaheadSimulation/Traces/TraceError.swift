import Foundation

/// Why a trace could not be read, with the line it happened on (docs/DESIGN.md, "Traces"
/// and "Bad input and faults").
///
/// The description is one line, for example
/// `line 7: t_ms must be strictly increasing (12.0 after 16.7)`.
///
/// A value type; thread-safe.
public struct TraceError: Error, Sendable, Equatable, CustomStringConvertible {
  private enum Reason: Sendable, Equatable {
    case unreadable(path: String, message: String)
    case missingHeader
    case badHeader(found: String)
    case noSamples
    case emptyLine
    case columnCount(found: Int)
    case notANumber(column: String, text: String)
    case notFinite(column: String, value: Double)
    case negativeOffset(value: Double)
    case notStartingAtZero(value: Double)
    case notIncreasing(value: Double, previous: Double)
    case tooLarge(column: String, value: Double, limit: Double)
    case tooClose(value: Double, previous: Double)
  }

  private let reason: Reason

  /// The 1-based line of the problem (line 1 is the header), or `nil` when the file itself
  /// could not be read.
  public let line: Int?

  private init(_ reason: Reason, line: Int?) {
    self.reason = reason
    self.line = line
  }

  /// The file at `path` could not be read.
  public static func unreadable(path: String, message: String) -> Self {
    Self(.unreadable(path: path, message: message), line: nil)
  }

  /// The input is empty: no header line.
  public static var missingHeader: Self { Self(.missingHeader, line: 1) }

  /// The first line is not exactly `t_ms,offset_pt`.
  public static func badHeader(found: String) -> Self { Self(.badHeader(found: found), line: 1) }

  /// The header is not followed by any sample.
  public static func noSamples(line: Int) -> Self { Self(.noSamples, line: line) }

  /// A blank line before the end of the input.
  public static func emptyLine(line: Int) -> Self { Self(.emptyLine, line: line) }

  /// A row without exactly two comma-separated columns.
  public static func columnCount(line: Int, found: Int) -> Self {
    Self(.columnCount(found: found), line: line)
  }

  /// A column that does not parse as a number.
  public static func notANumber(line: Int, column: String, text: String) -> Self {
    Self(.notANumber(column: column, text: text), line: line)
  }

  /// A column that is infinite or NaN.
  public static func notFinite(line: Int, column: String, value: Double) -> Self {
    Self(.notFinite(column: column, value: value), line: line)
  }

  /// A negative offset.
  public static func negativeOffset(line: Int, value: Double) -> Self {
    Self(.negativeOffset(value: value), line: line)
  }

  /// A first sample whose time is not 0.
  public static func notStartingAtZero(line: Int, value: Double) -> Self {
    Self(.notStartingAtZero(value: value), line: line)
  }

  /// A time that is not greater than the previous one.
  public static func notIncreasing(line: Int, value: Double, previous: Double) -> Self {
    Self(.notIncreasing(value: value, previous: previous), line: line)
  }

  /// A time or an offset beyond what the simulation can represent (``SimulationLimits``).
  public static func tooLarge(line: Int, column: String, value: Double, limit: Double) -> Self {
    Self(.tooLarge(column: column, value: value, limit: limit), line: line)
  }

  /// A time less than ``SimulationLimits/minimumFrameInterval`` after the previous one.
  public static func tooClose(line: Int, value: Double, previous: Double) -> Self {
    Self(.tooClose(value: value, previous: previous), line: line)
  }

  /// One line naming the line number (when there is one) and the reason.
  public var description: String {
    let text: String
    switch reason {
    case .unreadable(let path, let message):
      return "cannot read trace file \(path): \(message)"
    case .missingHeader:
      text = "missing header (expected `\(Trace.csvHeader)`)"
    case .badHeader(let found):
      text = "header must be exactly `\(Trace.csvHeader)` (found `\(Self.shortened(found))`)"
    case .noSamples:
      text = "no samples after the header"
    case .emptyLine:
      text = "empty line"
    case .columnCount(let found):
      text = "expected 2 columns (t_ms,offset_pt), found \(found)"
    case .notANumber(let column, let found):
      text = "\(column) is not a number (`\(Self.shortened(found))`)"
    case .notFinite(let column, let value):
      text = "\(column) must be finite (found \(value))"
    case .negativeOffset(let value):
      text = "offset_pt must be >= 0 (found \(value))"
    case .notStartingAtZero(let value):
      text = "t_ms must start at 0 (found \(value))"
    case .notIncreasing(let value, let previous):
      text = "t_ms must be strictly increasing (\(value) after \(previous))"
    case .tooLarge(let column, let value, let limit):
      text = "\(column) must be at most \(World.describe(limit)) (found \(value))"
    case .tooClose(let value, let previous):
      text =
        "t_ms must be at least \(SimulationLimits.minimumFrameInterval) ms after the previous "
        + "sample (\(value) after \(previous))"
    }
    return "line \(line ?? 0): \(text)"
  }

  /// Keeps quoted input on one short line.
  private static func shortened(_ text: String) -> String {
    let oneLine = text.replacingOccurrences(of: "\r", with: "\\r")
    return oneLine.count > 40 ? String(oneLine.prefix(40)) + "…" : oneLine
  }
}
