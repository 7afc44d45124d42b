@_spi(Simulation) import Lookahead

/// Plans the gestures of a `random` trace from its ``RandomTraceParameters``: one episode
/// at a time, of a ``RandomTraceParameters/Mode`` drawn with the trace's weights (each
/// mode's gestures are documented on the mode).
///
/// The strokes come from a SplitMix64 stream of their own, so the parameters do not depend
/// on how many strokes a trace needs, and a shorter trace is a prefix of a longer one.
struct RandomScenarioPlanner {
  private enum Step {
    case gesture(Gesture)
    /// A medium fling up in a reversal cycle, skipped once the offset is back at or before
    /// `cycleStart`.
    case returnStroke(cycleStart: Double)
  }

  /// The offset from which a jump back toward the top may be chosen.
  static let jumpThreshold = 1_000.0

  /// How far a slow reading stroke moves the content at least before lift-off.
  static let minimumReadingTravel = 5.0

  let parameters: RandomTraceParameters
  private var random: SplitMix64
  private var planned: [Step] = []

  init(parameters: RandomTraceParameters) {
    self.parameters = parameters
    random = SplitMix64(seed: SplitMix64.hash(parameters.seed ^ Self.strokeSalt))
  }

  /// Keeps the stroke stream apart from the parameter stream.
  static let strokeSalt: UInt64 = 0x5241_4E44_4F4D_5354  // "RANDOMST"

  mutating func nextGesture(currentOffset: Double) -> Gesture {
    while true {
      if planned.isEmpty { plan(currentOffset: currentOffset) }
      switch planned.removeFirst() {
      case .gesture(let gesture):
        return gesture
      case .returnStroke(let cycleStart):
        guard currentOffset > cycleStart else { continue }
        let (stroke, speed) = fling(
          direction: -1, speeds: parameters.mediumSpeeds, stroke: 80...250)
        planned.insert(.gesture(gap(afterLiftOffAt: speed)), at: 0)
        return stroke
      }
    }
  }

  /// The lift-off speed of `gesture` in pt/ms: 0 unless it is a fling that moved the content.
  static func liftOffSpeed(of gesture: Gesture) -> Double {
    guard case .stroke(_, let milliseconds, let distance, let isFling) = gesture,
      isFling, distance > TraceGenerator.touchSlop
    else { return 0 }
    return 2 * distance / Double(max(1, milliseconds))
  }

  /// How long a glide released at `speed` pt/ms lasts (ScrollSurface's deceleration).
  static func glideMilliseconds(from speed: Double) -> Int {
    var velocity = abs(speed)
    var milliseconds = 0
    while velocity >= TraceGenerator.stopSpeed {
      velocity *= TraceGenerator.decelerationRate
      milliseconds += 1
    }
    return milliseconds
  }

  private mutating func plan(currentOffset: Double) {
    switch nextMode(canJump: currentOffset >= Self.jumpThreshold) {
    case .reading: planReading()
    case .skimming: planSkimming()
    case .flinging: planBurst()
    case .reversing: planCycle(start: currentOffset)
    case .jumpingBack: planJump()
    case .looking:
      let look = random.nextLogUniform(in: parameters.lookDurations)
      planned.append(.gesture(.pause(milliseconds: Int(look.rounded()))))
    }
  }

  /// A mode drawn with the trace's weights, leaving out `jumpingBack` when it cannot jump.
  private mutating func nextMode(canJump: Bool) -> RandomTraceParameters.Mode {
    let weights = parameters.weights
    let modes = RandomTraceParameters.Mode.allCases.filter {
      weights[$0] > 0 && (canJump || $0 != .jumpingBack)
    }
    var remaining = random.nextUnit() * modes.reduce(0) { $0 + weights[$1] }
    for mode in modes {
      remaining -= weights[mode]
      if remaining < 0 { return mode }
    }
    // Rounding can leave a sliver past the last weight.
    return modes[modes.count - 1]
  }

  private mutating func direction() -> Double {
    random.nextBool(probability: parameters.reversalRate) ? -1 : 1
  }

  /// A fling released at a speed log-uniform in `speeds` after a stroke of `stroke` ms.
  private mutating func fling(
    direction: Double, speeds: ClosedRange<Double>, stroke: ClosedRange<Int>
  ) -> (Gesture, speed: Double) {
    let speed = random.nextLogUniform(in: speeds)
    let duration = random.nextInt(in: stroke)
    let gesture = Gesture.stroke(
      direction: direction, milliseconds: duration, distance: speed * Double(duration) / 2,
      isFling: true)
    return (gesture, speed)
  }

  /// The pause after an episode: counted from lift-off when the finger may catch the glide,
  /// else from the moment the glide stops.
  private mutating func gap(afterLiftOffAt speed: Double) -> Gesture {
    let pause = random.nextLogUniform(in: parameters.gaps)
    let catchesGlide = random.nextBool(probability: parameters.catchProbability)
    let wait = catchesGlide ? 0 : Self.glideMilliseconds(from: speed)
    return .pause(milliseconds: Int(pause.rounded()) + wait)
  }

  private mutating func planReading() {
    let direction = direction()
    if random.nextBool(probability: parameters.restingDragShare) {
      let travel = random.nextLogUniform(in: parameters.dragDistances)
      let stroke = Gesture.stroke(
        direction: direction, milliseconds: random.nextInt(in: 400...1_500),
        distance: travel + TraceGenerator.touchSlop, isFling: false)
      planned.append(.gesture(stroke))
      planned.append(.gesture(gap(afterLiftOffAt: 0)))
    } else {
      let speed = random.nextLogUniform(in: parameters.readingSpeeds)
      let shortest = 2 * (TraceGenerator.touchSlop + Self.minimumReadingTravel) / speed
      let duration = max(random.nextInt(in: 300...1_500), Int(shortest.rounded(.up)))
      let stroke = Gesture.stroke(
        direction: direction, milliseconds: duration, distance: speed * Double(duration) / 2,
        isFling: true)
      planned.append(.gesture(stroke))
      planned.append(.gesture(gap(afterLiftOffAt: speed)))
    }
  }

  private mutating func planSkimming() {
    let (stroke, speed) = fling(
      direction: direction(), speeds: parameters.mediumSpeeds, stroke: 80...250)
    planned.append(.gesture(stroke))
    planned.append(.gesture(gap(afterLiftOffAt: speed)))
  }

  private mutating func planBurst() {
    let direction = direction()
    let flings = random.nextInt(in: parameters.burstLengths)
    for index in 0..<flings {
      let (stroke, speed) = fling(
        direction: direction, speeds: parameters.fastSpeeds, stroke: 60...150)
      planned.append(.gesture(stroke))
      let isLast = index == flings - 1
      let pause =
        isLast ? gap(afterLiftOffAt: speed) : .pause(milliseconds: random.nextInt(in: 150...500))
      planned.append(.gesture(pause))
    }
  }

  private mutating func planCycle(start: Double) {
    let down = random.nextInt(in: parameters.cycleDownStrokes)
    for index in 0..<down {
      let (stroke, speed) = fling(direction: 1, speeds: parameters.mediumSpeeds, stroke: 80...250)
      planned.append(.gesture(stroke))
      if index < down - 1 {
        planned.append(.gesture(gap(afterLiftOffAt: speed)))
      } else {
        // The turn: the user looks at where they got to before heading back.
        let turn = Self.glideMilliseconds(from: speed) + random.nextInt(in: 500...3_000)
        planned.append(.gesture(.pause(milliseconds: turn)))
      }
    }
    let up = random.nextInt(in: parameters.cycleUpStrokes)
    planned.append(contentsOf: repeatElement(.returnStroke(cycleStart: start), count: up))
  }

  private mutating func planJump() {
    let jump = Gesture.jump(
      fraction: random.nextDouble(in: 0, 0.3), milliseconds: random.nextInt(in: 300...600))
    planned.append(.gesture(jump))
    planned.append(.gesture(gap(afterLiftOffAt: 0)))
  }
}
