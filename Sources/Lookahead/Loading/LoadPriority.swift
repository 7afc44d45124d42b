/// How urgently a resource is needed, from most to least urgent: `visible`,
/// `display`, `preload`, `idle`.
///
/// Inside one class, requests are further ordered by a `Double` *order* where a
/// smaller value runs sooner (a distance from the viewport in points, or a
/// deadline in seconds). Priorities compare by urgency: `.visible > .idle`.
///
/// `LoadPriority` is a value type and safe to use from any thread.
public enum LoadPriority: Int, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible
{
  /// Work that may run when nothing else is waiting.
  case idle = 0
  /// The item is in the preload range: fetch its resource ahead of need.
  case preload = 1
  /// The item is about to be displayed (in the display range).
  case display = 2
  /// The item is on screen now; the user is looking at a placeholder.
  case visible = 3

  /// Whether `lhs` is less urgent than `rhs`.
  public static func < (lhs: LoadPriority, rhs: LoadPriority) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// The name of the class, as in `visible`.
  public var description: String {
    switch self {
    case .idle: "idle"
    case .preload: "preload"
    case .display: "display"
    case .visible: "visible"
    }
  }

  /// The Swift task priority a driver gives to loads of this class.
  var taskPriority: TaskPriority {
    switch self {
    case .idle: .background
    case .preload: .utility
    case .display: .medium
    case .visible: .userInitiated
    }
  }
}
