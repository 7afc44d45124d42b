import Foundation

/// The viewport's course as the model sees it on one frame: the learned reaches ahead
/// and behind, around the glide's physics while the viewport moves, and from them the
/// probability that an item is on screen at a given time.
///
/// A value type; made afresh each frame. What depends only on the frame (the glide's
/// course at each horizon) is worked out once; what depends on an item is worked out
/// once per edge of the item and horizon, however many times it is asked for.
struct ViewportCourse {
  /// What the motion model has learned.
  let motion: MotionModel
  /// The phase the user is in.
  let phase: MotionModel.Phase
  /// +1 when "ahead" means toward larger offsets, else -1.
  let sign: Double
  /// The viewport's length along the axis, in points.
  let screen: Double
  /// The viewport's extent along the axis.
  let viewport: AxisSpan
  /// How long ahead, in seconds, an item counts as seen later (or until the time asked
  /// about, if later): the motion model's longest horizon.
  private var horizon: Double { MotionModel.longestHorizon }
  /// The points the glide covers within each horizon: the course a moving viewport's
  /// reaches are learned around (0 at rest).
  private let covered: PerHorizon

  /// Reads the course on one frame.
  ///
  /// - Parameters:
  ///   - motion: What the motion model has learned.
  ///   - glide: The motion now; its glide (under way, or the one lifting the finger would
  ///     start) is the course a moving viewport's reaches are learned around.
  ///   - phase: The phase the user is in.
  ///   - sign: +1 when "ahead" means toward larger offsets, else -1.
  ///   - screen: The viewport's length along the axis, in points.
  ///   - viewport: The viewport's extent along the axis.
  init(
    motion: MotionModel, glide: ViewportMotion, phase: MotionModel.Phase, sign: Double,
    screen: Double, viewport: AxisSpan
  ) {
    self.motion = motion
    self.phase = phase
    self.sign = sign
    self.screen = screen
    self.viewport = viewport
    let lifted = phase == .rest ? nil : glide.liftedNow()
    var covered = PerHorizon(repeating: 0)
    for index in MotionModel.horizons.indices {
      covered[index] = MotionModel.glideCovered(lifted, within: MotionModel.horizons[index])
    }
    self.covered = covered
  }

  /// A distance from the viewport the way of the motion or the other way, with the
  /// probabilities of reaching it within each horizon as far as they were asked for.
  private struct Edge {
    let distance: Double
    let isForward: Bool
    var known = PerHorizon(repeating: .nan)
  }

  /// Where an item lies: the two edges whose reaches bound the times it is on screen.
  private struct Window {
    /// The item straddles the viewport: it is on screen unless the viewport gets past
    /// `first` ahead or `second` behind.
    let isOnScreen: Bool
    /// The near edge (off screen), or the edge ahead (on screen).
    var first: Edge
    /// The far edge (off screen), or the edge behind (on screen).
    var second: Edge
  }

  private func window(_ span: AxisSpan) -> Window {
    // The displacements, in points the way of the motion, at which the item is on screen.
    var low = Double(span.lowerBound - viewport.upperBound)
    var high = Double(span.upperBound - viewport.lowerBound)
    if sign < 0 { (low, high) = (-high, -low) }
    if low >= 0 {
      return Window(
        isOnScreen: false, first: Edge(distance: low, isForward: true),
        second: Edge(distance: high, isForward: true))
    }
    if high <= 0 {
      return Window(
        isOnScreen: false, first: Edge(distance: -high, isForward: false),
        second: Edge(distance: -low, isForward: false))
    }
    return Window(
      isOnScreen: true, first: Edge(distance: high, isForward: true),
      second: Edge(distance: -low, isForward: false))
  }

  /// The probability that the viewport gets to `edge` within `seconds`.
  private func reach(_ edge: inout Edge, within seconds: Double) -> Double {
    guard edge.distance >= 0 else { return 1 }
    guard screen > 0 else { return 0 }
    if seconds > MotionModel.longestHorizon {
      return motion.probability(
        edge.distance, beyondTheLongestHorizon: seconds, phase: phase,
        isForward: edge.isForward, screen: screen,
        covered: covered[MotionModel.horizons.count - 1])
    }
    return MotionModel.interpolated(within: seconds) { index in
      if edge.known[index].isNaN {
        edge.known[index] = motion.probability(
          edge.distance, horizon: index, phase: phase, isForward: edge.isForward,
          screen: screen, covered: covered[index])
      }
      return edge.known[index]
    }
  }

  /// The probability that the item is on screen `seconds` from now.
  private func onScreen(_ window: inout Window, at seconds: Double) -> Double {
    let first = reach(&window.first, within: seconds)
    let second = reach(&window.second, within: seconds)
    return Swift.max(0, window.isOnScreen ? 1 - first - second : first - second)
  }

  /// What the course says of an item between two times.
  struct Exposure: Sendable, Equatable {
    /// The expected seconds it is on screen between the two times.
    var seconds: Double
    /// The probability that it is on screen at some time before the end.
    var everSeen: Double
    /// The probability that it is on screen at some time after the end, by the horizon
    /// (or the end, if later): the viewport reaches it by then without having got past it
    /// by the end, or, if it is on screen now, it still is at the end.
    var seenAfter: Double
    /// The probability that it is on screen at some time by the horizon (or the end, if
    /// later).
    var seenWithinHorizon: Double
    /// The probability that it is on screen at the start.
    var onScreenAtStart: Double
  }

  /// The item's exposure between `start` and `end`, each edge's reaches worked out once.
  func exposure(_ span: AxisSpan, after start: Double, until end: Double) -> Exposure {
    var window = window(span)
    let everSeen = window.isOnScreen ? 1 : reach(&window.first, within: end)
    let seenWithinHorizon =
      window.isOnScreen ? 1 : reach(&window.first, within: Swift.max(horizon, end))
    let seenAfter = window.isOnScreen ? onScreen(&window, at: end) : chanceSeenAfter(&window, end)
    var total = 0.0
    let onScreenAtStart = onScreen(&window, at: start)
    if start < end {
      var previousTime = start
      var previous = onScreenAtStart
      // Steps at the horizons from the start, and on to the end if it lies further.
      let horizons = MotionModel.horizons
      for index in 0...horizons.count {
        let time = Swift.min(index < horizons.count ? start + horizons[index] : end, end)
        let current = onScreen(&window, at: time)
        total += (previous + current) / 2 * (time - previousTime)
        previousTime = time
        previous = current
        if time >= end { break }
      }
    }
    return Exposure(
      seconds: total, everSeen: everSeen, seenAfter: seenAfter,
      seenWithinHorizon: seenWithinHorizon, onScreenAtStart: onScreenAtStart)
  }

  /// The probability that an item off screen is on screen at some time after `time`, by
  /// the horizon (or `time` if later): the viewport reaches its near edge by then without
  /// having got past its far edge by `time`.
  private func chanceSeenAfter(_ window: inout Window, _ time: Double) -> Double {
    Swift.max(
      0,
      reach(&window.first, within: Swift.max(horizon, time))
        - reach(&window.second, within: time))
  }

  /// The probabilities that the item is on screen at some time before `time` and at some
  /// time after it (by the horizon, or `time` if later), as ``exposure(_:after:until:)``
  /// gives them.
  func chances(_ span: AxisSpan, by time: Double) -> (before: Double, after: Double) {
    var window = window(span)
    if window.isOnScreen { return (1, onScreen(&window, at: time)) }
    return (reach(&window.first, within: time), chanceSeenAfter(&window, time))
  }
}

extension ViewportCourse {
  /// Whether `gain` × the chance the item is seen by `time` outweighs `cost` × the chance
  /// it is not seen after it: `gain × chances(span, by: time).before > cost × (1 −
  /// chances(span, by: time).after)`, the chance after worked out only when the one before
  /// does not settle it.
  ///
  /// - Parameters:
  ///   - span: The item's extent along the axis.
  ///   - time: Seconds from now.
  ///   - gain: What seeing the item by `time` is worth; at least 0.
  ///   - cost: What not seeing it after `time` costs; at least 0.
  func isWorth(_ span: AxisSpan, seenBy time: Double, gain: Double, cost: Double) -> Bool {
    var window = window(span)
    if window.isOnScreen { return gain > cost * (1 - onScreen(&window, at: time)) }
    let before = reach(&window.first, within: time)
    // The chance after is at most 1: a gain above the whole cost settles it.
    if gain * before > cost { return true }
    return gain * before > cost * (1 - chanceSeenAfter(&window, time))
  }
}

/// One value for each of ``MotionModel/horizons``, stored inline.
struct PerHorizon: Sendable {
  private var values: (Double, Double, Double, Double, Double, Double)

  /// Every value `value`.
  init(repeating value: Double) {
    values = (value, value, value, value, value, value)
  }

  /// The value at the horizon of index `index`.
  subscript(index: Int) -> Double {
    get {
      precondition(index >= 0 && index < 6, "a horizon's index is in 0..<6, got \(index)")
      return withUnsafeBytes(of: values) { $0.load(fromByteOffset: index * 8, as: Double.self) }
    }
    set {
      precondition(index >= 0 && index < 6, "a horizon's index is in 0..<6, got \(index)")
      withUnsafeMutableBytes(of: &values) {
        $0.storeBytes(of: newValue, toByteOffset: index * 8, as: Double.self)
      }
    }
  }
}
