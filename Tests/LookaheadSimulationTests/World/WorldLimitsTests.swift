import Foundation
import Lookahead
import LookaheadSimulation
import Testing

/// Every range of ``World/validate()`` and of a trace, checked on both sides of its bound:
/// the value at the bound is accepted and simulates under every strategy, the next one
/// is refused naming the field.
@Suite("The ranges of a world and a trace, on both sides")
struct WorldLimitsTests {
  /// A world of one page of 20 items whose images stay encoded in memory, as JSON, with
  /// `fields` replacing the standard ones (each a JSON member such as `"pages": 2`, or a
  /// nested object's members under its name).
  static func json(_ top: [String: String] = [:], _ nested: [String: [String: String]] = [:])
    -> String
  {
    var members = ["pages": "1", "page_size": "20"].merging(top) { $1 }.sorted { $0.key < $1.key }
      .map { "\"\($0.key)\": \($0.value)" }
    // Images stay encoded in memory unless a test says otherwise, so that a huge viewport
    // or cell does not make them too large for the memory cache.
    let nested = ["images": ["decoded_bytes_per_square_point": "0"]].merging(nested) {
      $0.merging($1) { $1 }
    }
    for (object, fields) in nested.sorted(by: { $0.key < $1.key }) {
      let inner = fields.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }
      members.append("\"\(object)\": {\(inner.joined(separator: ", "))}")
    }
    return "{\(members.joined(separator: ", "))}"
  }

  /// The world `text` describes, which must be valid and simulate without a trap.
  static func expectAccepted(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
      let world = try World(jsonData: Data(text.utf8))
      HostileInputFuzzTests.simulateEveryStrategy(HostileInputFuzzTests.edgeTrace, in: world)
    } catch {
      Issue.record("\(text) was refused: \(error)", sourceLocation: sourceLocation)
    }
  }

  /// `text` must be refused with an error about `field`.
  static func expectRefused(
    _ text: String, field: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    do {
      _ = try World(jsonData: Data(text.utf8))
      Issue.record("\(text) was accepted", sourceLocation: sourceLocation)
    } catch {
      #expect(error.field == field, "\(error)", sourceLocation: sourceLocation)
    }
  }

  static let maximumLength = SimulationLimits.maximumLength
  static let maximumTime = SimulationLimits.maximumTime
  /// A number's shortest spelling that reads back as the same `Double`.
  static func text(_ value: Double) -> String { "\(value)" }

  @Test("viewport sides: from a thousandth of a point to 2^52 thousandths")
  func viewport() {
    for side in ["width", "height"] {
      Self.expectAccepted(Self.json([:], ["viewport": [side: "0.001"]]))
      Self.expectRefused(Self.json([:], ["viewport": [side: "0.0009"]]), field: "viewport.\(side)")
      Self.expectAccepted(Self.json([:], ["viewport": [side: Self.text(Self.maximumLength)]]))
      Self.expectRefused(
        Self.json([:], ["viewport": [side: Self.text(Self.maximumLength.nextUp)]]),
        field: "viewport.\(side)")
    }
  }

  @Test("a feed's content, the tallest item times the items, is at most 2^52 thousandths")
  func feedContent() {
    let tallest = Int((Self.maximumLength / 20).rounded(.down))
    Self.expectAccepted(
      Self.json([:], ["layout": ["kind": "\"feed\"", "item_height_max": "\(tallest)"]]))
    Self.expectRefused(
      Self.json([:], ["layout": ["kind": "\"feed\"", "item_height_max": "\(tallest + 1)"]]),
      field: "layout.item_height_max")
  }

  @Test("a grid's cells: at least a thousandth of a point, the rows at most 2^52 thousandths")
  func gridCells() {
    let grid = ["kind": "\"grid\"", "columns": "3"]
    Self.expectAccepted(Self.json([:], ["layout": grid.merging(["cell_length": "0.001"]) { $1 }]))
    Self.expectRefused(
      Self.json([:], ["layout": grid.merging(["cell_length": "0.00099"]) { $1 }]),
      field: "layout.cell_length")
    // 20 items in 3 columns are 7 rows.
    var longest = Self.maximumLength / 7
    while longest * 7 > Self.maximumLength { longest = longest.nextDown }
    Self.expectAccepted(
      Self.json([:], ["layout": grid.merging(["cell_length": Self.text(longest)]) { $1 }]))
    Self.expectRefused(
      Self.json([:], ["layout": grid.merging(["cell_length": Self.text(longest.nextUp)]) { $1 }]),
      field: "layout.cell_length")
  }

  @Test("decoded images: the memory cache must hold the largest, at most 2^53 bytes")
  func decodedImages() {
    // The standard feed's tallest cell, 390 × 480 points at 36 bytes a square point.
    let tallest = 390 * 480 * 36
    let decoded = ["decoded_bytes_per_square_point": "36"]
    Self.expectAccepted(Self.json(["memory_cache_bytes": "\(tallest)"], ["images": decoded]))
    Self.expectRefused(
      Self.json(["memory_cache_bytes": "\(tallest - 1)"], ["images": decoded]),
      field: "memory_cache_bytes")
    Self.expectRefused(
      Self.json([:], ["images": ["decoded_bytes_per_square_point": "-1"]]),
      field: "images.decoded_bytes_per_square_point")
    Self.expectRefused(
      Self.json([:], ["images": ["decoded_bytes_per_square_point": "1e300"]]),
      field: "images.decoded_bytes_per_square_point")
  }

  @Test("images: at most 2^53 bytes")
  func imageBytes() {
    let largest = SimulationLimits.maximumImageBytes
    // A link fast enough, and a cache large enough, for the largest image.
    let network = ["bandwidth": Self.text(SimulationLimits.maximumBandwidth)]
    Self.expectAccepted(
      Self.json(
        ["memory_cache_bytes": "\(largest)"],
        ["images": ["max_bytes": "\(largest)"], "network": network]))
    Self.expectRefused(
      Self.json(
        ["memory_cache_bytes": "\(largest + 1)"],
        ["images": ["max_bytes": "\(largest + 1)"], "network": network]),
      field: "images.max_bytes")
  }

  @Test("times: from 0 to 2^52 microseconds")
  func times() {
    let maximum = Self.text(Self.maximumTime)
    let beyond = Self.text(Self.maximumTime.nextUp)
    Self.expectAccepted(Self.json(["disk_read_ms": maximum]))
    Self.expectRefused(Self.json(["disk_read_ms": beyond]), field: "disk_read_ms")
    Self.expectRefused(Self.json(["disk_read_ms": "-0.001"]), field: "disk_read_ms")
    for field in ["page_server_ms", "image_server_ms", "round_trip_ms"] {
      // The slowest request adds the round trip and a server time: the others are 0.
      let others = [
        "jitter_sigma": "0", "round_trip_ms": "0", "page_server_ms": "0", "image_server_ms": "0",
      ]
      Self.expectAccepted(Self.json([:], ["network": others.merging([field: maximum]) { $1 }]))
      Self.expectRefused(
        Self.json([:], ["network": others.merging([field: beyond]) { $1 }]),
        field: "network.\(field)")
    }
  }

  @Test("jitter: the slowest draw of a round trip takes at most 2^52 microseconds")
  func jitter() {
    let zMax = SimulationLimits.maximumJitterNormal
    // With a 1 s round trip and no server time, σ may reach ln(maximumTime / 1000) / Zmax.
    let sigma = log(Self.maximumTime / 1000) / zMax
    let network = ["round_trip_ms": "1000", "page_server_ms": "0", "image_server_ms": "0"]
    Self.expectAccepted(
      Self.json(
        [:], ["network": network.merging(["jitter_sigma": Self.text(sigma * 0.999)]) { $1 }]))
    Self.expectRefused(
      Self.json(
        [:], ["network": network.merging(["jitter_sigma": Self.text(sigma * 1.001)]) { $1 }]),
      field: "network.jitter_sigma")
    // Without a round trip, σ still may not make exp(σ·Z) infinite (0 × ∞ is no time).
    let finite = log(Double.greatestFiniteMagnitude) / zMax
    let idle = ["round_trip_ms": "0"]
    Self.expectAccepted(
      Self.json([:], ["network": idle.merging(["jitter_sigma": Self.text(finite * 0.999)]) { $1 }]))
    Self.expectRefused(
      Self.json([:], ["network": idle.merging(["jitter_sigma": Self.text(finite * 1.001)]) { $1 }]),
      field: "network.jitter_sigma")
  }

  @Test(
    "bandwidth: at most Int.max bytes over the longest time, and enough for the largest response")
  func bandwidth() {
    let fastest = SimulationLimits.maximumBandwidth
    Self.expectAccepted(Self.json([:], ["network": ["bandwidth": Self.text(fastest)]]))
    Self.expectRefused(
      Self.json([:], ["network": ["bandwidth": Self.text(fastest.nextUp)]]),
      field: "network.bandwidth")
    // The standard largest image (200,000 bytes) on one of 6 connections within the
    // longest time.
    var slowest = 200_000 * 6 / (Self.maximumTime / 1000)
    while 200_000 * 6 / slowest * 1000 > Self.maximumTime { slowest = slowest.nextUp }
    Self.expectAccepted(Self.json([:], ["network": ["bandwidth": Self.text(slowest)]]))
    Self.expectRefused(
      Self.json([:], ["network": ["bandwidth": Self.text(slowest.nextDown)]]),
      field: "images.max_bytes")
  }

  @Test("connections: 1 to 64; a network's name: at most 64 characters")
  func connectionsAndName() {
    Self.expectAccepted(Self.json([:], ["network": ["connections": "64"]]))
    Self.expectRefused(
      Self.json([:], ["network": ["connections": "65"]]), field: "network.connections")
    let name = String(repeating: "n", count: 64)
    Self.expectAccepted(Self.json([:], ["network": ["name": "\"\(name)\""]]))
    Self.expectRefused(
      Self.json([:], ["network": ["name": "\"\(name)n\""]]), field: "network.name")
  }

  @Test("a world file is read up to 64 KiB; a larger one is refused unread")
  func fileSize() throws {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "lookahead-world-limits-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let body = Self.json()
    let limit = SimulationLimits.maximumWorldFileBytes
    let fits = folder.appending(path: "fits.json")
    try Data((body + String(repeating: " ", count: limit - body.utf8.count)).utf8).write(to: fits)
    _ = try World(contentsOf: fits)
    let over = folder.appending(path: "over.json")
    try Data((body + String(repeating: " ", count: limit + 1 - body.utf8.count)).utf8)
      .write(to: over)
    #expect(throws: WorldError(field: "", problem: "is larger than 64 KiB: not a world file")) {
      try World(contentsOf: over)
    }
  }

  @Test("traces: offsets up to 2^52 thousandths, times up to 2^52 µs, frames a µs apart")
  func traceRanges() {
    let maximumLength = Self.text(Self.maximumLength)
    let maximumTime = Self.text(Self.maximumTime)
    #expect(throws: Never.self) { try Trace(csv: "t_ms,offset_pt\n0,\(maximumLength)\n") }
    #expect(throws: TraceError.self) {
      try Trace(csv: "t_ms,offset_pt\n0,\(Self.text(Self.maximumLength.nextUp))\n")
    }
    #expect(throws: Never.self) { try Trace(csv: "t_ms,offset_pt\n0,0\n\(maximumTime),0\n") }
    #expect(throws: TraceError.self) {
      try Trace(csv: "t_ms,offset_pt\n0,0\n\(Self.text(Self.maximumTime.nextUp)),0\n")
    }
    #expect(throws: Never.self) { try Trace(csv: "t_ms,offset_pt\n0,0\n0.001,5\n") }
    #expect(throws: TraceError.self) { try Trace(csv: "t_ms,offset_pt\n0,0\n0.000999,5\n") }
    do {
      _ = try Trace(csv: "t_ms,offset_pt\n0,0\n16,1e308\n")
    } catch {
      #expect(error.description == "line 3: offset_pt must be at most 4.5036e+12 (found 1e+308)")
    }
    do {
      _ = try Trace(csv: "t_ms,offset_pt\n0,0\n1e22,5\n")
    } catch {
      #expect(error.description == "line 3: t_ms must be at most 4.5036e+12 (found 1e+22)")
    }
  }
}
