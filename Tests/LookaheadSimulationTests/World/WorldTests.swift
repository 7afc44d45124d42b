import Foundation
import Testing

@testable import LookaheadSimulation

@Suite("World descriptions")
struct WorldTests {
  @Test("the standard world's items have the standard heights, image sizes and pages")
  func standardFormulas() {
    let world = World.standard
    #expect(world.itemCount == StandardWorld.itemCount)
    for item in 0..<world.itemCount {
      #expect(world.itemHeight(item) == StandardWorld.feedItemHeight(item))
      #expect(world.imageBytes(item) == StandardWorld.imageBytes(item))
    }
    #expect(world.geometry == .standard(.feed))
    #expect(World.standard(layout: .grid, network: .threeG).geometry == .standard(.grid))
    #expect(world.hasMore(loadedPages: 499) && !world.hasMore(loadedPages: 500))
    #expect(world.items(ofPage: 2) == 40..<60 && world.items(ofPage: 500).isEmpty)
    #expect(world.maximumOffset == 3_192_423 - 844)
  }

  @Test("a world reads back from its JSON", arguments: [WorldLayout.Kind.feed, .grid])
  func roundTrip(layout: WorldLayout.Kind) throws {
    for network in NetworkProfile.standard {
      let world = World.standard(layout: layout, network: network)
      #expect(try World(jsonData: world.jsonData()) == world)
    }
    var custom = World.standard
    custom.viewport = World.Viewport(width: 320, height: 568.5)
    custom.layout = .feed(minimumHeight: 44, maximumHeight: 44)
    custom.images = World.ImageSizes(minBytes: 1_000, maxBytes: 1_000)
    custom.network.jitterSigma = 0
    #expect(try World(jsonData: custom.jsonData()) == custom)
  }

  @Test("fields left out take the standard world's values; a network starts from its name")
  func defaults() throws {
    #expect(try World(jsonData: Data("{}".utf8)) == .standard)
    let threeG = try World(jsonData: Data(#"{"network": {"name": "3g"}}"#.utf8))
    #expect(threeG.network == .threeG)
    let slow = try World(
      jsonData: Data(#"{"network": {"bandwidth": 100000}, "layout": {"kind": "grid"}}"#.utf8))
    #expect(slow.network.name == "custom" && slow.network.bytesPerSecond == 100_000)
    #expect(slow.network.roundTrip == NetworkProfile.lte.roundTrip)
    #expect(slow.layout == .standardGrid)
    let nulls = try World(jsonData: Data(#"{"viewport": null, "pages": null}"#.utf8))
    #expect(nulls == .standard)
  }

  @Test(
    "an invalid world names the field",
    arguments: [
      (#"{"network": {"bandwidth": 0}}"#, "network.bandwidth must be positive"),
      (#"{"network": {"bandwith": 5}}"#, "unknown field network.bandwith"),
      (#"{"pages": "many"}"#, "pages must be a whole number"),
      (#"{"page_size": 20.5}"#, "page_size must be a whole number"),
      (#"{"viewport": {"height": -1}}"#, "viewport.height must be positive"),
      (#"{"layout": {"kind": "masonry"}}"#, #"layout.kind must be "feed" or "grid""#),
      (#"{"layout": {"columns": 2}}"#, "layout.columns applies only to kind grid"),
      (#"{"layout": [1]}"#, "layout must be a JSON object"),
      (
        #"{"images": {"min_bytes": 500, "max_bytes": 400}}"#,
        "images.max_bytes must be at least images.min_bytes"
      ),
      (#"{"network": {"connections": 0}}"#, "network.connections must be from 1 to 64"),
      (#"{"memory_cache_bytes": 1000}"#, "memory_cache_bytes must be at least images.max_bytes"),
      (#"{"pages": 1000000000}"#, "pages × page_size must be at most 10000000 items"),
      (#"[]"#, "the world must be a JSON object"),
      (#"{"pages": "#, "is not valid JSON"),
    ])
  func invalid(json: String, reason: String) {
    #expect(throws: WorldError.self) { try World(jsonData: Data(json.utf8)) }
    do {
      _ = try World(jsonData: Data(json.utf8))
    } catch {
      #expect(error.description == reason)
    }
  }

  @Test("a missing file is named as unreadable")
  func missingFile() {
    let url = URL(fileURLWithPath: "/nonexistent/world.json")
    #expect(throws: WorldError(field: "", problem: "cannot be read (no such file or not readable)"))
    {
      try World(contentsOf: url)
    }
  }

  @Test("a command line's world: the file's, or the standard one, with network and layout replaced")
  func commandLineWorld() throws {
    #expect(try World(file: nil) == .standard)
    var expected = World.standard
    expected.network = .threeG
    expected.layout = .standardGrid
    #expect(try World(file: nil, network: .threeG, layout: .grid) == expected)

    var own = World.standard
    own.viewport = World.Viewport(width: 300, height: 600)
    let url = FileManager.default.temporaryDirectory.appending(
      path: "lookahead-world-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: url) }
    try own.jsonData().write(to: url)
    let fromFile = try World(file: url.path, layout: .grid)
    #expect(fromFile.viewport == own.viewport)
    #expect(fromFile.layout == .standardGrid)
    #expect(fromFile.network == own.network)
  }

  @Test("the standard world gives the same run as the network and layout it holds")
  func standardSetupsAgree() {
    let trace = TraceGenerator(scenario: .flinger, seed: 2, duration: 20_000).generate()
    for strategy in [StrategyID.texture, .adaptive, .oracle] {
      let byProfile = SimulationSetup(trace: trace, strategy: strategy, network: .threeG)
      let byWorld = SimulationSetup(
        trace: trace, strategy: strategy, world: .standard(layout: .feed, network: .threeG))
      #expect(Simulation.run(byProfile) == Simulation.run(byWorld), "\(strategy)")
    }
  }

  @Test("a world of its own changes what the simulator measures")
  func customWorld() {
    let trace = TraceGenerator(scenario: .skimmer, seed: 1, duration: 20_000).generate()
    var small = World.standard
    small.pageSize = 10
    small.pages = 30
    small.pageBytes = 2_000
    small.layout = .feed(minimumHeight: 100, maximumHeight: 100)
    small.images = World.ImageSizes(minBytes: 5_000, maxBytes: 5_000)
    let (metrics, frames) = Simulation.runRecordingFrames(
      SimulationSetup(trace: trace, strategy: .texture, world: small))
    // Pages of 10 items of 100 points, at most 30 of them: at most 10 items on screen.
    #expect(metrics.pages > 1 && metrics.pages <= 30)
    #expect(frames.allSatisfy { $0.loadedItemCount % 10 == 0 && $0.loadedItemCount <= 300 })
    #expect(frames.allSatisfy { $0.visible.count <= 10 })
    #expect(frames.contains { $0.visible.count == 9 })
    #expect(metrics.bytes - metrics.wastedBytes <= 30 * 2_000 + 300 * 5_000)
    var fast = World.standard
    fast.network.bytesPerSecond *= 10
    fast.network.jitterSigma = 0
    let slow = Simulation.run(SimulationSetup(trace: trace, strategy: .texture, world: .standard))
    let quick = Simulation.run(SimulationSetup(trace: trace, strategy: .texture, world: fast))
    #expect(quick.blankItemFrames <= slow.blankItemFrames)
    #expect(quick.timeToContentP95 < slow.timeToContentP95)
  }

  @Test("a grid world runs with its own columns")
  func gridWorld() {
    let trace = TraceGenerator(scenario: .reader, seed: 3, duration: 10_000).generate()
    var world = World.standard
    world.layout = .grid(columns: 4, cellLength: 97.5)
    let (metrics, frames) = Simulation.runRecordingFrames(
      SimulationSetup(trace: trace, strategy: .adaptive, world: world))
    #expect(metrics.visibleItemFrames > 0)
    // An 844-point viewport shows 9 or 10 rows of 4 cells, fewer at the end of content.
    let counts = Set(frames.map(\.visible.count))
    #expect(counts.allSatisfy { $0 % 4 == 0 && $0 <= 40 })
    #expect(counts.contains(36) || counts.contains(40))
  }
}
