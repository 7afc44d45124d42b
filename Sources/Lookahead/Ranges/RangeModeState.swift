/// Texture's rules for choosing a ``RangeMode`` as the app's situation changes.
///
/// - The first update is ``RangeMode/minimum``, and it stays minimum until the user
///   first drags; the first drag switches to ``RangeMode/full``. Programmatic scrolling
///   does not.
/// - Going to the background: visible lists → ``RangeMode/visibleOnly``, others →
///   ``RangeMode/lowMemory``. Back to the foreground: visible → minimum, others →
///   visibleOnly.
/// - A memory warning: lists in the display state → visibleOnly, others → lowMemory.
/// - Visibility depth of the owning screen: 0 → full, 1 → minimum, 2 → visibleOnly,
///   3 or more → lowMemory.
///
/// A pure value: each event method updates ``mode`` and returns it.
@_spi(Machines) public struct RangeModeState: Sendable, Hashable {
  /// The mode the next range update should use.
  @_spi(Machines) public private(set) var mode: RangeMode = .minimum
  /// Whether the user has dragged the list at least once.
  @_spi(Machines) public private(set) var hasUserDragged = false

  /// Creates the state of a list that has not been updated yet (minimum mode).
  @_spi(Machines) public init() {}

  /// The user began dragging. The first drag switches to full mode; later drags
  /// change nothing.
  @discardableResult
  @_spi(Machines) public mutating func userDidBeginDragging() -> RangeMode {
    if !hasUserDragged {
      hasUserDragged = true
      mode = .full
    }
    return mode
  }

  /// The app went to the background.
  ///
  /// - Parameter isListVisible: Whether the list was on screen.
  @discardableResult
  @_spi(Machines) public mutating func didEnterBackground(isListVisible: Bool) -> RangeMode {
    mode = isListVisible ? .visibleOnly : .lowMemory
    return mode
  }

  /// The app is coming back to the foreground.
  ///
  /// - Parameter isListVisible: Whether the list is on screen.
  @discardableResult
  @_spi(Machines) public mutating func willEnterForeground(isListVisible: Bool) -> RangeMode {
    mode = isListVisible ? .minimum : .visibleOnly
    return mode
  }

  /// The system sent a memory warning.
  ///
  /// - Parameter isInDisplayState: Whether the list is in the display state (on
  ///   screen or about to be).
  @discardableResult
  @_spi(Machines) public mutating func didReceiveMemoryWarning(isInDisplayState: Bool) -> RangeMode
  {
    mode = isInDisplayState ? .visibleOnly : .lowMemory
    return mode
  }

  /// The owning screen's distance from the top of the navigation stack changed.
  ///
  /// - Parameter depth: 0 for the top screen, 1 for the one below it, and so on.
  @discardableResult
  @_spi(Machines) public mutating func visibilityDepthDidChange(to depth: Int) -> RangeMode {
    precondition(depth >= 0, "depth must be non-negative, got \(depth)")
    switch depth {
    case 0: mode = .full
    case 1: mode = .minimum
    case 2: mode = .visibleOnly
    default: mode = .lowMemory
    }
    return mode
  }
}
