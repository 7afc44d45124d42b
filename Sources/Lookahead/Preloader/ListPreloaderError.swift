/// Why a ``ListPreloader`` could not answer a request.
///
/// A struct wrapping a private enum, so that new cases do not break `switch`es.
/// Thread-safety: a value type; safe to send between tasks.
public struct ListPreloaderError: Error, Hashable, CustomStringConvertible {
  private enum Reason: Hashable {
    case noResource(String)
  }

  private let reason: Reason

  /// The item has no resource: its `resourceKey` is `nil`.
  ///
  /// - Parameter item: A description of the item, for the message.
  public static func noResource(_ item: String) -> Self {
    Self(reason: .noResource(item))
  }

  /// A sentence saying what happened.
  public var description: String {
    switch reason {
    case .noResource(let item): "The item \(item) has no resource to load (its resourceKey is nil)."
    }
  }
}
