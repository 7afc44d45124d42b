// Which visible items the adaptive policy asks for, and in which order.
extension AdaptivePolicy {
  /// Appends the requests for the visible items, as the type's "Visible first", "A slow
  /// start" and "Leaving items are not loaded" describe, and returns how many visible
  /// items wait for their image (those a slow start holds back included) and how many a
  /// dense screen skipped as leaving (they hold their places in the pipe).
  ///
  /// - Parameters:
  ///   - visible: The items on screen (`input.visibleItems`, worked out once a frame by
  ///     the caller).
  ///   - motion: The viewport's motion; `walled` is the same, stopping at the start of
  ///     the list.
  ///   - isForward: Whether the lead points toward larger offsets.
  ///   - isStill: Whether the viewport stands where it stood at the previous decision.
  ///   - itemsPerPoint: The visible items over the extent their spans cover.
  func appendVisibleRequests<Layout: ItemLayout>(
    input: PolicyInput<Layout>, visible: Range<Int>, motion: ViewportMotion,
    walled: ViewportMotion, isForward forward: Bool, isStill: Bool, itemsPerPoint: Double,
    status: some LoadStatus, into requests: inout [PreloadRequest]
  ) -> (waiting: Int, skipped: Int) {
    let viewport = input.viewportSpan
    let screen = Double(viewport.length)
    // Requested visible items whose image is not ready yet.
    var waitingVisible = 0
    // At rest, the visible items nearest the edge the user last scrolled toward come
    // first: the viewport moves on that way, so they stay on screen longest. (Toward
    // smaller offsets, layout order already starts at that edge.)
    let isEndFirst = forward && !motion.isMoving
    let leaving = leavingItemHorizon(
      motion: motion, visible: visible, screen: screen, status: status)
    // Visible items skipped on a dense screen; they hold their place in the pipe.
    var skippedVisible = 0
    // Read only when a glide may withdraw running visible loads.
    let expected =
      leaving.glideShare > 0
      ? readings.nearlyDone : .zero
    // On a slow link not known yet, visible loads start a few at a time, from the
    // leading edge (Configuration.slowStartVisibleLoads).
    let startLimit = slowStartVisibleLimit(screenItems: itemsPerPoint * screen)
    var visibleInFlight =
      startLimit == nil ? 0 : visible.count { status.isLoading($0) && !status.isReady($0) }
    var deferredVisible = 0
    let isLeadingFirst = forward && startLimit != nil
    for position in 0..<visible.count {
      let item = isLeadingFirst ? visible.upperBound - 1 - position : visible.lowerBound + position
      let isReady = status.isReady(item)
      let isLoading = !isReady && status.isLoading(item)
      var within = isReady ? 0 : isLoading ? leaving.running : leaving.notStarted
      if isLoading, leaving.glideShare > 0 {
        // The time the load is still expected to take (a typical load time after it
        // started), in proportion to how slow the link is.
        let remaining = expected - keeper.runningTime(of: item, now: input.time)
        within = Swift.max(within, leaving.glideShare * remaining.inSeconds)
      }
      if within > 0, !isStill, !status.isStoredLocally(item) {
        let span = input.layout.span(ofItem: item)
        let toLeave =
          forward
          ? Double(span.upperBound - viewport.lowerBound)
          : Double(viewport.upperBound - span.lowerBound)
        // Gone before the link could deliver it: not worth a byte. Unless the motion
        // leaves it just behind, for a user who comes back.
        let staysNear =
          isLoading && leaving.keptNearDistance > 0
          && walled.remainingDistance - toLeave < leaving.keptNearDistance
        if !staysNear, walled.timeToTravel(toLeave) < within {
          if leaving.isDense { skippedVisible += 1 }
          continue
        }
      }
      if let startLimit, !isReady, !isLoading {
        guard visibleInFlight < startLimit else {
          deferredVisible += 1
          continue
        }
        visibleInFlight += 1
      }
      let order =
        isEndFirst ? Double(visible.upperBound - item) : Double(item - visible.lowerBound)
      requests.append(PreloadRequest(item: item, priority: .visible, order: order))
      if !isReady { waitingVisible += 1 }
    }
    // A visible item that waits for its turn waits all the same.
    return (waitingVisible + deferredVisible, skippedVisible)
  }
}
