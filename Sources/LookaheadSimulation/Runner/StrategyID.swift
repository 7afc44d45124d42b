import Lookahead

/// The preloading strategies the simulator compares (docs/DESIGN.md, "Strategies"), by
/// stable id.
public enum StrategyID: String, CaseIterable, Sendable, Codable, CustomStringConvertible {
  /// Next page only at the end of content; images load when visible.
  case infiniteScroll = "infinite-scroll"
  /// Next page at 70 % of the whole content; images load when visible.
  case threshold
  /// Next page at 70 % of the newest page; images load when visible.
  case dynamicThreshold = "dynamic-threshold"
  /// Dynamic threshold paging; images only where a fling will land, visible ones when idle.
  case lazyTarget = "lazy-target"
  /// Next page at 90 %; visible images only while scrolling is stopped.
  case pauseWhileScrolling = "pause-while-scrolling"
  /// Texture's leading-screens batch fetching and preload ranges.
  case texture
  /// Lookahead's time-based strategy (docs/DESIGN.md, "The adaptive strategy").
  case adaptive
  /// The model-based strategy under development to replace `adaptive`
  /// (docs/DESIGN.md, "The model strategy"); `compare` runs it only when asked.
  case model
  /// The clairvoyant, visible-first reference of avoidable blank; simulation only.
  case oracle
  /// The clairvoyant limit: only what the run shows, earliest deadline first, as far
  /// ahead as memory holds, at its best concurrency; simulation only.
  case frontier

  /// Whether the strategy knows the trace in advance: it runs in the simulator only.
  public var isClairvoyant: Bool { self == .oracle || self == .frontier }

  /// Whether the strategy is still under development: `compare` leaves it out unless
  /// it is asked for by id.
  public var isUnderDevelopment: Bool { self == .model }

  /// The strategies `compare` runs by default: all but those under development.
  public static var compared: [StrategyID] { allCases.filter { !$0.isUnderDevelopment } }

  /// One line describing the strategy, for `lookahead strategies`.
  public var summary: String {
    switch self {
    case .infiniteScroll:
      "next page when the viewport reaches the end of content; images load when visible"
    case .threshold:
      "next page at (offset + viewport) / content ≥ 0.7; images load when visible"
    case .dynamicThreshold:
      "next page at 0.7 of the newest page; images load when visible"
    case .lazyTarget:
      "dynamic-threshold paging; images only in the projected landing area, visible ones when idle"
    case .pauseWhileScrolling:
      "next page at 0.9; visible images load only while scrolling is stopped, never cancelled"
    case .texture:
      "Texture: batch fetch 2 screens ahead; preload range 2.5/1.5 screens (minimum until the first drag)"
    case .adaptive:
      "Lookahead: time-based ranges from velocity and learned latency, landing first, deadline order"
    case .model:
      "under development: a motion and link model, loads by expected frames saved per byte"
    case .oracle:
      "clairvoyant reference: exactly what will be visible within 10 s, visible first"
    case .frontier:
      "clairvoyant limit: only what will be visible, earliest deadline first, as far as memory holds"
    }
  }

  /// The id.
  public var description: String { rawValue }
}
