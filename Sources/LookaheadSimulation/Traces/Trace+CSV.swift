import Foundation

extension Trace {
  /// The exact first line of a trace file.
  public static let csvHeader = "t_ms,offset_pt"

  /// Reads a trace from CSV text (SPEC §8.1).
  ///
  /// The first line must be exactly `t_ms,offset_pt`; every following line is one sample
  /// of two comma-separated numbers; `t_ms` starts at 0 and is strictly increasing;
  /// `offset_pt` is finite and `>= 0`. Lines may end in `\n` or `\r\n`; the last line may
  /// or may not end with a newline; no other blank line is allowed.
  ///
  /// - Throws: ``TraceError`` naming the first bad line and the reason.
  /// - Complexity: O(n) in the length of the text.
  public init(csv text: String) throws(TraceError) {
    // Walk the bytes: as Characters, "\r\n" is one grapheme and would not split on "\n";
    // and one pass without per-line arrays keeps a one-hour trace fast to read.
    let newline = UInt8(ascii: "\n")
    let utf8 = text.utf8
    var lineStart = utf8.startIndex
    var lineNumber = 0
    var samples: [Sample] = []
    var previous: Milliseconds?
    while lineStart < utf8.endIndex {
      let lineEnd = utf8[lineStart...].firstIndex(of: newline) ?? utf8.endIndex
      lineNumber += 1
      let line = Self.trimmingCarriageReturn(Substring(utf8[lineStart..<lineEnd]))
      lineStart = lineEnd == utf8.endIndex ? lineEnd : utf8.index(after: lineEnd)
      if lineNumber == 1 {
        guard !line.isEmpty else { throw .missingHeader }
        guard line == Self.csvHeader else { throw .badHeader(found: String(line)) }
        continue
      }
      let sample = try Self.parse(line, line: lineNumber)
      if let problem = Self.check(sample, after: previous, line: lineNumber) { throw problem }
      samples.append(sample)
      previous = sample.time
    }
    guard lineNumber > 0 else { throw .missingHeader }
    guard !samples.isEmpty else { throw .noSamples(line: 2) }
    self.init(validatedSamples: samples)
  }

  /// Reads a trace from a CSV file.
  ///
  /// - Throws: ``TraceError`` when the file cannot be read or is malformed.
  /// - Complexity: O(n) in the size of the file.
  public init(contentsOf url: URL) throws(TraceError) {
    let text: String
    do {
      text = try String(contentsOf: url, encoding: .utf8)
    } catch {
      let message =
        FileManager.default.fileExists(atPath: url.path)
        ? "not readable as UTF-8 text" : "no such file"
      throw .unreadable(path: url.path, message: message)
    }
    try self.init(csv: text)
  }

  /// The trace as CSV text: the header, then one `t_ms,offset_pt` line per sample, each
  /// ending in `\n`.
  ///
  /// Numbers use Swift's shortest round-trip representation, so reading the text back
  /// gives an equal trace and writing that again gives the same bytes.
  ///
  /// - Complexity: O(n).
  public var csv: String {
    var text = Self.csvHeader + "\n"
    text.reserveCapacity(samples.count * 20 + 16)
    for sample in samples {
      text += sample.time.description
      text += ","
      text += sample.offset.description
      text += "\n"
    }
    return text
  }

  private static func trimmingCarriageReturn(_ line: Substring) -> Substring {
    line.utf8.last == UInt8(ascii: "\r") ? Substring(line.utf8.dropLast()) : line
  }

  private static func parse(_ line: Substring, line number: Int) throws(TraceError) -> Sample {
    guard !line.isEmpty else { throw .emptyLine(line: number) }
    let comma = UInt8(ascii: ",")
    guard let separator = line.utf8.firstIndex(of: comma) else {
      throw .columnCount(line: number, found: 1)
    }
    let first = Substring(line.utf8[..<separator])
    let second = Substring(line.utf8[line.utf8.index(after: separator)...])
    let extraCommas = second.utf8.reduce(0) { $1 == comma ? $0 + 1 : $0 }
    guard extraCommas == 0 else { throw .columnCount(line: number, found: 2 + extraCommas) }
    guard let time = Double(first) else {
      throw .notANumber(line: number, column: "t_ms", text: String(first))
    }
    guard let offset = Double(second) else {
      throw .notANumber(line: number, column: "offset_pt", text: String(second))
    }
    return Sample(time: time, offset: offset)
  }
}
