import Foundation

@_spi(Machines) @testable import Lookahead

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// The platform adapters' inputs on a ``MachineHarness``: prefetch hints, scroll-view
/// states, rows and measured frames.
extension MachineHarness {
  /// UIKit's `prefetchItemsAt` for posts `ids`.
  @discardableResult
  mutating func hint(_ ids: [Int]) -> [Action] {
    let cached = cached
    return perform(machine.hintPrefetch(ids, now: time) { cached.contains($0) })
  }

  /// UIKit's `cancelPrefetchingForItemsAt` for posts `ids`.
  @discardableResult
  mutating func withdrawHint(_ ids: [Int]) -> [Action] {
    perform(machine.withdrawPrefetchHint(ids, now: time))
  }

  /// A scroll-view state, `step` after the previous event.
  @discardableResult
  mutating func report(
    offset: CGFloat, isDragging: Bool = false, isDecelerating: Bool = false,
    velocity: CGFloat = 0, height: CGFloat = 1000, after step: Duration = .milliseconds(16)
  ) -> [Action] {
    time += step
    let cached = cached
    let state = ScrollViewState(
      contentOffset: CGPoint(x: 0, y: offset), viewportSize: CGSize(width: 390, height: height),
      isDragging: isDragging, isDecelerating: isDecelerating,
      velocity: CGPoint(x: 0, y: velocity))
    return perform(machine.scrollViewChanged(state, now: time) { cached.contains($0) })
  }

  /// SwiftUI's `onAppear` of the row of post `id`.
  @discardableResult
  mutating func rowAppeared(_ id: Int, after step: Duration = .milliseconds(16)) -> [Action] {
    time += step
    let cached = cached
    return perform(machine.rowAppeared(id, now: time) { cached.contains($0) })
  }

  /// SwiftUI's `onDisappear` of the row of post `id`.
  @discardableResult
  mutating func rowDisappeared(_ id: Int, after step: Duration = .milliseconds(16)) -> [Action] {
    time += step
    let cached = cached
    return perform(machine.rowDisappeared(id, now: time) { cached.contains($0) })
  }

  /// The key and priority of each load the actions start, in order.
  static func starts(_ actions: [Action]) -> [(key: String, priority: LoadPriority)] {
    actions.compactMap {
      if case .startLoad(let key, _, let priority) = $0 { (key, priority) } else { nil }
    }
  }
}
