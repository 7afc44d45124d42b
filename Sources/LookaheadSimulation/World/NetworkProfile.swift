/// The network conditions of a simulation run (docs/DESIGN.md, "The standard world").
///
/// Each profile gives the base round trip of a request (multiplied per request by a seeded
/// log-normal jitter, see ``NetworkJitter``), the bandwidth shared fairly among transfers,
/// the number of concurrent connections, and the server time of each kind of request.
///
/// A value type; thread-safe.
public struct NetworkProfile: Sendable, Hashable, CustomStringConvertible {
  /// The stable id of the profile (`wifi`, `lte`, `3g`).
  public var name: String

  /// The base round trip of one request, before jitter.
  public var roundTrip: Milliseconds

  /// The total bandwidth in bytes per second (decimal: 1.5 MB/s is 1,500,000).
  public var bytesPerSecond: Double

  /// The number of requests that can hold a connection at the same time.
  public var connections: Int

  /// The server time of a page request, added to the jittered round trip.
  public var pageServerTime: Milliseconds

  /// The server time of an image request, added to the jittered round trip.
  public var imageServerTime: Milliseconds

  /// The σ of the log-normal jitter of round trips (``NetworkJitter``); 0.35 in the
  /// standard profiles, 0 for none.
  public var jitterSigma: Double

  /// Creates a profile.
  ///
  /// - Precondition: times are finite and `>= 0`, `bytesPerSecond > 0`, `connections >= 1`,
  ///   `jitterSigma` finite and `>= 0`.
  public init(
    name: String, roundTrip: Milliseconds, bytesPerSecond: Double, connections: Int = 6,
    pageServerTime: Milliseconds = 60, imageServerTime: Milliseconds = 5,
    jitterSigma: Double = NetworkJitter.sigma
  ) {
    precondition(roundTrip.isFinite && roundTrip >= 0, "roundTrip must be finite and >= 0")
    precondition(
      bytesPerSecond.isFinite && bytesPerSecond > 0, "bytesPerSecond must be finite and > 0")
    precondition(connections >= 1, "connections must be at least 1")
    precondition(
      pageServerTime.isFinite && pageServerTime >= 0, "pageServerTime must be finite and >= 0")
    precondition(
      imageServerTime.isFinite && imageServerTime >= 0, "imageServerTime must be finite and >= 0")
    precondition(jitterSigma.isFinite && jitterSigma >= 0, "jitterSigma must be finite and >= 0")
    self.name = name
    self.roundTrip = roundTrip
    self.bytesPerSecond = bytesPerSecond
    self.connections = connections
    self.pageServerTime = pageServerTime
    self.imageServerTime = imageServerTime
    self.jitterSigma = jitterSigma
  }

  /// Wi-Fi: 20 ms round trip, 6 MB/s.
  public static let wifi = NetworkProfile(name: "wifi", roundTrip: 20, bytesPerSecond: 6_000_000)

  /// LTE, the default profile: 70 ms round trip, 1.5 MB/s.
  public static let lte = NetworkProfile(name: "lte", roundTrip: 70, bytesPerSecond: 1_500_000)

  /// 3G: 250 ms round trip, 0.25 MB/s.
  public static let threeG = NetworkProfile(
    name: "3g", roundTrip: 250, bytesPerSecond: 250_000)

  /// The standard profiles, in the order reports list them.
  public static let standard: [NetworkProfile] = [.wifi, .lte, .threeG]

  /// The standard profile whose ``name`` is `name`, or `nil` when there is none.
  ///
  /// - Complexity: O(1).
  public static func named(_ name: String) -> NetworkProfile? {
    standard.first { $0.name == name }
  }

  /// The server time of a request of `kind`.
  public func serverTime(for kind: ResourceKind) -> Milliseconds {
    switch kind {
    case .page: pageServerTime
    case .image: imageServerTime
    }
  }

  /// The profile's name.
  public var description: String { name }
}
