/// The directions in which content is moving, as a set (Texture's `ASScrollDirection`).
///
/// "Down" means the content offset grows along a vertical axis (the user reveals
/// content further down); "right" means it grows along a horizontal axis.
public struct ScrollDirection: OptionSet, Sendable, Hashable, CustomStringConvertible {
  /// The raw bits, with Texture's values.
  public let rawValue: UInt8

  /// Creates a direction set from raw bits.
  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// The content offset grows horizontally.
  public static let right = ScrollDirection(rawValue: 1 << 0)
  /// The content offset shrinks horizontally.
  public static let left = ScrollDirection(rawValue: 1 << 1)
  /// The content offset shrinks vertically.
  public static let up = ScrollDirection(rawValue: 1 << 2)
  /// The content offset grows vertically.
  public static let down = ScrollDirection(rawValue: 1 << 3)
  /// Both vertical directions.
  static let vertical: ScrollDirection = [.up, .down]
  /// Both horizontal directions.
  static let horizontal: ScrollDirection = [.left, .right]

  /// Whether the set contains a direction along `axis`.
  func includes(_ axis: Axis) -> Bool {
    !intersection(axis == .vertical ? .vertical : .horizontal).isEmpty
  }

  /// Whether the content moves toward larger offsets along `axis` (down or right).
  func isForward(along axis: Axis) -> Bool {
    contains(axis == .vertical ? .down : .right)
  }

  /// The set with up/down (or left/right) swapped along `axis`, for inverted lists.
  func flipped(along axis: Axis) -> ScrollDirection {
    let (backward, forward): (ScrollDirection, ScrollDirection) =
      axis == .vertical ? (.up, .down) : (.left, .right)
    var result = subtracting([backward, forward])
    if contains(backward) { result.insert(forward) }
    if contains(forward) { result.insert(backward) }
    return result
  }

  /// A textual form such as `[down, right]`.
  public var description: String {
    let names: [(ScrollDirection, String)] = [
      (.up, "up"), (.down, "down"), (.left, "left"), (.right, "right"),
    ]
    return "[" + names.filter { contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
  }
}
