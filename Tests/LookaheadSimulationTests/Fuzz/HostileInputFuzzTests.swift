import Foundation
@_spi(Simulation) import Lookahead
import LookaheadSimulation
import Testing

/// Seeded fuzzing of what the command line reads: trace files and world files. Every
/// input either is refused with an error that names a line or a field, or is accepted
/// and then simulates under every strategy without a trap. A trap stops the test process,
/// so a failure here is the crash itself; the seed and the input are in the test's name
/// and its recorded issue.
@Suite("Hostile traces and worlds")
struct HostileInputFuzzTests {
  /// Numbers at and around every bound, and the absurd ones a careless user or an
  /// attacker tries.
  static let numbers = [
    "0", "-0", "1", "-1", "0.5", "16.667", "1e-300", "5e-324", "0.0005", "0.001", "0.0011",
    "1e-30", "130", "844", "1e7", "4e9", "1e12", "4503599627370.496", "4503599627370.497",
    "4.6e12", "9.2e12", "1e19", "1e22", "1e30", "1e300", "1e308", "1.7976931348623157e308",
    "9223372036854775807", "9223372036854775808", "-9223372036854775808", "nan", "inf",
    "-inf", "0x1p60", "1_000", "", " ", "1e", "--1", "٣",
  ]

  static func pick<T>(_ values: [T], _ random: inout SplitMix64) -> T {
    values[Int(random.next() % UInt64(values.count))]
  }

  /// A trace file: a plausible one, with some times, offsets and lines replaced.
  static func traceText(seed: UInt64) -> String {
    var random = SplitMix64(seed: seed)
    var lines = ["t_ms,offset_pt"]
    var time = 0.0
    var offset = 0.0
    for _ in 0..<random.nextInt(in: 1...40) {
      var t = String(time)
      var o = String(offset)
      if random.nextBool(probability: 0.15) { t = pick(numbers, &random) }
      if random.nextBool(probability: 0.15) { o = pick(numbers, &random) }
      var line = "\(t),\(o)"
      if random.nextBool(probability: 0.03) { line = pick(["", ",", "1,2,3", "x"], &random) }
      lines.append(line)
      time += random.nextBool(probability: 0.1) ? 1e11 : 16.667
      offset += random.nextDouble(in: -400, 4_000)
      offset = max(0, offset)
    }
    if random.nextBool(probability: 0.05) { lines[0] = "t_ms;offset_pt" }
    return lines.joined(separator: random.nextBool(probability: 0.2) ? "\r\n" : "\n")
  }

  /// The fields of a world file, by JSON path, with the kind of value each takes.
  static let worldFields: [(path: [String], isInteger: Bool)] = [
    (["viewport", "width"], false), (["viewport", "height"], false),
    (["layout", "item_height_min"], true), (["layout", "item_height_max"], true),
    (["layout", "columns"], true), (["layout", "cell_length"], false),
    (["images", "min_bytes"], true), (["images", "max_bytes"], true),
    (["page_size"], true), (["page_bytes"], true), (["pages"], true),
    (["memory_cache_bytes"], true), (["disk_read_ms"], false),
    (["network", "round_trip_ms"], false), (["network", "page_server_ms"], false),
    (["network", "image_server_ms"], false), (["network", "jitter_sigma"], false),
    (["network", "bandwidth"], false), (["network", "connections"], true),
  ]

  /// A world file: a small world (a few pages, so that a run is quick) with some fields
  /// set to hostile values.
  static func worldText(seed: UInt64) -> String {
    var random = SplitMix64(seed: seed)
    var world: [String: [String: String]] = [
      "": ["pages": String(random.nextInt(in: 1...4)), "page_size": "20"],
      "layout": ["kind": random.nextBool(probability: 0.5) ? "\"grid\"" : "\"feed\""],
    ]
    for _ in 0..<random.nextInt(in: 1...4) {
      let field = pick(worldFields, &random)
      var value = pick(numbers, &random)
      if value.isEmpty || value.contains(where: { $0 == " " || $0.isLetter && $0 != "e" }) {
        value = "\"\(value)\""
      }
      if random.nextBool(probability: 0.05) { value = pick(["null", "[]", "{}", "true"], &random) }
      let object = field.path.count == 2 ? field.path[0] : ""
      world[object, default: [:]][field.path.last!] = value
    }
    if world["layout"]?["kind"] == "\"feed\"" {
      world["layout"]?["columns"] = nil
      world["layout"]?["cell_length"] = nil
    } else {
      world["layout"]?["item_height_min"] = nil
      world["layout"]?["item_height_max"] = nil
    }
    var members = (world[""] ?? [:]).sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }
    for (object, fields) in world.sorted(by: { $0.key < $1.key }) where !object.isEmpty {
      let inner = fields.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }
      members.append("\"\(object)\": {\(inner.joined(separator: ", "))}")
    }
    return "{\(members.joined(separator: ", "))}"
  }

  /// Runs every strategy over `trace` in `world`; none may trap.
  static func simulateEveryStrategy(_ trace: Trace, in world: World) {
    for strategy in StrategyID.allCases {
      let metrics = Simulation.run(SimulationSetup(trace: trace, strategy: strategy, world: world))
      #expect(metrics.blankItemFrames <= metrics.visibleItemFrames)
    }
  }

  /// A short trace that scrolls, flings and rests, and one at the far edges of the
  /// ranges: the largest offset a microsecond after 0, then the longest time.
  static let ordinaryTrace = TraceGenerator(scenario: .flinger, seed: 3, duration: 3_000)
    .generate()
  static let edgeTrace = Trace([
    (0, 0), (SimulationLimits.minimumFrameInterval, SimulationLimits.maximumLength),
    (16, 0), (17, 1e9), (SimulationLimits.maximumTime, SimulationLimits.maximumLength),
  ])

  @Test("hostile trace files are refused naming a line, or simulate without a trap")
  func traces() {
    var accepted = 0
    for seed in 1...400 as ClosedRange<UInt64> {
      let text = Self.traceText(seed: seed)
      let trace: Trace
      do {
        trace = try Trace(csv: text)
      } catch {
        #expect(error.line != nil, "seed \(seed): \(error)")
        continue
      }
      accepted += 1
      Self.simulateEveryStrategy(trace, in: .standard)
      Self.simulateEveryStrategy(trace, in: .standard(layout: .grid, network: .threeG))
    }
    // The fuzz must reach the simulation, or it tests only the reader.
    #expect(accepted > 20)
  }

  @Test("hostile world files are refused naming a field, or simulate without a trap")
  func worlds() {
    var accepted = 0
    for seed in 1...400 as ClosedRange<UInt64> {
      let text = Self.worldText(seed: seed)
      let world: World
      do {
        world = try World(jsonData: Data(text.utf8))
      } catch {
        #expect(!error.description.isEmpty, "seed \(seed)")
        continue
      }
      accepted += 1
      Self.simulateEveryStrategy(Self.ordinaryTrace, in: world)
      Self.simulateEveryStrategy(Self.edgeTrace, in: world)
    }
    #expect(accepted > 20)
  }

  @Test("the edge trace simulates in the standard worlds, feed and grid, on every network")
  func edgeTraceInStandardWorlds() {
    for network in NetworkProfile.standard {
      for layout in WorldLayout.Kind.allCases {
        Self.simulateEveryStrategy(Self.edgeTrace, in: .standard(layout: layout, network: network))
      }
    }
  }
}
