import Foundation
@_spi(Simulation) import Lookahead
import Testing

@testable import LookaheadSimulation

@Suite("Trace CSV")
struct TraceCSVTests {
  private func error(reading text: String) -> String? {
    do {
      _ = try Trace(csv: text)
      return nil
    } catch {
      return error.description
    }
  }

  @Test("a well-formed file reads into samples")
  func reads() throws {
    let trace = try Trace(csv: "t_ms,offset_pt\n0,0\n16.7,3.5\n33.4,12\n")
    #expect(
      trace.samples == [
        .init(time: 0, offset: 0), .init(time: 16.7, offset: 3.5), .init(time: 33.4, offset: 12),
      ])
    #expect(trace.duration == 33.4)
  }

  @Test("CRLF line endings and a missing final newline are accepted")
  func lineEndings() throws {
    let trace = try Trace(csv: "t_ms,offset_pt\r\n0,0\r\n16,1")
    #expect(trace.samples.count == 2)
  }

  @Test("writing, reading and writing again gives the same bytes")
  func byteStableRoundTrip() throws {
    let trace = Trace([(0, 0), (16.667, 0.1), (33.333, 1e-7), (50, 123_456.789), (1e9, 3)])
    let written = trace.csv
    #expect(
      written
        == "t_ms,offset_pt\n0.0,0.0\n16.667,0.1\n33.333,1e-07\n50.0,123456.789\n1000000000.0,3.0\n")
    let reread = try Trace(csv: written)
    #expect(reread == trace)
    #expect(reread.csv == written)
  }

  @Test(
    "malformed input names the line and the reason in one line",
    arguments: [
      ("", "line 1: missing header (expected `t_ms,offset_pt`)"),
      ("\n", "line 1: missing header (expected `t_ms,offset_pt`)"),
      ("t_ms,offset_pt", "line 2: no samples after the header"),
      (
        "time,offset\n0,0\n",
        "line 1: header must be exactly `t_ms,offset_pt` (found `time,offset`)"
      ),
      ("t_ms,offset_pt\n", "line 2: no samples after the header"),
      ("t_ms,offset_pt\n0,0\n\n16,1\n", "line 3: empty line"),
      ("t_ms,offset_pt\n0,0\n16,1,2\n", "line 3: expected 2 columns (t_ms,offset_pt), found 3"),
      ("t_ms,offset_pt\n0\n", "line 2: expected 2 columns (t_ms,offset_pt), found 1"),
      ("t_ms,offset_pt\n0,0\nabc,1\n", "line 3: t_ms is not a number (`abc`)"),
      ("t_ms,offset_pt\n0,0\n16, 1\n", "line 3: offset_pt is not a number (` 1`)"),
      ("t_ms,offset_pt\n0,0\n16,nan\n", "line 3: offset_pt must be finite (found nan)"),
      ("t_ms,offset_pt\n0,0\ninf,1\n", "line 3: t_ms must be finite (found inf)"),
      ("t_ms,offset_pt\n0,0\n16,-2.5\n", "line 3: offset_pt must be >= 0 (found -2.5)"),
      ("t_ms,offset_pt\n5,0\n", "line 2: t_ms must start at 0 (found 5.0)"),
      (
        "t_ms,offset_pt\n0,0\n5,0\n8,0\n11,0\n14,0\n16.7,0\n12,0\n",
        "line 8: t_ms must be strictly increasing (12.0 after 16.7)"
      ),
      ("t_ms,offset_pt\n0,0\n0,1\n", "line 3: t_ms must be strictly increasing (0.0 after 0.0)"),
    ])
  func malformed(text: String, expected: String) {
    #expect(error(reading: text) == expected)
  }

  @Test("numbers read exactly as Double(_:) reads them, on the fast path and off it")
  func numbersMatchDoubleParsing() {
    func read(_ text: String) -> Double? {
      var text = text
      return text.withUTF8 { Trace.number($0) }
    }
    var fixed = [
      "0", "0.0", "007", "16.667", "1204", "0.1", "0.3", "123456789012345", "1234567890123456",
      "99999999999999.9", "0.000000000000001", "1.", ".5", "", ".", "1.2.3", "-2.5", "+3",
      "1e3", "1E-7", "inf", "nan", "0x1p3", " 1", "1 ", "12a", "9007199254740993",
    ]
    var random = SplitMix64(seed: 13)
    for _ in 0..<20_000 {
      let integer = String(random.next() % 10_000_000)
      let fraction = String(random.next() % 100_000_000)
      fixed.append(integer + "." + fraction)
      fixed.append(String(Double(bitPattern: random.next() >> 2) / 1e300))
    }
    for text in fixed {
      let expected = Double(text)
      #expect(read(text)?.bitPattern == expected?.bitPattern, "\(text)")
    }
  }

  @Test("a missing file is an error naming the path")
  func missingFile() {
    let url = URL(fileURLWithPath: "/nonexistent/lookahead/trace.csv")
    #expect(throws: TraceError.unreadable(path: url.path, message: "no such file")) {
      try Trace(contentsOf: url)
    }
    #expect(
      TraceError.unreadable(path: "/x.csv", message: "no such file").description
        == "cannot read trace file /x.csv: no such file")
  }

  @Test("a file on disk reads like its text")
  func readsFile() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lookahead-trace-\(UUID().uuidString).csv")
    defer { try? FileManager.default.removeItem(at: url) }
    let trace = Trace([(0, 0), (16.667, 4)])
    try Data(trace.csv.utf8).write(to: url)
    #expect(try Trace(contentsOf: url) == trace)
  }
}
