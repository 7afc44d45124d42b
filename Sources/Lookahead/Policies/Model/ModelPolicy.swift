import Foundation

/// A preloading policy that follows from a model of the user and the link, under
/// development beside ``AdaptivePolicy`` (simulation id `model`).
///
/// **The model.** ``MotionModel`` answers how likely the viewport is to get a given
/// distance ahead or behind within a given time, learned from this session's motion at
/// rest, dragging and gliding, around the physics of the glide (``ViewportCourse``).
/// ``LinkModel`` answers the link's round trip and bandwidth, the mean size of a load and
/// how many loads keep the link busy. A load lands after its round trip and its bytes,
/// the link shared fairly with the running loads: each delays it by the bytes it moves
/// first (a running load is taken to have had its share since its round trip). The
/// memory's size in resources is learned from evictions of items near the viewport
/// (``MemorySize``). ``LinkCongestion`` answers how many items on screen wait for a full
/// link while the user moves.
///
/// **One rule.** For each item near the viewport, a load started now (or the running one)
/// lands as above. What it saves is the item-frames it will be on screen (expected, frame
/// by frame, from the motion model) from then until ``Parameters/planningLoads`` load times
/// later, but not past the motion model's longest horizon unless a load started when it
/// lands would land later still, and then not past that landing, until which it alone can
/// serve the item; later frames are left to a later load. What it wastes is its bytes
/// unless the item is on screen after that window (by the longest horizon, or the window's
/// end if later), when a later load would move them anyway. Weighted by the chance the item
/// is seen before the window ends, the load also takes its transfer off the link for when
/// the user next moves: each frame that transfer would take then spares a frame to each
/// item then waiting for the link beyond as many as the others on screen waiting now (whose
/// loads it would share the link with), if there are more then. A blank item-frame is
/// priced at ``Parameters/blankFrameLinkTime`` of the learned bandwidth, and the value is
/// price × (frames saved + frames spared) − bytes wasted. A running load is kept while its
/// value is positive, however far its item is; it wastes only the bytes it still has to
/// transfer, and finishing it also saves loading the transferred ones again should its item
/// be seen after all. New loads start, most valuable first, while fewer loads than the
/// link's budget are in flight. Until a network load has finished, the budget is the
/// prior's guess: a load whose item is more likely than not on screen when it lands starts
/// anyway, being needed whatever the link is, and the guess says how long loads take only
/// for as many as it keeps busy.
///
/// A local read (a disk cache) lands within a frame and takes no place on the link, so it
/// is planned over its own load time and waits until its item is about to show; it moves
/// no bytes, and what it wastes is the resource it evicts, which takes a frame to read
/// back. For the same reason a resource in memory is worth no more than a read: only
/// network loads compete for memory. Once its size is known, a network load starts only
/// if it is among that many that save the most frames (the rest would be evicted before
/// they are seen), and items further from the screen than the memory holds are not
/// looked at.
///
/// The rest follows: items on screen save the most frames; items a glide flies over
/// before their load could finish save none; the landing area saves many; at rest the
/// items the user is likely to read next are loaded while the link is free, and further
/// ones too where the link falls behind once the user moves; far ones wait until they are
/// worth their bytes. A slow link makes a byte dearer against a frame.
package struct ModelPolicy: ItemPolicy {
  /// The settings.
  package let parameters: Parameters
  private var motion = MotionModel()
  private(set) var link: LinkModel
  private var lastTime: Double?
  private var frameInterval = 1.0 / 60
  private var lastSign = 1.0
  /// When each running load started (the decision that started it), in seconds.
  private var startTimes: [Int: Double] = [:]
  /// The new network loads the last frame asked for: they start on its decision.
  private var requestedLastFrame: [Int] = []
  /// How many loads were in flight, frame by frame.
  private var sharing = SharingHistory()
  /// How many items on screen wait for the link while it is the bottleneck.
  private var congestion = LinkCongestion()
  /// The buffers a frame works in.
  private var scratch = Scratch()

  /// How many resources the memory holds.
  private var memory = MemorySize()
  /// How many resources the memory holds at least, learned from evictions of items near
  /// the viewport; `nil` until the first.
  var memoryItems: Int? { memory.items }
  /// When the running load of `item` started, in seconds; `nil` if none runs.
  func startTime(ofLoad item: Int) -> Double? { startTimes[item] }

  /// Creates the policy.
  package init(parameters: Parameters = Parameters()) {
    precondition(parameters.blankFrameLinkTime > .zero, "blankFrameLinkTime must be positive")
    precondition(parameters.initialLatency > .zero, "initialLatency must be positive")
    precondition(parameters.initialBandwidth > 0, "initialBandwidth must be positive")
    precondition(parameters.planningLoads > 0, "planningLoads must be positive")
    self.parameters = parameters
    link = LinkModel(
      latency: parameters.initialLatency.inSeconds, bandwidth: parameters.initialBandwidth)
  }

  /// Learns the link from a finished network load. A load quicker than a frame is taken
  /// to have taken one: loads start once a frame, so a faster link serves them no sooner
  /// (and a load reported to take no time would make the link infinitely fast).
  package mutating func loadDidFinish(latency: Duration, bytes: Int) {
    let seconds = Swift.max(latency.inSeconds, frameInterval)
    // It shared the link with the loads in flight over its life, on average.
    let sharing = self.sharing.meanInFlight(over: seconds) ?? Double(startTimes.count)
    link.observe(latency: .seconds(seconds), bytes: bytes, sharing: sharing)
  }

  /// Learns the link from a page, before any load finished. A page quicker than a frame
  /// says nothing of it: it came from nearby (a cache on the device), or in less time
  /// than the frames can tell apart.
  package mutating func pageDidLoad(latency: Duration) {
    let seconds = latency.inSeconds
    guard seconds > frameInterval else { return }
    link.pageLatency = seconds
  }

  /// Maps the running loads' start times and the loads the last frame asked for to the
  /// items' new positions, and forgets what was in memory on the last frame and the open
  /// motion probes: positions compared across the change mean nothing.
  package mutating func listDidChange(_ changes: ListIndexChanges) {
    var moved: [Int: Double] = [:]
    for (item, start) in startTimes where item < changes.oldCount {
      if let new = changes.newIndex(ofOldIndex: item) { moved[new] = start }
    }
    startTimes = moved
    requestedLastFrame = requestedLastFrame.compactMap {
      $0 < changes.oldCount ? changes.newIndex(ofOldIndex: $0) : nil
    }
    memory.itemsMoved()
    motion.contentMoved()
  }

  /// The running loads worth finishing and the new loads worth starting.
  package mutating func wantedItems<Layout: ItemLayout>(
    for input: PolicyInput<Layout>, status: some LoadStatus, into requests: inout [PreloadRequest]
  ) {
    let now = input.time.inSeconds
    let previousTime = lastTime ?? now
    if let lastTime, now > lastTime {
      let interval = now - lastTime
      if interval < 0.5 { frameInterval += (interval - frameInterval) / 16 }
    }
    lastTime = now
    let tracker = input.tracker
    let axis = input.layout.axis
    let velocity = Double(axis == .vertical ? tracker.velocity.y : tracker.velocity.x)
    if tracker.isMoving { lastSign = velocity < 0 ? -1 : 1 }
    let viewport = input.viewportSpan
    let screen = Double(viewport.length)
    // The tracker's velocity is that of the middle of its window: a glide has slowed since.
    let glide = ViewportMotion(tracker: tracker, axis: axis)
      .aged(by: tracker.velocityAge)
      .stopping(atDistanceToStart: Double(viewport.lowerBound))
    let phase: MotionModel.Phase =
      !glide.isMoving ? .rest : glide.isDecelerating ? .glide : .drag
    motion.observe(
      time: now, offset: Double(viewport.lowerBound), phase: phase, sign: lastSign,
      screen: screen, glide: phase == .rest ? nil : glide.liftedNow())
    let course = ViewportCourse(
      motion: motion, glide: glide, phase: phase, sign: lastSign, screen: screen,
      viewport: viewport)

    let wereRunning = startTimes.count
    // Collected first: removing keys while iterating them would copy the dictionary.
    scratch.finished.removeAll(keepingCapacity: true)
    for item in startTimes.keys where !status.isLoading(item) { scratch.finished.append(item) }
    for item in scratch.finished { startTimes[item] = nil }
    let finishedSinceLastFrame = wereRunning - startTimes.count
    // The loads the last frame started have run since its decision: counted among the
    // loads in flight from now on, not only once their items are looked at.
    for item in requestedLastFrame where startTimes[item] == nil && status.isLoading(item) {
      startTimes[item] = previousTime
    }
    requestedLastFrame.removeAll(keepingCapacity: true)
    let visible = input.visibleItems
    let bytes = link.bytesPerLoad
    let bandwidth = link.bandwidth
    // A blank item-frame is worth the bytes the link moves in `blankFrameLinkTime`.
    let price = parameters.blankFrameLinkTime.inSeconds * bandwidth
    // A transfer made now rather than when the user next moves spares, each frame it
    // would take then, a frame to each item then waiting for the link, less the others
    // on screen waiting now (their loads share the link with it).
    var waitingNow = 0
    for index in visible where !status.isReady(index) && !status.isStoredLocally(index) {
      waitingNow += 1
    }
    let waitingLater = congestion.waiting(
      screenItems: visible.count, bytesPerLoad: bytes, bandwidth: bandwidth,
      frameInterval: frameInterval)
    // Bytes: what moving `transferred` bytes from later to now spares, with `others`
    // items on screen waiting now.
    func spared(_ transferred: Double, others: Int) -> Double {
      price / frameInterval * transferred / bandwidth
        * Swift.max(0, waitingLater - Double(others))
    }
    // The frames a load started now can save end this far ahead: later ones are left
    // to a later load.
    let loadTime = link.loadTime(inFlight: startTimes.count)
    let planned = parameters.planningLoads * loadTime
    // An item is worth a look only if the frames it could save, were it on screen from
    // the first time it can be seen until the planning window ends, and the transfer it
    // spares later outweigh the bytes it wastes if it is not seen after that.
    let gain = price * planned / frameInterval + spared(bytes, others: waitingNow)
    let seenBy = loadTime + planned
    // Items of one row of a grid share their span: it is judged once.
    var lastJudged: (span: AxisSpan, isWorth: Bool)?
    func isWorthALook(_ item: Int) -> Bool {
      let span = input.layout.span(ofItem: item)
      if let lastJudged, lastJudged.span == span { return lastJudged.isWorth }
      let isWorth = course.isWorth(
        span, seenBy: seenBy, gain: gain, cost: bytes)
      lastJudged = (span, isWorth)
      return isWorth
    }
    // Once the memory's size is known, an item further than that many items from the
    // screen is never among those that save the most frames: the nearer items on its
    // side would be on screen first.
    let reach = memoryItems ?? .max
    var lower = visible.lowerBound
    while lower > 0, visible.lowerBound - lower < reach, isWorthALook(lower - 1) {
      lower -= 1
    }
    var upper = visible.upperBound
    while upper < input.layout.itemCount, upper - visible.upperBound < reach,
      isWorthALook(upper)
    {
      upper += 1
    }
    let range = lower..<upper
    memory.observe(range: range, status: status)
    // A running load beyond the items worth a new look may still be worth finishing:
    // what it has moved is not moved again. In item order, so that equal values keep one
    // order from run to run.
    scratch.outside.removeAll(keepingCapacity: true)
    let itemCount = input.layout.itemCount
    for item in startTimes.keys where !range.contains(item) && item < itemCount {
      scratch.outside.append(item)
    }
    scratch.outside.sort()
    let budget = link.loadsInFlight(decisionInterval: frameInterval)
    // The running loads' bytes still to move: each has spent a round trip, then had its
    // share of the link.
    scratch.running.removeAll(keepingCapacity: true)
    func noteRunning(_ index: Int) {
      let start = startTimes[index] ?? now
      startTimes[index] = start
      scratch.running.append(RunningLoad(item: index, start: start, remaining: 0))
    }
    for index in range where status.isLoading(index) { noteRunning(index) }
    for index in scratch.outside { noteRunning(index) }
    congestion.observe(
      isMoving: phase != .rest, waiting: waitingNow, linkIsFull: scratch.running.count >= budget)
    // Since the last frame the loads running now were in flight (those it started, from
    // its decision on), and those that finished meanwhile for half of it on average.
    sharing.note(
      time: now, inFlight: Double(startTimes.count) + Double(finishedSinceLastFrame) / 2)
    let roundTrip = link.roundTrip
    let share = bandwidth / Double(Swift.max(1, scratch.running.count))
    for slot in scratch.running.indices {
      let age = now - scratch.running[slot].start
      scratch.running[slot].remaining = Swift.max(0, bytes - Swift.max(0, age - roundTrip) * share)
    }
    // Until a network load has finished, the link is the prior's guess, which says how
    // long a load takes only for as many loads as it keeps busy.
    let sharedWith =
      link.hasObservations
      ? 1 : Swift.min(1, Double(budget - 1) / Double(Swift.max(1, scratch.running.count - 1)))
    // Seconds until a load with `remaining` bytes to move lands, the link shared fairly
    // with the running ones: each running load delays it by the bytes it moves first.
    func landing(after wait: Double, remaining: Double, excluding item: Int?) -> Double {
      var ahead = 0.0
      for other in scratch.running where other.item != item {
        ahead += Swift.min(other.remaining, remaining)
      }
      return Swift.max(frameInterval, wait + (remaining + ahead * sharedWith) / bandwidth)
    }
    // When a load started now lands.
    let newLoadLanding = landing(after: roundTrip, remaining: bytes, excluding: nil)
    scratch.candidates.removeAll(keepingCapacity: true)
    scratch.benefits.removeAll(keepingCapacity: true)
    // Items of one row of a grid share their span: their exposure is worked out once.
    var last: (span: AxisSpan, start: Double, end: Double, answer: ViewportCourse.Exposure)?
    func exposure(
      _ span: AxisSpan, after start: Double, until end: Double
    ) -> ViewportCourse.Exposure {
      if let last, last.span == span, last.start == start, last.end == end {
        return last.answer
      }
      let answer = course.exposure(span, after: start, until: end)
      last = (span, start, end, answer)
      return answer
    }
    func consider(_ index: Int, isRunning: Bool, position: Int) {
      let span = input.layout.span(ofItem: index)
      let isVisible = visible.contains(index)
      // A resource in memory stays until evicted; it is on disk, so it is not worth a
      // place there more than a read back would be.
      if status.isReady(index) { return }
      let isLocal = !isRunning && status.isStoredLocally(index)
      let value: Double
      let seconds: Double
      var isLikelyOnScreen = false
      if isLocal {
        // A local read lands within a frame and takes no place on the link, so it is
        // planned over its own load time. It moves no bytes; if its item is not seen,
        // what it wastes is the resource it evicts, which costs at most a frame to read
        // back.
        let finish = frameInterval
        let exposure = exposure(
          span, after: finish, until: finish + parameters.planningLoads * finish)
        seconds = exposure.seconds
        value =
          price * (seconds / frameInterval - (1 - exposure.everSeen))
      } else {
        var finish = newLoadLanding
        var remainingBytes = bytes
        if isRunning, let load = scratch.running.first(where: { $0.item == index }) {
          remainingBytes = load.remaining
          finish = landing(
            after: Swift.max(0, roundTrip - (now - load.start)), remaining: remainingBytes,
            excluding: index)
        }
        let exposure = exposure(
          span, after: finish,
          until: Self.endOfSavedFrames(
            landing: finish, planned: planned, newLoadLanding: newLoadLanding))
        seconds = exposure.seconds
        isLikelyOnScreen = exposure.onScreenAtStart >= 0.5
        // Frames on screen after the planning window are left to a later load, which
        // would move the same bytes: they are wasted only if the item is not on screen
        // after the window (by the longest horizon). Finishing a running load also
        // saves loading its transferred bytes again if the item is seen after all. If
        // the item is seen before the window ends, its transfer is off the link when the
        // user next moves.
        value =
          price * seconds / frameInterval
          - remainingBytes * (1 - exposure.seenAfter)
          + (bytes - remainingBytes) * exposure.seenWithinHorizon
          + spared(remainingBytes, others: waitingNow - (isVisible ? 1 : 0))
          * exposure.everSeen
        // What comes over the network competes for memory: of more loads than it holds,
        // the last to land evict the first before they are seen.
        if value > 0, memoryItems != nil { scratch.benefits.append(seconds) }
      }
      guard value > 0 else { return }
      scratch.candidates.append(
        Candidate(
          item: index, isVisible: isVisible, isRunning: isRunning, isLocal: isLocal,
          value: value, benefit: seconds, isLikelyOnScreen: isLikelyOnScreen,
          position: position))
    }
    // The running loads first: each worth finishing holds a slot, and a new network load
    // is looked at only while one is free (or before the link is known, when one likely
    // on screen starts regardless). A local read takes no slot and is always looked at.
    // Candidates rank as in one pass over the items, in range order then `outside`, so
    // that equal values keep one order.
    let runningInRange = scratch.running.count - scratch.outside.count
    for (slot, load) in scratch.running.enumerated() {
      consider(
        load.item, isRunning: true,
        position: slot < runningInRange
          ? load.item - range.lowerBound : range.count + slot - runningInRange)
    }
    let looksForNewLoads = budget > scratch.candidates.count || !link.hasObservations
    // The running loads in range lead `running`, in item order.
    var nextRunning = 0
    for index in range {
      if nextRunning < runningInRange, scratch.running[nextRunning].item == index {
        nextRunning += 1
        continue
      }
      guard looksForNewLoads || status.isStoredLocally(index) else { continue }
      consider(index, isRunning: false, position: index - range.lowerBound)
    }
    // With a memory that holds `memoryItems` resources, only the network loads that
    // save the most frames are worth it.
    var threshold = -Double.infinity
    if let memoryItems, scratch.benefits.count > memoryItems {
      scratch.benefits.sort(by: >)
      threshold = scratch.benefits[memoryItems - 1]
    }
    scratch.candidates.sort {
      $0.value != $1.value ? $0.value > $1.value : $0.position < $1.position
    }
    var slots = budget
    for candidate in scratch.candidates where candidate.isRunning { slots -= 1 }
    for candidate in scratch.candidates {
      if !candidate.isRunning && !candidate.isLocal {
        guard candidate.benefit >= threshold else { continue }
        // Until a network load has finished, the budget is the prior's guess. A load
        // whose item is likely on screen when it lands is needed whatever the link is,
        // and sharing the link with the others like it only changes the order they land
        // in: it starts at once, and the guess holds back only the rest.
        guard slots > 0 || (candidate.isLikelyOnScreen && !link.hasObservations) else {
          continue
        }
        slots -= 1
        requestedLastFrame.append(candidate.item)
      }
      requests.append(
        PreloadRequest(
          item: candidate.item, priority: candidate.isVisible ? .visible : .display,
          order: -candidate.value))
    }
  }
}
