import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

// How far ahead the adaptive policy reaches, and the deadline of each item there.
extension AdaptivePolicy {
  /// The items ahead within the lead (and behind, for users who turn around, and at
  /// rest on a dense screen those behind whose image is not ready), with their
  /// deadlines, each side in layout order; returns how many are ahead.
  ///
  /// `heldPlaces` grows by one for each item a drag flies over whose image would need
  /// the network: those loads count among the loads in flight, though none starts.
  /// `visible` is `input.visibleItems`, worked out once a frame by the caller.
  func prefetchCandidates<Layout: ItemLayout>(
    input: PolicyInput<Layout>, visible: Range<Int>, motion: ViewportMotion,
    isForward forward: Bool, lead: Double, itemsPerPoint: Double, status: some LoadStatus,
    into prefetches: inout [PreloadRequest], heldPlaces: inout Int
  ) -> Int {
    let viewport = input.viewportSpan
    let screen = Double(viewport.length)
    let peakAhead = recent.peaks[forward ? 0 : 1]
    let peakBehind = recent.peaks[forward ? 1 : 0]
    // Where the viewport will rest: the projected landing while decelerating, here
    // otherwise. Past it, keep the lead the user's recent behaviour calls for, so a
    // fling that starts from rest finds its first screens ready: what the recent top
    // speed travels within the lead time, stretched when that speed demands bytes
    // faster than the network delivers them, but the stretch reaching no further than
    // a recent stroke or a few screens, and the whole no further than the rest cap —
    // unless the items on screen kept the user waiting lately, and this user's own
    // excursions from rest call for more.
    let landing = motion.isDecelerating ? motion.remainingDistance : 0
    let waiting = waitingShare()
    let horizon = lead * demandStretch(speed: peakAhead, itemsPerPoint: itemsPerPoint)
    // While moving: what the motion covers within the lead time. A glide's curve is
    // known; a drag's speed overstates where it goes, by as much as this user's drags
    // lately did (`dragShare()`). Not on a dense screen, whose link the visible rows
    // keep busy.
    let moving =
      motion.isMoving
      ? motion.distanceCovered(within: lead)
        * (motion.isDecelerating || visible.count > configuration.maximumSparseScreenItems
          ? 1 : dragShare())
        + screen * 0.25 : 0
    let restReach = Swift.max(
      Swift.min(
        Swift.max(
          peakAhead * lead,
          Swift.min(
            peakAhead * horizon, recent.longestStroke,
            configuration.maximumStretchedLeadScreens * screen)
        ),
        reachCap(
          keptUp: configuration.keptUpRestLeadScreens,
          waiting: configuration.maximumRestLeadScreens, share: waiting) * screen),
      excursionReach(screen: screen, waiting: waiting))
    let leadCap =
      reachCap(
        keptUp: configuration.keptUpLeadScreens, waiting: configuration.maximumLeadScreens,
        share: waiting) * screen
    // While a glide lasts on a fast link that keeps up, less of the lead at rest lies
    // past its landing: that part arrives soon enough once the viewport rests there.
    // Not on a dense screen, whose screenful keeps even a fast link busy.
    let pastLanding =
      motion.isDecelerating && visible.count <= configuration.maximumSparseScreenItems
      ? reachCap(
        keptUp: configuration.keptUpGlideRestLeadShare, waiting: 1,
        share: Swift.max(waiting, linkSlowness())) : 1
    let leadDistance = Swift.min(
      Swift.max(
        moving,
        landing + pastLanding * restLead(screen: screen, now: input.time, peak: restReach)),
      leadCap + landing)
    // At rest on a dense screen the link is the bottleneck: the side behind is wanted
    // too, so that the link never idles while unseen items the user came from wait.
    let restBehind =
      !motion.isMoving && visible.count > configuration.maximumSparseScreenItems
      ? configuration.denseRestTrailingScreens * screen : 0
    let trailing = Swift.min(
      Swift.max(
        configuration.trailingScreens * screen, configuration.reversalFactor * peakBehind * lead,
        restBehind),
      leadCap)
    let ahead =
      forward
      ? AxisSpan(viewport.upperBound, viewport.upperBound + CGFloat(leadDistance))
      : AxisSpan(viewport.lowerBound - CGFloat(leadDistance), viewport.lowerBound)
    let behind =
      forward
      ? AxisSpan(viewport.lowerBound - CGFloat(trailing), viewport.lowerBound)
      : AxisSpan(viewport.upperBound, viewport.upperBound + CGFloat(trailing))
    let restSpeed = Swift.max(peakAhead, 50)
    // What decides the items flown over: the glide, and on a slow link with a sparse
    // screen also a drag, as the glide that lifting the finger now would start. A run of
    // fast strokes carries the viewport past the next items before their loads could
    // finish, as surely as a glide does.
    let flight =
      motion.isMoving && !motion.isDecelerating
        && visible.count <= configuration.maximumSparseScreenItems && linkSlowness() >= 1
      ? motion.liftedNow() : motion
    let flightLanding = flight.isDecelerating ? flight.remainingDistance : 0
    // The time to fly to the landing, computed once a frame when an item lies past it.
    var toLanding: Double?
    // The items of a grid row share a span, and so the answer: worked out once a row
    // (each time to travel through a deceleration is a logarithm).
    // A row flown over keeps `deadline` nil; `distance` is the row's from the viewport.
    var row: (span: AxisSpan, deadline: Double?, distance: Double)?
    let aheadItems = input.layout.items(overlapping: ahead)
    prefetches.append(
      atMost: aheadItems.count, placeholder: PreloadRequest(item: 0, priority: .preload, order: 0)
    ) { candidates in
      // Flown over all the same, an image stored locally arrives in time for no bytes; its
      // time of entry (a logarithm) is worked out only for such an image.
      func appendIfStoredLocally(_ item: Int, distance: Double) {
        guard !status.isReady(item), status.isStoredLocally(item) else { return }
        let enter = motion.timeToTravel(distance)
        let priority: LoadPriority = enter < horizon ? .display : .preload
        candidates.append(PreloadRequest(item: item, priority: priority, order: enter))
      }

      for item in aheadItems where !visible.contains(item) {
        let span = input.layout.span(ofItem: item)
        if let row, row.span == span {
          guard let deadline = row.deadline else {
            appendIfStoredLocally(item, distance: row.distance)
            continue
          }
          let priority: LoadPriority = deadline < horizon ? .display : .preload
          candidates.append(PreloadRequest(item: item, priority: priority, order: deadline))
          continue
        }
        let distance = Double(span.distance(to: viewport))
        if flight.isDecelerating && distance < flightLanding {
          let exit = flight.timeToTravel(distance + Double(span.length) + screen)
          // Flown over before its load could finish: not worth a byte.
          if exit < lead {
            // Skipped while dragging, its load holds its place in the pipe: the items
            // past it, which the strokes fly past as well, do not start instead.
            if !motion.isDecelerating, !status.isReady(item), !status.isStoredLocally(item) {
              heldPlaces += 1
            }
            row = (span, nil, distance)
            appendIfStoredLocally(item, distance: distance)
            continue
          }
        }
        let enter = motion.timeToTravel(distance)
        let deadline: Double
        if enter.isFinite {
          deadline = enter
        } else {
          let flight = toLanding ?? motion.timeToTravel(landing * 0.999)
          toLanding = flight
          deadline = flight + (distance - landing) / restSpeed
        }
        row = (span, deadline, distance)
        let priority: LoadPriority = deadline < horizon ? .display : .preload
        candidates.append(PreloadRequest(item: item, priority: priority, order: deadline))
      }
    }
    let aheadCount = prefetches.count
    for item in input.layout.items(overlapping: behind) where !visible.contains(item) {
      // The side behind at rest fills an idle link: an image already there costs
      // nothing and would only take a place in the budget from one that is not.
      if restBehind > 0, status.isReady(item) { continue }
      let distance = Double(input.layout.span(ofItem: item).distance(to: viewport))
      let deadline = distance / Swift.max(peakBehind, 50)
      prefetches.append(
        PreloadRequest(item: item, priority: deadline < lead ? .display : .preload, order: deadline)
      )
    }
    return aheadCount
  }

  /// The share of what a drag's speed promises over the lead time that this user's
  /// drags travel: their `dragTravelPercentile`, or 1 until
  /// `minimumDragSamples` are known.
  func dragShare() -> Double {
    guard dragTravel.count >= configuration.minimumDragSamples,
      let share = dragTravel.share(percentile: configuration.dragTravelPercentile)
    else { return 1 }
    return share
  }

  /// The lead at rest that this user's excursions from rest call for, in points: their
  /// `restExcursionPercentile`, at most a cap between
  /// `keptUpExcursionLeadScreens` and
  /// `maximumExcursionLeadScreens`, scaled by how often an item on
  /// screen waited lately while the viewport moved (`waiting`, see
  /// ``waitingShare()``). Until `minimumRestExcursions` excursions are
  /// known, `priorRestExcursionScreens`, scaled by how slow the link is
  /// instead.
  func excursionReach(screen: Double, waiting need: Double) -> Double {
    guard configuration.excursionMissShare > 0 else { return 0 }
    guard excursions.count >= configuration.minimumRestExcursions,
      let excursion = excursions.excursion(percentile: configuration.restExcursionPercentile)
    else {
      return configuration.priorRestExcursionScreens * screen * linkSlowness()
    }
    let cap = reachCap(
      keptUp: configuration.keptUpExcursionLeadScreens,
      waiting: configuration.maximumExcursionLeadScreens, share: need)
    return Swift.min(excursion, cap * screen) * need
  }

  /// The lead to keep at rest: what the user's recent top speed covers within the
  /// lead time, at least a floor, growing gently while idle.
  func restLead(screen: Double, now: Duration, peak fromBehaviour: Double) -> Double {
    let idle = recent.idleSince.map { (now - $0).inSeconds } ?? 0
    let floor = configuration.minimumRestLeadScreens * screen
    return Swift.max(floor, fromBehaviour) + configuration.idleGrowthScreensPerSecond * screen
      * idle
  }

  /// During a jump (see `jumpSpeed`): keeps, in order, only the
  /// prefetches that start no network load — ready, running, or stored locally — and
  /// returns how many of them lie ahead (the first `aheadCount` were).
  static func keepLocalPrefetches(
    _ prefetches: inout [PreloadRequest], aheadCount: Int, status: some LoadStatus
  ) -> Int {
    var kept = 0
    var keptAhead = 0
    for index in prefetches.indices {
      let item = prefetches[index].item
      guard status.isReady(item) || status.isLoading(item) || status.isStoredLocally(item)
      else { continue }
      prefetches[kept] = prefetches[index]
      kept += 1
      if index < aheadCount { keptAhead += 1 }
    }
    prefetches.removeLast(prefetches.count - kept)
    return keptAhead
  }
}
