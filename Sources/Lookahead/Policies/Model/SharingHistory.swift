/// How many loads had the link over the last seconds: the running count of loads in
/// flight, integrated over time and noted each frame, so that a finished load can say
/// how many it shared the link with on average.
///
/// A value type; confine it to one thread. It keeps a fixed number of frames, in storage
/// allocated when it is created.
struct SharingHistory: Sendable {
  /// The frames kept: at 60 frames a second, about 17 seconds.
  static let capacity = 1024

  private var times: [Double] = []
  private var integrals: [Double] = []

  /// Creates an empty history.
  init() {
    times.reserveCapacity(Self.capacity)
    integrals.reserveCapacity(Self.capacity)
  }

  /// The slot the next frame is written to, once the ring is full.
  private var next = 0
  private var integral = 0.0
  private var lastTime: Double?

  /// Notes a frame: `inFlight` loads had the link since the previous one, on average.
  ///
  /// - Parameters:
  ///   - time: Seconds since any fixed epoch; never earlier than the previous frame's.
  ///   - inFlight: The loads in flight since the previous frame, on average.
  mutating func note(time: Double, inFlight: Double) {
    if let lastTime { integral += inFlight * Swift.max(0, time - lastTime) }
    lastTime = time
    if times.count < Self.capacity {
      times.append(time)
      integrals.append(integral)
    } else {
      times[next] = time
      integrals[next] = integral
      next = (next + 1) % Self.capacity
    }
  }

  /// The mean number of loads in flight over the `seconds` before the last frame, or
  /// `nil` when fewer than two frames are kept or `seconds` is not positive. Beyond the
  /// frames kept, the mean over all of them.
  func meanInFlight(over seconds: Double) -> Double? {
    guard times.count >= 2, seconds > 0, let lastTime else { return nil }
    let start = lastTime - seconds
    // The ring in time order: the oldest at `next` once full.
    let count = times.count
    func slot(_ rank: Int) -> Int { (next + rank) % count }
    // The last frame at or before `start`, found by bisection over the ranks.
    var low = 0
    var high = count - 1
    if times[slot(0)] >= start {
      high = 0
    } else {
      while high - low > 1 {
        let middle = (low + high) / 2
        if times[slot(middle)] <= start { low = middle } else { high = middle }
      }
      high = low
    }
    let from = slot(high)
    let span = lastTime - times[from]
    guard span > 0 else { return nil }
    return (integral - integrals[from]) / span
  }
}
