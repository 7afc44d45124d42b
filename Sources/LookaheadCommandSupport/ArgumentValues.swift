import LookaheadSimulation

/// Parsing of the tools' named values, with one-line reasons that list what is accepted.
///
/// This module holds the values every Lookahead tool reads (the network profile and the
/// layout); each tool adds its own in an extension.
///
/// A namespace of pure functions; thread-safe.
public enum ArgumentValues {
  /// A standard network profile by name: `wifi`, `lte` or `3g`.
  ///
  /// - Throws: ``ArgumentProblem`` listing the names.
  public static func network(_ text: String) throws -> NetworkProfile {
    guard let profile = NetworkProfile.named(text) else {
      throw ArgumentProblem(
        description:
          "unknown network profile (expected one of \(list(NetworkProfile.standard.map(\.name))))"
      )
    }
    return profile
  }

  /// A layout by name: `feed` or `grid`.
  ///
  /// - Throws: ``ArgumentProblem`` listing the names.
  public static func layout(_ text: String) throws -> WorldLayout.Kind {
    guard let layout = WorldLayout.Kind(rawValue: text) else {
      throw ArgumentProblem(
        description:
          "unknown layout (expected one of \(list(WorldLayout.Kind.allCases.map(\.rawValue))))")
    }
    return layout
  }

  /// Names for a reason, comma-separated.
  public static func list(_ names: [String]) -> String {
    names.joined(separator: ", ")
  }
}
