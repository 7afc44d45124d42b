extension ModelPolicy {
  /// An item looked at on one frame: a load to start or keep, and what it is worth.
  struct Candidate: Sendable {
    var item: Int
    var isVisible: Bool
    var isRunning: Bool
    var isLocal: Bool
    /// Bytes: the frames saved and spared at the price, less the bytes wasted, plus the
    /// transferred bytes a running load keeps.
    var value: Double
    /// The seconds on screen the load saves.
    var benefit: Double
    /// Whether its item is more likely than not on screen when the load lands.
    var isLikelyOnScreen: Bool
    /// Its place among the items looked at: what ranks equal values.
    var position: Int
  }

  /// The buffers one frame works in, kept from frame to frame so that once they have
  /// grown a frame allocates nothing.
  struct Scratch {
    /// The loads to start or keep.
    var candidates: [Candidate] = []
    /// The seconds on screen each network load saves: they compete for memory.
    var benefits: [Double] = []
    /// The running loads beyond the items worth a look, in item order.
    var outside: [Int] = []
    /// The running loads.
    var running: [RunningLoad] = []
    /// The loads that finished since the last frame.
    var finished: [Int] = []
  }

  /// A running load: its item, when it started, in seconds, and the bytes it still has
  /// to move.
  struct RunningLoad: Sendable {
    var item: Int
    var start: Double
    var remaining: Double
  }

  /// When the frames a load saves end, in seconds from now: `planned` after its landing,
  /// and no later than the motion model's longest horizon, unless the load lands so late
  /// that one started when it lands would land after that: until then, it alone can serve
  /// the item. For a running load that end is a fixed time while a new load would take as
  /// long: in seconds from now it shrinks only as fast as the landing does.
  ///
  /// - Parameters:
  ///   - landing: When the load lands, in seconds from now.
  ///   - planned: The planning window, in seconds.
  ///   - newLoadLanding: When a load started now would land, in seconds from now.
  static func endOfSavedFrames(
    landing: Double, planned: Double, newLoadLanding: Double
  ) -> Double {
    Swift.min(
      landing + planned, Swift.max(MotionModel.longestHorizon, landing + newLoadLanding))
  }
}
