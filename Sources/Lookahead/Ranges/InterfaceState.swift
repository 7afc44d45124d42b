/// What an item should be doing right now, as a set of bits (Texture's
/// `ASInterfaceState`).
///
/// An item in ``visible`` is always in ``display`` and ``preload`` too. Every item of
/// the layout is at least in ``measureLayout``; the range controller reports changes
/// of the other three bits only.
public struct InterfaceState: OptionSet, Sendable, Hashable, CustomStringConvertible {
  /// The raw bits, with Texture's values.
  public let rawValue: UInt8

  /// Creates a state from raw bits.
  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// The item is part of the layout and may be measured.
  public static let measureLayout = InterfaceState(rawValue: 1)
  /// The item's remote resources should be loading or loaded.
  public static let preload = InterfaceState(rawValue: 2)
  /// The item should be rendered (decoded, drawn) so it is ready to appear.
  public static let display = InterfaceState(rawValue: 4)
  /// The item is on screen.
  public static let visible = InterfaceState(rawValue: 8)

  /// A textual form such as `[measureLayout, preload]`.
  public var description: String {
    let names: [(InterfaceState, String)] = [
      (.measureLayout, "measureLayout"), (.preload, "preload"), (.display, "display"),
      (.visible, "visible"),
    ]
    return "[" + names.filter { contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
  }
}

/// A kind of range whose size is tuned in screenfuls.
public enum RangeKind: Sendable, Hashable, CaseIterable {
  /// Items whose resources should be loaded.
  case preload
  /// Items that should be rendered ahead of appearing.
  case display
}

/// How generous the ranges are, depending on the app's situation (Texture's
/// `ASLayoutRangeMode`).
public enum RangeMode: Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// Small ranges: before the user first scrolls, or on a screen just behind the top one.
  case minimum
  /// The full ranges of an actively scrolled list.
  case full
  /// Only what is on screen.
  case visibleOnly
  /// Nothing beyond the visible items, and no display range at all.
  case lowMemory

  /// The mode's name.
  public var description: String {
    switch self {
    case .minimum: "minimum"
    case .full: "full"
    case .visibleOnly: "visibleOnly"
    case .lowMemory: "lowMemory"
    }
  }
}
