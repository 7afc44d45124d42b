/// The paging part of a list preloader: the pager (the list, its cursor, each end's
/// phase), the page trigger the strategy chose, and each end's page request on its way
/// through the load queue it shares with resources.
///
/// The trigger is fixed, adaptive or manual (``PagingStrategy``). An adaptive trigger
/// learns from every frame's motion and every page's latency, and is kept here as it
/// learns; before each decision the pager is given the trigger as it stands. The
/// `ListPreloaderStateMachine` turns the pager's actions into load queue events and
/// list changes.
///
/// A value type; thread-safe.
struct ListPaging<Item: FeedItem>: Sendable {
  /// The list, its cursor, and the phase of each end.
  var pager: PagerStateMachine<Item, Timestamp>
  /// The page request of each end, while it is queued or running.
  var requests = PageRequests()
  /// The strategy's paging as given; when it is adaptive, ``adaptive`` holds the trigger
  /// as it learns.
  private let fixed: PagingStrategy
  /// The adaptive page trigger, kept out of the enum so that a frame updates it in
  /// place: rewrapping it in ``strategy`` every frame copied it twice.
  private var adaptive: AdaptivePageTrigger?

  /// Creates the paging of an empty list.
  ///
  /// - Parameters:
  ///   - strategy: When to ask for the next page at the tail.
  ///   - retryPolicy: How failed pages are retried.
  init(strategy: PagingStrategy, retryPolicy: PagerRetryPolicy) {
    fixed = strategy
    if case .adaptive(let trigger) = strategy { adaptive = trigger }
    pager = PagerStateMachine(trigger: .infiniteScroll, retryPolicy: retryPolicy)
  }

  /// How the next page is chosen; an adaptive trigger here has learned from every page
  /// and every frame.
  var strategy: PagingStrategy {
    adaptive.map { .adaptive($0) } ?? fixed
  }

  /// Tells an adaptive trigger a frame's motion: every frame, a page in flight or not,
  /// so that the top speed it remembers is the user's.
  ///
  /// - Parameters:
  ///   - velocity: The velocity along the axis, in points per second.
  ///   - viewportLength: The viewport's length along the axis.
  ///   - now: The frame's time.
  mutating func scrolled(velocity: Double, viewportLength: Double, at now: Duration) {
    adaptive?.scrolled(velocity: velocity, viewportLength: viewportLength, at: now)
  }

  /// Gives the pager the strategy's trigger as it stands, when the tail may ask for a
  /// page.
  ///
  /// - Returns: Whether the pager may decide: `false` while the tail is loading or
  ///   exhausted, and for a list paged by hand.
  mutating func armTrigger() -> Bool {
    guard !pager.tail.isLoading, pager.hasMore else { return false }
    if let adaptive {
      pager.trigger = adaptive.trigger
    } else if case .trigger(let trigger) = fixed {
      pager.trigger = trigger
    } else {
      return false  // paged by hand
    }
    return true
  }

  /// A page arrived for `request`: if it is the one asked for at its end, the adaptive
  /// trigger learns its latency.
  ///
  /// - Returns: The page's latency, or `nil` for a late answer of another request.
  mutating func pageArrived(for request: PageRequest, now: Duration) -> Duration? {
    guard let asked = requests[request.end], asked.request == request else { return nil }
    let latency = now - asked.askedAt
    adaptive?.pageDidLoad(latency: latency)
    return latency
  }
}
