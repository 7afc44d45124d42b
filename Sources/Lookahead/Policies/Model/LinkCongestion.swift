/// How many items on screen wait for the link while it is the bottleneck, learned online
/// from this session: what a transfer taken off the link then is worth.
///
/// A load made now, rather than once its item comes near, takes its transfer off the link
/// at that later time. If the link is then the bottleneck, every item on screen still
/// waiting for it lands that much sooner. On each frame the user moves, the model counts
/// the items on screen that wait for the link (neither in memory nor on a local tier) if
/// the loads in flight fill the link's budget, and none if they do not (a link with room
/// to spare gains nothing from a transfer taken off it); the mean is the number a
/// transfer moved to now speeds up later.
///
/// Until the user has moved for a while, a prior stands in: a reader moving on as the
/// motion model's prior does at rest (``MotionModel/priorScreensPerSecond``) brings that
/// share of a screen's items on screen a second, and if their bytes outrun the link, the
/// share it cannot serve waits. The prior weighs as ``priorSeconds`` of moving frames.
///
/// A value type; confine it to one thread.
struct LinkCongestion: Sendable {
  /// How many seconds of moving frames the prior weighs.
  static let priorSeconds = 4.0
  private var waitingSum = 0.0
  private var movingFrames = 0.0

  /// Records a frame.
  ///
  /// - Parameters:
  ///   - isMoving: Whether the user moves.
  ///   - waiting: The items on screen that wait for the link.
  ///   - linkIsFull: Whether the loads in flight fill the link's budget.
  mutating func observe(isMoving: Bool, waiting: Int, linkIsFull: Bool) {
    guard isMoving else { return }
    waitingSum += linkIsFull ? Double(waiting) : 0
    movingFrames += 1
  }

  /// The items on screen expected to wait for a full link while the user moves.
  ///
  /// - Parameters:
  ///   - screenItems: The items a screen holds now.
  ///   - bytesPerLoad: The mean size of a load, in bytes.
  ///   - bandwidth: The link's bandwidth, in bytes per second.
  ///   - frameInterval: Seconds between frames.
  func waiting(
    screenItems: Int, bytesPerLoad: Double, bandwidth: Double, frameInterval: Double
  ) -> Double {
    let shown = Double(screenItems)
    let demand = shown * MotionModel.priorScreensPerSecond * bytesPerLoad
    let prior = demand > bandwidth ? shown * (1 - bandwidth / demand) : 0
    let priorFrames = Self.priorSeconds / frameInterval
    return (waitingSum + prior * priorFrames) / (movingFrames + priorFrames)
  }
}
