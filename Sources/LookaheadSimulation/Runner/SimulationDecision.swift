/// One thing a simulated run asked of the network, or got from it, at a virtual time.
///
/// ``Simulation/runRecordingDecisions(_:)`` returns them in the order they happened.
///
/// A value type; thread-safe.
public enum SimulationDecision: Sendable, Equatable {
  /// The image of item `item` started loading (from the network or the disk tier).
  case started(_ item: Int, at: Milliseconds)
  /// The running or waiting load of item `item`'s image was cancelled after `bytes` of
  /// it had arrived (0 for a load that had not received a byte yet, and for a read from
  /// the disk tier); those bytes are
  /// counted in the run's bytes and wasted bytes all the same.
  case cancelled(_ item: Int, at: Milliseconds, bytes: Int)
  /// Page `page` (0 is the first) was requested.
  case pageRequested(_ page: Int, at: Milliseconds)
  /// A page or an image arrived, whole.
  case completed(NetworkCompletion)

  /// The virtual time of the decision.
  public var time: Milliseconds {
    switch self {
    case .started(_, let time), .cancelled(_, let time, _), .pageRequested(_, let time): time
    case .completed(let completion): completion.time
    }
  }
}
