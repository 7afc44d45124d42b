import Foundation

/// What a ``FeedServer`` has served since it started, counted on the server's side.
///
/// Body bytes are bytes written to a connection. A response that did not complete (the
/// client went away, or a fault cut it) counts its partial bytes in
/// ``partialBodyBytes``: they crossed the link like the simulator's "partial transfers
/// of cancelled loads".
///
/// A value type; thread-safe. Encodes to JSON with snake_case keys.
public struct FeedServerStatistics: Sendable, Hashable, Codable {
  /// Page requests answered (with any status).
  public var pageRequests = 0
  /// Image requests answered (with any status).
  public var imageRequests = 0
  /// Responses whose body was written completely.
  public var completedResponses = 0
  /// Responses that stopped early because the client went away.
  public var abandonedResponses = 0
  /// `503` responses injected.
  public var serverErrors = 0
  /// Bodies cut short and closed.
  public var truncatedBodies = 0
  /// Bodies that stopped sending.
  public var stalls = 0
  /// Connections reset.
  public var resets = 0
  /// Responses whose first byte was delayed.
  public var slowFirstBytes = 0
  /// Body bytes of completed responses.
  public var completedBodyBytes = 0
  /// Body bytes of responses that did not complete.
  public var partialBodyBytes = 0
  /// Bodies being written now.
  public var activeTransfers = 0

  /// Creates zeroed statistics.
  public init() {}

  /// Every body byte written.
  public var bodyBytes: Int { completedBodyBytes + partialBodyBytes }

  enum CodingKeys: String, CodingKey {
    case pageRequests = "page_requests"
    case imageRequests = "image_requests"
    case completedResponses = "completed_responses"
    case abandonedResponses = "abandoned_responses"
    case serverErrors = "server_errors"
    case truncatedBodies = "truncated_bodies"
    case stalls
    case resets
    case slowFirstBytes = "slow_first_bytes"
    case completedBodyBytes = "completed_body_bytes"
    case partialBodyBytes = "partial_body_bytes"
    case activeTransfers = "active_transfers"
  }

  /// The faults injected, by the command line's names.
  public var faultCounts: [(name: String, count: Int)] {
    [
      ("5xx", serverErrors), ("truncate", truncatedBodies), ("stall", stalls), ("reset", resets),
      ("slow", slowFirstBytes),
    ]
  }
}
