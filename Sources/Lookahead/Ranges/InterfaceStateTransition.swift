/// One callback of an interface-state change, in the order they fire for an item.
public enum InterfaceStateEvent: Sendable, Hashable {
  /// The item entered the preload state: start loading its resources.
  case didEnterPreload
  /// The item left the preload state: its loads may be cancelled.
  case didExitPreload
  /// The item entered the display state: render it.
  case didEnterDisplay
  /// The item left the display state: rendered contents may be released.
  case didExitDisplay
  /// The item appeared on screen.
  case didEnterVisible
  /// The item left the screen.
  case didExitVisible
  /// Always last: the item's state changed from `from` to `to`.
  case didChange(from: InterfaceState, to: InterfaceState)
}

/// A change of one item's interface state during a range update.
public struct InterfaceStateTransition: Sendable, Hashable, CustomStringConvertible {
  /// The item's flat index in the layout passed to the update.
  public var item: Int
  /// The state before the update.
  public var oldState: InterfaceState
  /// The state after the update.
  public var newState: InterfaceState

  /// Creates a transition.
  package init(item: Int, oldState: InterfaceState, newState: InterfaceState) {
    self.item = item
    self.oldState = oldState
    self.newState = newState
  }

  /// The bits the item gained.
  public var entered: InterfaceState { newState.subtracting(oldState) }
  /// The bits the item lost.
  public var exited: InterfaceState { oldState.subtracting(newState) }

  /// Calls `body` with each callback of this transition in the fixed order: preload,
  /// display, visible (entering or exiting), then ``InterfaceStateEvent/didChange(from:to:)``.
  ///
  /// - Complexity: O(1); allocates nothing.
  public func forEachEvent(_ body: (InterfaceStateEvent) throws -> Void) rethrows {
    let entered = entered
    let exited = exited
    if entered.contains(.preload) { try body(.didEnterPreload) }
    if exited.contains(.preload) { try body(.didExitPreload) }
    if entered.contains(.display) { try body(.didEnterDisplay) }
    if exited.contains(.display) { try body(.didExitDisplay) }
    if entered.contains(.visible) { try body(.didEnterVisible) }
    if exited.contains(.visible) { try body(.didExitVisible) }
    try body(.didChange(from: oldState, to: newState))
  }

  /// The callbacks of this transition, in the order of ``forEachEvent(_:)``.
  var events: [InterfaceStateEvent] {
    var events: [InterfaceStateEvent] = []
    forEachEvent { events.append($0) }
    return events
  }

  /// A textual form such as `item 7: [measureLayout] → [measureLayout, preload]`.
  public var description: String { "item \(item): \(oldState) → \(newState)" }
}
