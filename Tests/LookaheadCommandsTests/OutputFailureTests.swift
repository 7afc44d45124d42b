import Foundation
import Lookahead
import LookaheadCommandSupport
import LookaheadCommands
import LookaheadSimulation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Output that cannot be written ends the run with exit code 1 and the reason, and output
/// files never replace a device or a symbolic link.
@Suite("Output that cannot be written")
struct OutputFailureTests {
  /// A short trace file in a new folder.
  static func traceFile() throws -> (folder: URL, trace: String) {
    let folder = try CommandLineHarness.temporaryFolder()
    let trace = try CommandLineHarness.writeTrace(
      .skimmer, seed: 1, seconds: 1, named: "t", in: folder)
    return (folder, trace)
  }

  @Test("a console whose standard output fails makes a successful run exit 1 with the reason")
  func lostOutput() throws {
    let (_, trace) = try Self.traceFile()
    let errors = Locked("")
    let console = Console(
      writeOutput: { _ in }, writeError: { text in errors.withLock { $0 += text } },
      outputFailure: { "No space left on device" })
    let code = LookaheadCLI.run(
      ["simulate", "--trace", trace, "--strategy", "texture"], console: console)
    #expect(code == 1)
    #expect(
      errors.withLock { $0 } == "Error: cannot write standard output: No space left on device\n")
  }

  /// Runs the built `lookahead` executable with its standard output on `descriptor`
  /// (or closed, for `nil`), and returns its exit status and standard error.
  static func runTool(_ arguments: [String], standardOutput path: String?) throws
    -> (status: Int32, error: String)
  {
    let process = Process()
    // A shell gives the child a standard output on the path, or none at all.
    let redirect = path.map { "> \($0)" } ?? ">&-"
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    let tool = try Executable.url(named: "lookahead").path
    process.arguments = ["-c", "exec \"$0\" \"$@\" \(redirect)", tool] + arguments
    let error = Pipe()
    process.standardError = error
    try process.run()
    let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }

  @Test(
    "the tool exits 1 naming the reason when standard output is full or closed",
    .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
  func fullOrClosedStandardOutput() throws {
    let (_, trace) = try Self.traceFile()
    for command in [
      ["simulate", "--trace", trace, "--strategy", "texture", "--json"],
      [
        "compare", "--traces", URL(fileURLWithPath: trace).deletingLastPathComponent().path,
        "--strategies", "texture",
      ],
    ] {
      let full = try Self.runTool(command, standardOutput: "/dev/full")
      #expect(full.status == 1, "\(full.error)")
      #expect(
        full.error.hasSuffix("Error: cannot write standard output: No space left on device\n"))
      let closed = try Self.runTool(command, standardOutput: nil)
      #expect(closed.status == 1, "\(closed.error)")
      #expect(closed.error.hasSuffix("Error: cannot write standard output: Bad file descriptor\n"))
    }
  }

  @Test("--frames and --loads follow a symbolic link and keep it")
  func symbolicLinkKept() throws {
    let (folder, trace) = try Self.traceFile()
    let link = folder.appending(path: "frames.csv").path
    let target = folder.appending(path: "elsewhere.csv").path
    // A link whose target does not exist yet: an atomic write would replace the link.
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "elsewhere.csv")
    let result = CommandLineHarness.run(
      ["simulate", "--trace", trace, "--strategy", "texture", "--frames", link])
    #expect(result.exitCode == 0, "\(result.error)")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "elsewhere.csv")
    #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("t_ms,"))
  }

  @Test(
    "--loads into a device writes through it and never replaces it",
    .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
  func deviceNeverReplaced() throws {
    let (folder, trace) = try Self.traceFile()
    let result = CommandLineHarness.run(
      ["simulate", "--trace", trace, "--strategy", "texture", "--loads", "/dev/full"])
    #expect(result.exitCode == 1)
    #expect(result.errorLines.first == "Error: cannot write /dev/full: No space left on device")
    var status = stat()
    #expect(lstat("/dev/full", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
    // Through a link to a device, too.
    let link = folder.appending(path: "loads.csv").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/null")
    let quiet = CommandLineHarness.run(
      ["simulate", "--trace", trace, "--strategy", "texture", "--loads", link])
    #expect(quiet.exitCode == 0)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "/dev/null")
  }

  @Test("a folder given as an output file fails the run naming it")
  func folderRefused() throws {
    let (folder, trace) = try Self.traceFile()
    let result = CommandLineHarness.run(
      ["simulate", "--trace", trace, "--strategy", "texture", "--frames", folder.path])
    #expect(result.exitCode == 1)
    #expect(result.errorLines.first == "Error: cannot write \(folder.path): it is a folder")
  }
}

/// Finds an executable SwiftPM builds next to the test bundle.
enum Executable {
  static func url(named name: String) throws -> URL {
    var candidates = Bundle.allBundles.map(\.bundleURL)
    candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]))
    for start in candidates {
      var folder = start
      for _ in 0..<4 {
        folder = folder.deletingLastPathComponent()
        let url = folder.appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: url.path) { return url }
      }
    }
    throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "\(name) not found"])
  }
}
