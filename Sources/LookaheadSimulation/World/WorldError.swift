/// Why a world description was rejected: the field, by its JSON path, and what is wrong
/// with it.
///
/// ```text
/// network.bandwidth must be positive
/// layout.kind must be "feed" or "grid"
/// unknown field network.bandwith
/// ```
///
/// A value type; thread-safe.
public struct WorldError: Error, Hashable, CustomStringConvertible {
  /// The JSON path of the field, such as `network.bandwidth`; empty for the whole file.
  public let field: String
  /// What is wrong, as the end of a sentence that starts with the field.
  public let problem: String

  /// Creates an error about `field`.
  ///
  /// - Parameters:
  ///   - field: The field's JSON path.
  ///   - problem: What is wrong, such as `must be positive`.
  public init(field: String, problem: String) {
    self.field = field
    self.problem = problem
  }

  /// A field that is not part of a world description (often a typo).
  static func unknownField(_ field: String) -> WorldError {
    WorldError(field: "", problem: "unknown field \(field)")
  }

  /// One line such as `network.bandwidth must be positive`.
  public var description: String {
    field.isEmpty ? problem : "\(field) \(problem)"
  }
}
