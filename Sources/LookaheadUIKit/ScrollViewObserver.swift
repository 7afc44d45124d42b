#if canImport(UIKit) && !os(watchOS)
  import Foundation
  import Lookahead
  import UIKit

  /// Feeds a list preloader from a scroll view without taking its delegate: key-value
  /// observation of the content offset, the bounds, the content size and the pan
  /// gesture's state, and the app's memory and lifecycle notifications.
  ///
  /// Every observed change hands the scroll view's whole state to the preloader, which
  /// derives drags, flings and the end of decelerations from the differences (tested in
  /// `Lookahead`). While a finger is down or the content decelerates, the preloader asks
  /// for a follow-up read, because those can end without an observable change.
  @MainActor
  final class ScrollViewObserver<Item: FeedItem, Key: Hashable & Sendable, Resource: Sendable> {
    private let scrollView: UIScrollView
    private let preloader: ListPreloader<Item, Key, Resource>
    private let measure: @MainActor () -> Void
    private var observations: [NSKeyValueObservation] = []
    private var followUp: Task<Void, any Error>?
    /// Removed in `deinit`, which is not isolated to the main actor.
    nonisolated(unsafe) private var notifications: [any NSObjectProtocol] = []

    /// Starts observing; the current state and layout are read at once.
    ///
    /// - Parameters:
    ///   - scrollView: The list's scroll view.
    ///   - preloader: The list's preloader.
    ///   - measure: Reads the items' frames from the view's layout.
    init(
      scrollView: UIScrollView, preloader: ListPreloader<Item, Key, Resource>,
      measure: @escaping @MainActor () -> Void
    ) {
      self.scrollView = scrollView
      self.preloader = preloader
      self.measure = measure
      observations = [
        scrollView.observe(\.contentOffset) { [weak self] _, _ in
          MainActor.assumeIsolated { self?.readScrollView() }
        },
        scrollView.observe(\.bounds) { [weak self] _, _ in
          MainActor.assumeIsolated { self?.readScrollView() }
        },
        scrollView.observe(\.contentSize) { [weak self] _, _ in
          MainActor.assumeIsolated { self?.measure() }
        },
        scrollView.panGestureRecognizer.observe(\.state) { [weak self] _, _ in
          MainActor.assumeIsolated { self?.readScrollView() }
        },
      ]
      let center = NotificationCenter.default
      notifications = [
        center.addObserver(
          forName: UIApplication.didReceiveMemoryWarningNotification, object: nil, queue: .main
        ) { [preloader] _ in preloader.didReceiveMemoryWarning() },
        center.addObserver(
          forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: .main
        ) { [preloader] _ in preloader.didEnterBackground() },
        center.addObserver(
          forName: UIApplication.willEnterForegroundNotification, object: nil, queue: .main
        ) { [preloader] _ in preloader.willEnterForeground() },
      ]
      readScrollView()
      measure()
    }

    deinit {
      for notification in notifications { NotificationCenter.default.removeObserver(notification) }
    }

    /// Hands the scroll view's state to the preloader and schedules the follow-up read
    /// it asks for, replacing an earlier one.
    func readScrollView() {
      let pan = scrollView.panGestureRecognizer
      // The finger's velocity in window coordinates; the content moves the other way.
      let finger = pan.velocity(in: nil)
      let state = ScrollViewState(
        contentOffset: scrollView.contentOffset, viewportSize: scrollView.bounds.size,
        isDragging: pan.state == .began || pan.state == .changed,
        isDecelerating: scrollView.isDecelerating,
        velocity: CGPoint(x: -finger.x, y: -finger.y))
      followUp?.cancel()
      followUp = preloader.scrollViewChanged(state).map { delay in
        Task { [weak self] in
          try await Task.sleep(for: delay)
          self?.readScrollView()
        }
      }
    }
  }
#endif
