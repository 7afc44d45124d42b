/// Keeps the most recent scroll samples in a bounded ring and writes them as a scroll
/// trace: CSV with the header `t_ms,offset_pt` (docs/DESIGN.md, "Traces"), the format
/// that `lookahead compare --traces` and `lookahead simulate --trace` read.
///
/// A team can record what its users' lists see, then replay that scrolling through
/// every strategy in the simulator and compare the field metrics
/// (``ListPreloader/metrics``) with the simulated ones.
///
/// ```swift
/// var recorder = ScrollTraceRecorder(capacity: 36_000)   // 10 minutes at 60 Hz
/// recorder.record(offset: 120, at: .milliseconds(16))
/// try recorder.csv.write(to: url, atomically: true, encoding: .utf8)
/// ```
///
/// A value type; confine it to one thread.
package struct ScrollTraceRecorder: Sendable {
  /// The largest number of samples kept; older ones are dropped.
  package let capacity: Int
  private var times: [Duration] = []
  private var offsets: [Double] = []
  private var next = 0

  /// Creates an empty recorder.
  ///
  /// - Parameter capacity: The largest number of samples kept; at least 2.
  package init(capacity: Int) {
    precondition(capacity >= 2, "capacity must be at least 2, got \(capacity)")
    self.capacity = capacity
  }

  /// The number of samples kept.
  package var count: Int { times.count }

  /// Records the offset along the scrolling axis at `time`.
  ///
  /// - Parameters:
  ///   - offset: The content offset along the axis; finite.
  ///   - time: The sample's time; samples earlier than the newest one are ignored.
  /// - Complexity: O(1); no allocation once `capacity` samples were recorded.
  package mutating func record(offset: Double, at time: Duration) {
    precondition(offset.isFinite, "offset must be finite, got \(offset)")
    if let newest = newestTime, time < newest { return }
    if times.count < capacity {
      times.append(time)
      offsets.append(offset)
    } else {
      times[next] = time
      offsets[next] = offset
      next = (next + 1) % capacity
    }
  }

  private var newestTime: Duration? {
    guard !times.isEmpty else { return nil }
    return times[(next + times.count - 1) % times.count]
  }

  /// The kept samples as trace CSV: times in milliseconds from the oldest kept sample
  /// (which becomes 0), rounded to the microsecond and strictly increasing (a sample
  /// within a microsecond of the previous one is dropped); offsets rounded to a
  /// thousandth of a point, and negative offsets (bouncing at the top) written as 0.
  ///
  /// - Complexity: O(*n*) for *n* kept samples.
  package var csv: String {
    var text = "t_ms,offset_pt\n"
    guard !times.isEmpty else { return text }
    let first = times[next % times.count]
    var previous = -Double.infinity
    for step in 0..<times.count {
      let index = (next + step) % times.count
      let milliseconds = ((times[index] - first).inMilliseconds * 1000).rounded() / 1000
      guard milliseconds > previous else { continue }
      previous = milliseconds
      let offset = (Swift.max(0, offsets[index]) * 1000).rounded() / 1000
      text += "\(milliseconds),\(offset)\n"
    }
    return text
  }
}
