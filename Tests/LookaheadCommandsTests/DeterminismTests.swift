import Foundation
import LookaheadSimulation
import Testing

/// A run's results depend on its inputs alone. Two runs in one process cannot show it:
/// they share the process's hash seed, so a result that follows the iteration order of a
/// `Set` or a `Dictionary` would agree with itself. Two processes draw their own seeds.
@Suite("Determinism across processes")
struct DeterminismTests {
  @Test("two processes print byte-identical results for every strategy, on a feed and a grid")
  func twoProcessesAgree() throws {
    let folder = try CommandLineHarness.temporaryFolder()
    try CommandLineHarness.writeTrace(.skimmer, seed: 3, seconds: 20, named: "t", in: folder)
    let strategies = StrategyID.allCases.map(\.rawValue).joined(separator: ",")
    for (network, layout) in [("3g", "feed"), ("lte", "grid")] {
      var outputs: [Data] = []
      for run in 0..<2 {
        let output = folder.appending(path: "\(layout)-\(run).json").path
        let result = try OutputFailureTests.runTool(
          [
            "compare", "--traces", folder.path, "--strategies", strategies,
            "--network", network, "--layout", layout, "--json",
          ],
          standardOutput: output)
        #expect(result.status == 0, "\(result.error)")
        outputs.append(try Data(contentsOf: URL(fileURLWithPath: output)))
      }
      #expect(!outputs[0].isEmpty)
      #expect(outputs[0] == outputs[1], "\(network) \(layout)")
    }
  }
}
