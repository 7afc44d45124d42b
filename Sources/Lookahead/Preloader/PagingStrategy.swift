/// How a list preloader decides when to ask for the next page at the tail.
///
/// A value type; thread-safe.
public enum PagingStrategy: Sendable, Hashable {
  /// A fixed trigger, evaluated on every scroll sample (see ``PageTrigger``).
  case trigger(PageTrigger)
  /// The adaptive trigger, which learns the page latency from the pages it loads.
  case adaptive(AdaptivePageTrigger)
  /// No trigger: the next page is requested only by
  /// ``ListPreloader/loadNextPage()`` (a "load more" button, or a
  /// driver with its own schedule such as the simulator's oracle).
  case manual
}
