/// A preloading strategy as a value: when to ask for the next page, and which items'
/// resources to load.
///
/// The strategies of docs/DESIGN.md, "Strategies", are available by name and by id; any
/// page trigger can be combined with any item policy.
///
/// | strategy | pages | items |
/// |---|---|---|
/// | ``adaptive`` (the default) | learned remaining time | time-based ranges, landing first, deadline order |
/// | ``texture`` | 2 leading screens | Texture's preload ranges |
/// | ``infiniteScroll`` | at the end of content | when visible |
/// | ``threshold`` | at 70 % of the content | when visible |
/// | ``dynamicThreshold`` | at 70 % of the newest page | when visible |
/// | ``lazyTarget`` | at 70 % of the newest page | where a fling will land |
/// | ``pauseWhileScrolling`` | at 90 % of the content | visible ones, while scrolling is stopped |
///
/// ```swift
/// let strategy = PreloadStrategy(id: "texture") ?? .adaptive
/// let custom = PreloadStrategy(
///   id: "mine", paging: .trigger(.leadingScreens(3)), policy: OnVisiblePolicy())
/// ```
///
/// A value type; thread-safe. Each list preloader takes its own copy, so the policy's
/// learned state is never shared between lists.
public struct PreloadStrategy: Sendable {
  /// A stable name, such as `adaptive`.
  public var id: String
  /// When to ask for the next page.
  public var paging: PagingStrategy
  /// Which items' resources to load.
  package var policy: AnyItemPolicy

  /// Combines a page trigger and an item policy.
  ///
  /// - Parameters:
  ///   - id: A name for reports and logs.
  ///   - paging: When to ask for the next page.
  ///   - policy: Which items' resources to load.
  public init(id: String, paging: PagingStrategy, policy: some ItemPolicy) {
    self.id = id
    self.paging = paging
    self.policy = AnyItemPolicy(policy)
  }

  /// The strategy with the stable id `id` (`infinite-scroll`, `threshold`,
  /// `dynamic-threshold`, `lazy-target`, `pause-while-scrolling`, `texture` or
  /// `adaptive`), or `nil` for any other id.
  public init?(id: String) {
    guard let strategy = Self.builtIn.first(where: { $0.id == id }) else { return nil }
    self = strategy
  }

  /// The ids of the built-in strategies, in the order of docs/DESIGN.md, "Strategies".
  public static var identifiers: [String] { builtIn.map(\.id) }

  private static var builtIn: [PreloadStrategy] {
    [
      infiniteScroll, threshold, dynamicThreshold, lazyTarget, pauseWhileScrolling, texture,
      adaptive,
    ]
  }

  /// Lookahead's own strategy (docs/DESIGN.md, "The adaptive strategy"), with the default
  /// tuning.
  public static var adaptive: PreloadStrategy { adaptive(AdaptivePolicy.Configuration()) }

  /// Lookahead's own strategy with a custom tuning of its item policy, for exploring the
  /// tuning in the simulator.
  ///
  /// - Parameter configuration: The tuning of `AdaptivePolicy`.
  package static func adaptive(_ configuration: AdaptivePolicy.Configuration) -> PreloadStrategy {
    PreloadStrategy(
      id: "adaptive", paging: .adaptive(AdaptivePageTrigger()),
      policy: AdaptivePolicy(configuration: configuration))
  }

  /// Texture's intelligent preloading: batch fetching 2 screens ahead, preload ranges
  /// of 2.5 screens ahead and 1.5 behind.
  public static var texture: PreloadStrategy {
    PreloadStrategy(id: "texture", paging: .trigger(.leadingScreens(2)), policy: TexturePolicy())
  }

  /// The baseline: the next page at the end of content, images when visible.
  public static var infiniteScroll: PreloadStrategy {
    PreloadStrategy(
      id: "infinite-scroll", paging: .trigger(.infiniteScroll), policy: OnVisiblePolicy())
  }

  /// The next page at 70 % of the whole content, images when visible.
  public static var threshold: PreloadStrategy {
    PreloadStrategy(id: "threshold", paging: .trigger(.threshold(0.7)), policy: OnVisiblePolicy())
  }

  /// The next page at 70 % of the newest page, images when visible.
  public static var dynamicThreshold: PreloadStrategy {
    PreloadStrategy(
      id: "dynamic-threshold", paging: .trigger(.dynamicThreshold(0.7)),
      policy: OnVisiblePolicy())
  }

  /// Dynamic-threshold paging; images only where a fling will land, visible ones when
  /// idle.
  public static var lazyTarget: PreloadStrategy {
    PreloadStrategy(
      id: "lazy-target", paging: .trigger(.dynamicThreshold(0.7)), policy: LazyTargetPolicy())
  }

  /// The next page at 90 % of the content; visible images only while scrolling is
  /// stopped, never cancelled.
  public static var pauseWhileScrolling: PreloadStrategy {
    PreloadStrategy(
      id: "pause-while-scrolling", paging: .trigger(.threshold(0.9)),
      policy: PauseWhileScrollingPolicy())
  }
}
