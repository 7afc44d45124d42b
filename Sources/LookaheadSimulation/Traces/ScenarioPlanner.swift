@_spi(Simulation) import Lookahead

/// Plans the gestures of a ``TraceScenario`` from a seeded SplitMix64 (parameters are
/// documented on each scenario).
struct ScenarioPlanner {
  let scenario: TraceScenario
  private var random: SplitMix64
  private var planned: [Gesture] = []
  private var nextRunIsDown = true

  init(scenario: TraceScenario, seed: UInt64) {
    self.scenario = scenario
    let salt = UInt64(TraceScenario.allCases.firstIndex(of: scenario) ?? 0)
    random = SplitMix64(seed: SplitMix64.hash(seed) ^ (salt &* 0xA076_1D64_78BD_642F))
  }

  mutating func nextGesture(currentOffset: Double) -> Gesture {
    if planned.isEmpty { plan() }
    return planned.removeFirst()
  }

  private mutating func plan() {
    switch scenario {
    case .reader: planReader()
    case .skimmer: planSkimmer()
    case .flinger: planFlingerBurst()
    case .reverser: planReverserRun()
    }
  }

  private mutating func milliseconds(_ lower: Int, _ upper: Int) -> Int {
    random.nextInt(in: lower...upper)
  }

  /// A fling released at `lower...upper` pt/ms after a stroke of `shortest...longest` ms.
  private mutating func fling(
    direction: Double, speed lower: Double, _ upper: Double, stroke shortest: Int, _ longest: Int
  ) -> Gesture {
    let speed = random.nextDouble(in: lower, upper)
    let duration = milliseconds(shortest, longest)
    return .stroke(
      direction: direction, milliseconds: duration, distance: speed * Double(duration) / 2,
      isFling: true)
  }

  private mutating func planReader() {
    planned.append(.pause(milliseconds: milliseconds(2_000, 8_000)))
    let isBack = random.nextBool(probability: 0.1)
    let distance = isBack ? random.nextDouble(in: 100, 300) : random.nextDouble(in: 150, 450)
    planned.append(
      .stroke(
        direction: isBack ? -1 : 1, milliseconds: milliseconds(600, 1_200), distance: distance,
        isFling: false))
  }

  private mutating func planSkimmer() {
    let direction: Double = random.nextBool(probability: 0.1) ? -1 : 1
    planned.append(fling(direction: direction, speed: 1.0, 2.5, stroke: 100, 200))
    let isLongLook = random.nextBool(probability: 0.2)
    planned.append(
      .pause(milliseconds: isLongLook ? milliseconds(2_000, 5_000) : milliseconds(300, 1_200)))
  }

  private mutating func planFlingerBurst() {
    let flings = random.nextInt(in: 3...8)
    for index in 0..<flings {
      planned.append(fling(direction: 1, speed: 3.0, 8.0, stroke: 80, 140))
      let isLast = index == flings - 1
      planned.append(
        .pause(milliseconds: isLast ? milliseconds(1_000, 4_000) : milliseconds(150, 500)))
    }
    if random.nextBool(probability: 0.1) {
      planned.append(
        .jump(fraction: random.nextDouble(in: 0, 0.3), milliseconds: milliseconds(300, 600)))
      planned.append(.pause(milliseconds: milliseconds(1_000, 3_000)))
    }
  }

  private mutating func planReverserRun() {
    let isDown = nextRunIsDown
    nextRunIsDown.toggle()
    let flings = isDown ? random.nextInt(in: 3...6) : random.nextInt(in: 2...5)
    for index in 0..<flings {
      planned.append(fling(direction: isDown ? 1 : -1, speed: 1.5, 3.5, stroke: 100, 180))
      let isLast = index == flings - 1
      planned.append(
        .pause(milliseconds: isLast ? milliseconds(800, 2_500) : milliseconds(200, 700)))
    }
  }
}
