import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// The entry points of platform adapters (`LookaheadUIKit`, `LookaheadSwiftUI`): prefetch
/// hints, scroll-view states, row appearances and measured layouts. Each one is an event
/// of the state machine, where the decisions are taken and tested.
extension ListPreloader {
  // MARK: - Items and positions

  /// The id of the item at `position`, or `nil` when the position is out of range (the
  /// screen may show a list the preloader already changed).
  ///
  /// - Parameter position: A position in the list.
  /// - Complexity: O(1).
  public func itemID(at position: Int) -> Item.ID? {
    locked.withLock { state in
      let items = state.machine.items
      return items.indices.contains(position) ? items[position].id : nil
    }
  }

  /// The position of the item with `id`, or `nil` when it is not in the list.
  ///
  /// - Parameter id: An item's id.
  /// - Complexity: O(log *n*).
  public func position(of id: Item.ID) -> Int? {
    locked.withLock { $0.machine.items.index(ofID: id) }
  }

  // MARK: - Prefetch hints

  /// Forward `prefetchItemsAt`: a hint that these items will be needed soon. It loads
  /// what nothing else wants, at the lowest priority, through the same resource key as
  /// cells; repeated hints change nothing, and the strategy never depends on them.
  ///
  /// - Parameter ids: The hinted items.
  public func hintPrefetch(_ ids: [Item.ID]) {
    let cache = cache
    update { state, now in
      let readiness = CacheReadiness(cache: cache, loads: state.loads)
      return state.machine.hintPrefetch(ids, now: now, isCached: readiness.isReady)
    }
  }

  /// Forward `cancelPrefetchingForItemsAt`: withdraws the hints, never a load that the
  /// strategy or a cell still waits for.
  ///
  /// - Parameter ids: The items.
  public func withdrawPrefetchHint(_ ids: [Item.ID]) {
    update { state, now in state.machine.withdrawPrefetchHint(ids, now: now) }
  }

  // MARK: - Scroll views

  /// A scroll view observed without its delegate reported its state.
  ///
  /// Call it once per display frame. The differences from the previous state become the
  /// events a delegate would have sent, in UIKit's order: a drag that begins; a frame at
  /// a new time, offset or visible size, measured and recorded like ``scrolled(to:)``; a
  /// drag that ends (a fling when the velocity is not zero); a deceleration that
  /// stopped. A state equal to the previous one at the same time changes nothing. Once a
  /// scroll view reports its states, row appearances no longer move the viewport.
  ///
  /// - Parameter state: The scroll view's state.
  /// - Returns: When to read the scroll view again even if nothing observable changes
  ///   (the end of a drag or of a deceleration may come without a new offset), or
  ///   `nil`.
  @discardableResult
  public func scrollViewChanged(_ state: ScrollViewState) -> Duration? {
    updateScrollView { $0 = state }
  }

  /// Changes part of the scroll view's state, for adapters that learn the offset and
  /// the phase from separate callbacks (SwiftUI's scroll geometry and scroll phase).
  /// The state starts at the current viewport, at rest.
  ///
  /// - Parameter change: Changes the last reported state.
  /// - Returns: When to read the scroll view again, or `nil`.
  @discardableResult
  public func updateScrollView(_ change: (inout ScrollViewState) -> Void) -> Duration? {
    let cache = cache
    var followUp: Duration?
    update { state, now in
      // No copy of the machine is kept: mutating it while a copy lives would copy its
      // storage on every frame.
      var scrollView =
        state.machine.scrollViewState
        ?? ScrollViewState(
          contentOffset: state.machine.viewport.origin, viewportSize: state.machine.viewport.size)
      change(&scrollView)
      let samples = state.machine.viewInputs.samples
      let readiness = CacheReadiness(cache: cache, loads: state.loads)
      let actions = state.machine.scrollViewChanged(
        scrollView, now: now, isCached: readiness.isReady)
      if state.machine.viewInputs.samples != samples { state.recordSample(now: now, cache: cache) }
      followUp = state.machine.scrollViewFollowUpDelay
      return actions
    }
    return followUp
  }

  // MARK: - Rows

  /// A row appeared: SwiftUI's `onAppear`, where the container cannot report its
  /// offset.
  ///
  /// While no scroll view reports its state, the rows on screen stand for the viewport:
  /// it starts at the first of them, and every change of that start is a frame.
  ///
  /// - Parameter id: The row's item.
  public func rowAppeared(_ id: Item.ID) {
    updateRows { machine, now, readiness in
      machine.rowAppeared(id, now: now, isCached: readiness.isReady)
    }
  }

  /// A row disappeared: SwiftUI's `onDisappear`.
  ///
  /// - Parameter id: The row's item.
  public func rowDisappeared(_ id: Item.ID) {
    updateRows { machine, now, readiness in
      machine.rowDisappeared(id, now: now, isCached: readiness.isReady)
    }
  }

  private func updateRows(
    _ event: (inout StateMachine, Duration, CacheReadiness) -> [StateMachine.Action]
  ) {
    let cache = cache
    update { state, now in
      let samples = state.machine.viewInputs.samples
      let actions = event(&state.machine, now, CacheReadiness(cache: cache, loads: state.loads))
      if state.machine.viewInputs.samples != samples { state.recordSample(now: now, cache: cache) }
      return actions
    }
  }

  // MARK: - Measured layouts

  /// Adopts the lengths the screen's layout measured for some items (self-sizing cells,
  /// measured as they appear): only those items change, whatever the list's length.
  /// Items not in the list, and a grid (whose cells have the row's length), are skipped.
  ///
  /// - Parameter lengths: Items by id, with their measured lengths along the axis;
  ///   finite and non-negative.
  /// - Returns: How many items were resized.
  /// - Complexity: O(*k* (log *n* + *m*)) for *k* lengths, where *m* is the number of items
  ///   after the first resized one (the list's prefix sums move).
  @discardableResult
  public func resizeItems(_ lengths: some Sequence<(id: Item.ID, length: CGFloat)>) -> Int {
    locked.withLock { state in
      guard state.machine.geometry.hasItemLengths else { return 0 }
      var resized = 0
      for (id, length) in lengths {
        guard let position = state.machine.items.index(ofID: id),
          state.machine.geometry.span(ofItem: position).length != length
        else { continue }
        state.machine.resizeItem(at: position, to: length)
        resized += 1
      }
      return resized
    }
  }

  /// Replaces the estimated geometry with the frames the screen's layout gave the
  /// items, so that compositional, self-sizing and custom layouts are measured rather
  /// than estimated; the strategy decides again at the current offset.
  ///
  /// `frame` is called for every loaded item outside the preloader's lock, so it may ask
  /// the layout; the frames are adopted only if the list did not change meanwhile and
  /// every item has one. `CGRect.zero` counts as no frame: it is what
  /// `UITableView.rectForRow(at:)` answers for a row the table does not have yet.
  ///
  /// - Parameters:
  ///   - contentSize: The scroll view's content size.
  ///   - frame: An item's frame in content coordinates, or `nil` when the screen does not
  ///     show it (yet).
  /// - Returns: Whether the frames were adopted.
  /// - Complexity: O(*n*) for *n* loaded items, plus *n* calls of `frame`.
  @discardableResult
  public func adoptMeasuredLayout(contentSize: CGSize, frame: (Item) -> CGRect?) -> Bool {
    let items = self.items
    var frames: [CGRect] = []
    frames.reserveCapacity(items.count)
    for item in items {
      guard let measured = frame(item), measured != .zero else { return false }
      frames.append(measured)
    }
    let ids = items.map(\.id)
    let cache = cache
    var isAdopted = false
    update { state, now in
      let readiness = CacheReadiness(cache: cache, loads: state.loads)
      let actions = state.machine.adoptMeasuredFrames(
        frames, of: ids, contentSize: contentSize, now: now, isCached: readiness.isReady)
      isAdopted = actions != nil
      return actions ?? []
    }
    return isAdopted
  }
}

extension ListPreloader.State {
  /// Records a scroll sample the state machine took from an adapter's input: the trace
  /// and a measured frame, as ``ListPreloader/scrolled(to:)`` does.
  mutating func recordSample(now: Duration, cache: any Caching<Key, Resource>) {
    let axis = machine.geometry.axis
    trace?.record(offset: Double(axis.offset(of: machine.viewport.origin)), at: now)
    recordFrame(now: now, cache: cache)
  }
}
