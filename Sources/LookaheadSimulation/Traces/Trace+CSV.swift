import Foundation

extension Trace {
  /// The exact first line of a trace file.
  public static let csvHeader = "t_ms,offset_pt"

  /// Reads a trace from CSV text (docs/DESIGN.md, "Traces").
  ///
  /// The first line must be exactly `t_ms,offset_pt`; every following line is one sample
  /// of two comma-separated numbers; `t_ms` starts at 0 and increases by at least a
  /// microsecond up to ``SimulationLimits/maximumTime``; `offset_pt` is from 0 to
  /// ``SimulationLimits/maximumLength``. Lines may end in `\n` or `\r\n`; the last line may
  /// or may not end with a newline; no other blank line is allowed.
  ///
  /// - Throws: ``TraceError`` naming the first bad line and the reason.
  /// - Complexity: O(n) in the length of the text.
  public init(csv text: String) throws(TraceError) {
    var text = text
    switch text.withUTF8({ Self.samples(in: $0) }) {
    case .success(let samples): self.init(validatedSamples: samples)
    case .failure(let error): throw error
    }
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

  /// Splits the bytes into lines and reads each one. Walks the UTF-8 bytes in place: as
  /// `Character`s, "\r\n" is one grapheme and would not split on "\n", and one pass
  /// without per-line strings keeps a one-hour trace fast to read.
  private static func samples(
    in bytes: UnsafeBufferPointer<UInt8>
  ) -> Result<[Sample], TraceError> {
    let newline = UInt8(ascii: "\n")
    var lineStart = 0
    var lineNumber = 0
    var samples: [Sample] = []
    samples.reserveCapacity(bytes.count / 16)
    var previous: Milliseconds?
    while lineStart < bytes.count {
      var lineEnd = lineStart
      while lineEnd < bytes.count && bytes[lineEnd] != newline { lineEnd += 1 }
      lineNumber += 1
      var end = lineEnd
      if end > lineStart && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
      let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<end])
      lineStart = lineEnd == bytes.count ? lineEnd : lineEnd + 1
      if lineNumber == 1 {
        guard !line.isEmpty else { return .failure(.missingHeader) }
        guard line.elementsEqual(Self.csvHeader.utf8) else {
          return .failure(.badHeader(found: String(decoding: line, as: UTF8.self)))
        }
        continue
      }
      let sample: Sample
      switch Self.parse(line, line: lineNumber) {
      case .success(let parsed): sample = parsed
      case .failure(let error): return .failure(error)
      }
      if let problem = Self.check(sample, after: previous, line: lineNumber) {
        return .failure(problem)
      }
      samples.append(sample)
      previous = sample.time
    }
    guard lineNumber > 0 else { return .failure(.missingHeader) }
    guard !samples.isEmpty else { return .failure(.noSamples(line: 2)) }
    return .success(samples)
  }

  private static func parse(
    _ line: UnsafeBufferPointer<UInt8>, line number: Int
  ) -> Result<Sample, TraceError> {
    guard !line.isEmpty else { return .failure(.emptyLine(line: number)) }
    let comma = UInt8(ascii: ",")
    guard let separator = line.firstIndex(of: comma) else {
      return .failure(.columnCount(line: number, found: 1))
    }
    let first = UnsafeBufferPointer(rebasing: line[..<separator])
    let second = UnsafeBufferPointer(rebasing: line[(separator + 1)...])
    let extraCommas = second.reduce(0) { $1 == comma ? $0 + 1 : $0 }
    guard extraCommas == 0 else {
      return .failure(.columnCount(line: number, found: 2 + extraCommas))
    }
    guard let time = Self.number(first) else {
      return .failure(
        .notANumber(line: number, column: "t_ms", text: String(decoding: first, as: UTF8.self)))
    }
    guard let offset = Self.number(second) else {
      return .failure(
        .notANumber(
          line: number, column: "offset_pt", text: String(decoding: second, as: UTF8.self)))
    }
    return .success(Sample(time: time, offset: offset))
  }

  /// The number `bytes` spell, as `Double(_:)` reads it.
  ///
  /// Plain decimals of at most 15 digits (`16.667`, `1204`) — nearly every number a trace
  /// holds — are read directly: their digits form an integer below 2⁵³ and the divisor
  /// is an exact power of ten, so one IEEE division rounds exactly as `Double(_:)` does.
  /// Anything else (signs, exponents, `inf`, more digits, malformed text) goes to
  /// `Double(_:)`.
  static func number(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    var mantissa: UInt64 = 0
    var digits = 0
    var fractionDigits = 0
    var hasPoint = false
    for byte in bytes {
      if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        mantissa = mantissa &* 10 &+ UInt64(byte - UInt8(ascii: "0"))
        digits += 1
        if hasPoint { fractionDigits += 1 }
      } else if byte == UInt8(ascii: ".") && !hasPoint {
        hasPoint = true
      } else {
        return Double(String(decoding: bytes, as: UTF8.self))
      }
    }
    let integerDigits = digits - fractionDigits
    guard digits <= 15, integerDigits > 0, !hasPoint || fractionDigits > 0 else {
      return Double(String(decoding: bytes, as: UTF8.self))
    }
    return Double(mantissa) / powersOfTen[fractionDigits]
  }

  /// 10⁰ through 10¹⁵, each exact as a `Double`.
  private static let powersOfTen: [Double] = (0...15).map { exponent in
    (0..<exponent).reduce(1) { power, _ in power * 10 }
  }
}
