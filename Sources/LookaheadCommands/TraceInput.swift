import Foundation
import LookaheadCommandSupport
import LookaheadSimulation

/// One trace to replay, with its name, its class and the seed of its runs.
///
/// A value type; thread-safe.
struct TraceInput: Sendable {
  /// The name in reports: the file name without `.csv`, or `<scenario>-<seed>`.
  var name: String
  /// The class the trace is grouped under in comparisons.
  var traceClass: String
  /// The samples.
  var trace: Trace
  /// The seed of the network jitter for runs on this trace.
  var seed: UInt64

  /// The trace read from `path`, for `simulate`; its name is the file name without `.csv`.
  ///
  /// - Throws: ``CommandFailure/badInput(_:)`` naming the file and, when malformed, the line.
  static func file(at path: String, seed: UInt64) throws(CommandFailure) -> TraceInput {
    let url = URL(fileURLWithPath: path)
    let name = traceName(of: url)
    return TraceInput(
      name: name, traceClass: traceClass(ofName: name), trace: try read(url), seed: seed)
  }

  /// Generated traces: each scenario × seeds `seeds`, in that order, named `<scenario>-<seed>`,
  /// of class `<scenario>`, each run with its seed.
  ///
  /// - Parameters:
  ///   - duration: the length of every trace, or `nil` for each scenario's default (see
  ///     ``ScenarioChoice/trace(seed:duration:maxOffset:)``).
  ///   - maxOffset: the largest content offset the traces reach.
  static func generated(
    scenarios: [ScenarioChoice], seeds: ClosedRange<UInt64>, duration: Milliseconds? = nil,
    maxOffset: Double = TraceGenerator.defaultMaxOffset
  ) -> [TraceInput] {
    scenarios.flatMap { scenario in
      seeds.map { seed in
        TraceInput(
          name: "\(scenario.name)-\(seed)", traceClass: scenario.name,
          trace: scenario.trace(seed: seed, duration: duration, maxOffset: maxOffset), seed: seed)
      }
    }
  }

  /// Every `*.csv` file in `folder`, in natural name order (`x-2` before `x-10`), run with
  /// seed 1.
  ///
  /// - Parameter classes: when given, only traces of these classes are kept.
  /// - Throws: ``CommandFailure/badInput(_:)`` when the folder is missing, holds no trace
  ///   (of the wanted classes), or a trace is malformed (naming its file and line).
  static func folder(_ folder: String, classes: Set<String>?) throws(CommandFailure)
    -> [TraceInput]
  {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory),
      isDirectory.boolValue
    else { throw .badInput("--traces: no such folder: \(folder)") }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder)
    } catch {
      throw .badInput("--traces: cannot list folder \(folder)")
    }
    let files =
      names
      .filter { $0.lowercased().hasSuffix(".csv") }
      .sorted { $0.compare($1, options: [.numeric]) == .orderedAscending }
    guard !files.isEmpty else { throw .badInput("--traces: no *.csv files in \(folder)") }
    let base = URL(fileURLWithPath: folder, isDirectory: true)
    var inputs: [TraceInput] = []
    for file in files {
      let url = base.appendingPathComponent(file)
      let name = traceName(of: url)
      let traceClass = traceClass(ofName: name)
      if let classes, !classes.contains(traceClass) { continue }
      inputs.append(TraceInput(name: name, traceClass: traceClass, trace: try read(url), seed: 1))
    }
    guard !inputs.isEmpty else {
      let wanted = (classes ?? []).sorted().joined(separator: ", ")
      throw .badInput("--traces: no trace of the scenarios \(wanted) in \(folder)")
    }
    return inputs
  }

  /// The class of a trace named `name`: the part before the first `-` or `_` when it names
  /// a scenario (`random` included), else the whole name.
  static func traceClass(ofName name: String) -> String {
    let prefix = name.prefix { $0 != "-" && $0 != "_" }
    return ScenarioChoice(name: String(prefix)) != nil ? String(prefix) : name
  }

  static func traceName(of url: URL) -> String {
    let file = url.lastPathComponent
    return file.lowercased().hasSuffix(".csv") ? String(file.dropLast(4)) : file
  }

  static func read(_ url: URL) throws(CommandFailure) -> Trace {
    do {
      return try Trace(contentsOf: url)
    } catch {
      // A missing or unreadable file already names its path; a malformed one names its line.
      throw .badInput(error.line == nil ? error.description : "\(url.path): \(error)")
    }
  }
}
