/// What the user is doing with the scroll view.
public enum ScrollPhase: Sendable, Hashable, CustomStringConvertible {
  /// Nothing is moving.
  case idle
  /// A finger is on the screen and moves the content 1:1.
  case dragging
  /// The finger lifted with velocity; the content coasts and slows down.
  case decelerating

  /// The phase's name.
  public var description: String {
    switch self {
    case .idle: "idle"
    case .dragging: "dragging"
    case .decelerating: "decelerating"
    }
  }
}
