import Foundation
import LookaheadCommandSupport
import LookaheadFeedServer
import LookaheadLiveCommands
import LookaheadSimulation
import Testing

/// Runs `lookahead-live` in-process and keeps what it wrote: a test never depends on a
/// child process exiting cleanly (FoundationNetworking can crash at exit, #5469).
private struct Ran {
  var exitCode: Int32
  var output: String
  var error: String

  var errorLines: [Substring] { error.split(separator: "\n") }

  init(_ arguments: [String]) async {
    let output = Protected("")
    let error = Protected("")
    exitCode = await LiveCLI.run(
      arguments,
      console: Console(
        writeOutput: { text in output.withLock { $0 += text } },
        writeError: { text in error.withLock { $0 += text } }))
    self.output = output.withLock { $0 }
    self.error = error.withLock { $0 }
  }
}

/// A short trace file in a new temporary folder.
private func traceFile(seconds: Double = 4) throws -> String {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "lookahead-live-cli-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  let url = folder.appendingPathComponent("skimmer-5.csv")
  let trace = TraceGenerator(scenario: .skimmer, seed: 5, duration: seconds * 1000).generate()
  try Data(trace.csv.utf8).write(to: url)
  return url.path
}

extension LiveTests {
  @Suite("lookahead-live on the command line")
  struct LiveCommandLineTests {}
}

extension LiveTests.LiveCommandLineTests {
  /// Exit 2, nothing on standard output, `Error: <one line>` then the usage.
  private func expectBadArguments(
    _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) async -> String {
    let result = await Ran(arguments)
    #expect(result.exitCode == 2, "\(result.error)", sourceLocation: sourceLocation)
    #expect(result.output.isEmpty, sourceLocation: sourceLocation)
    #expect(result.errorLines.first?.hasPrefix("Error: ") == true, sourceLocation: sourceLocation)
    #expect(
      result.errorLines.dropFirst().first?.hasPrefix("Usage: lookahead-live") == true,
      "\(result.error)", sourceLocation: sourceLocation)
    return String(result.errorLines.first ?? "")
  }

  @Test("unknown or invalid flags exit 2 with a one-line reason naming the flag")
  func badFlags() async throws {
    let trace = try traceFile()
    #expect(await expectBadArguments(["serve", "--verbose"]).contains("--verbose"))
    #expect(await expectBadArguments(["serve", "--port", "70000"]).contains("--port"))
    let speed = await expectBadArguments(
      ["live", "--trace", trace, "--strategy", "texture", "--speed", "0"])
    #expect(speed.contains("--speed"))
    let oracle = await expectBadArguments(["live", "--trace", trace, "--strategy", "oracle"])
    #expect(oracle.contains("simulator"))
    let faults = await expectBadArguments(
      ["live", "--trace", trace, "--strategy", "texture", "--faults", "boom=1%"])
    #expect(faults.contains("--faults") && faults.contains("boom"))
    let missing = await expectBadArguments(
      ["live", "--trace", "/nonexistent/trace.csv", "--strategy", "texture"])
    #expect(missing.contains("/nonexistent/trace.csv"))
    let both = await expectBadArguments(
      [
        "live", "--trace", trace, "--strategy", "texture", "--server", "http://127.0.0.1:9",
        "--speed", "2",
      ])
    #expect(both.contains("--server"))
    let world = FileManager.default.temporaryDirectory.appendingPathComponent(
      "world-\(UUID().uuidString).json")
    try Data(#"{"network": {"bandwidth": 0}}"#.utf8).write(to: world)
    let invalid = await expectBadArguments(["serve", "--world", world.path])
    #expect(invalid == "Error: --world \(world.path): network.bandwidth must be positive")
    let none = await Ran([])
    #expect(none.exitCode == 2 && none.errorLines.first == "Error: missing subcommand")
  }

  @Test("an unreachable server exits 1 with a one-line reason")
  func unreachableServer() async throws {
    let result = await Ran(
      [
        "live", "--trace", try traceFile(), "--strategy", "texture", "--server",
        "http://127.0.0.1:9",
      ])
    #expect(result.exitCode == 1)
    #expect(result.errorLines.count == 1)
    #expect(
      result.errorLines.first?.hasPrefix(
        "Error: cannot reach the feed server at http://127.0.0.1:9") == true)
  }

  @Test("serve on a port in use exits 1 with a one-line reason")
  func portInUse() async throws {
    let server = FeedServer(configuration: FeedServerConfiguration())
    let url = try await server.start()
    let port = try #require(url.port)
    let result = await Ran(["serve", "--port", String(port)])
    #expect(result.exitCode == 1)
    #expect(
      result.errorLines == ["Error: cannot listen on 127.0.0.1:\(port): address already in use"])
    await server.stop()
  }

  @Test("live exits 1 naming the server when it stops answering during the run")
  func serverStopsDuringTheRun() async throws {
    let server = FeedServer(configuration: FeedServerConfiguration(speed: 4, seed: 5))
    let url = try await server.start()
    let trace = try traceFile(seconds: 8)
    // The trace takes 2 s at 4×: the server goes away half-way.
    let stopping = Task {
      try await Task.sleep(for: .seconds(1))
      await server.stop()
    }
    let result = await Ran(
      ["live", "--trace", trace, "--strategy", "texture", "--server", url.absoluteString])
    try await stopping.value
    #expect(result.exitCode == 1, "\(result.error)")
    #expect(result.output.isEmpty)
    let expected =
      "Error: the feed server at \(url.absoluteString) stopped answering during the run "
      + "(GET /stats failed after the trace); no report"
    #expect(result.errorLines.last.map(String.init) == expected)
  }

  @Test(
    "serve and live refuse a world whose responses would not fit in memory, naming the field",
    arguments: [
      (#"{"page_bytes": 4000000000}"#, "page_bytes"),
      (#"{"page_bytes": 9223372036854775807}"#, "page_bytes"),
      (
        #"{"images": {"max_bytes": 1000000000000}, "memory_cache_bytes": 1000000000000}"#,
        "images.max_bytes"
      ),
      (#"{"page_size": 10000000, "pages": 1}"#, "page_size"),
    ])
  func unservableWorld(json: String, field: String) async throws {
    let world = FileManager.default.temporaryDirectory.appendingPathComponent(
      "world-\(UUID().uuidString).json")
    try Data(json.utf8).write(to: world)
    for command in [
      ["serve", "--port", "0"], ["live", "--trace", try traceFile(), "--strategy", "texture"],
    ] {
      let reason = await expectBadArguments(command + ["--world", world.path])
      #expect(reason.hasPrefix("Error: --world \(world.path): \(field) "))
    }
  }

  @Test("live against a running server prints every metric next to simulate's, as JSON too")
  func liveAgainstAServer() async throws {
    let server = FeedServer(configuration: FeedServerConfiguration(speed: 8, seed: 5))
    let url = try await server.start()
    let trace = try traceFile(seconds: 4)
    let result = await Ran(
      [
        "live", "--trace", trace, "--strategy", "adaptive", "--server", url.absoluteString,
        "--json",
      ])
    await server.stop()
    #expect(result.exitCode == 0, "\(result.error)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    #expect(object["trace"] as? String == "skimmer-5")
    #expect(object["speed"] as? Double == 8 && object["seed"] as? Int == 5)
    let live = try #require(object["live"] as? [String: Any])
    let simulate = try #require(object["simulate"] as? [String: Any])
    let keys = Set(ListMetricsKeys.all)
    #expect(Set(live.keys) == keys && Set(simulate.keys) == keys)
    #expect((object["disk_cache"] as? [String: Any])?["invalid"] as? [String] == [])
  }
}

/// The metric keys (docs/DESIGN.md, "Metrics").
private enum ListMetricsKeys {
  static let all = [
    "visible_item_frames", "blank_item_frames", "blank_rate", "stall_ms", "bytes",
    "wasted_bytes", "requests", "cancelled", "pages", "ttc_p50_ms", "ttc_p95_ms",
    "peak_cache_bytes",
  ]
}
