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
    // Split on bytes: as Characters, "\r\n" is one grapheme and would not split on "\n".
    var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .map { Self.trimmingCarriageReturn(Substring($0)) }
    if lines.count > 1, lines[lines.count - 1].isEmpty { lines.removeLast() }
    guard let header = lines.first, !(lines.count == 1 && header.isEmpty) else {
      throw .missingHeader
    }
    guard header == Self.csvHeader else {
      throw .badHeader(found: String(header))
    }
    guard lines.count > 1 else { throw .noSamples(line: 2) }
    var samples: [Sample] = []
    samples.reserveCapacity(lines.count - 1)
    var previous: Milliseconds?
    for index in 1..<lines.count {
      let lineNumber = index + 1
      let sample = try Self.parse(lines[index], line: lineNumber)
      if let problem = Self.check(sample, after: previous, line: lineNumber) { throw problem }
      samples.append(sample)
      previous = sample.time
    }
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
    let columns = line.split(separator: ",", omittingEmptySubsequences: false)
    guard columns.count == 2 else { throw .columnCount(line: number, found: columns.count) }
    guard let time = Double(columns[0]) else {
      throw .notANumber(line: number, column: "t_ms", text: String(columns[0]))
    }
    guard let offset = Double(columns[1]) else {
      throw .notANumber(line: number, column: "offset_pt", text: String(columns[1]))
    }
    return Sample(time: time, offset: offset)
  }
}
