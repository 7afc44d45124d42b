import Foundation

/// Finds and runs the `lookahead-store-fault-helper` executable that SwiftPM builds
/// next to the test bundle.
enum HelperProcess {
  static let name = "lookahead-store-fault-helper"

  static func executableURL() throws -> URL {
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
    throw CocoaError(
      .fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "\(name) not found near \(candidates)"]
    )
  }

  /// Runs the helper to completion and returns its standard output lines.
  static func run(_ arguments: [String]) throws -> [String] {
    let process = Process()
    process.executableURL = try executableURL()
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }
}
