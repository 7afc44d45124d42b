#if canImport(UIKit) && !os(watchOS)
  import Foundation
  import Lookahead
  import UIKit

  /// Feeds a list preloader from a scroll view without taking its delegate: once per
  /// display frame, at rest too, while the view is in a window (``DisplayLinkDriver``), it
  /// hands the scroll view's state to the preloader and sends the lengths of the items on
  /// screen whose layout changed; it forwards the app's memory and lifecycle notifications.
  ///
  /// One call of ``ListPreloader/scrollViewChanged(_:)`` per display frame is what the
  /// simulator measures: the preloader derives drags, flings and the end of decelerations
  /// from the differences, and its metrics count the frames the user saw. No key-value
  /// observation, no task per frame.
  ///
  /// Thread-safety: `@MainActor`.
  @MainActor
  final class ScrollViewObserver<Item: FeedItem, Key: Hashable & Sendable, Resource: Sendable> {
    private let scrollView: UIScrollView
    private let preloader: ListPreloader<Item, Key, Resource>
    private let layout: ListViewLayout<Item.ID>
    private let axis: Axis
    private var sent = SentItemLengths<Item.ID>()
    private var hasAdoptedLayout = false
    private var wasDragging = false
    /// The content's velocity read at the last frame of the current drag.
    private var dragVelocity = CGPoint.zero
    private var driver: DisplayLinkDriver?
    /// Removed in `deinit`, which is not isolated to the main actor.
    nonisolated(unsafe) private var notifications: [any NSObjectProtocol] = []

    /// Starts observing; the first frame comes with the next display refresh once the view
    /// is in a window.
    ///
    /// - Parameters:
    ///   - scrollView: The list's scroll view.
    ///   - preloader: The list's preloader.
    ///   - layout: Reads the list view's index paths and frames.
    init(
      scrollView: UIScrollView, preloader: ListPreloader<Item, Key, Resource>,
      layout: ListViewLayout<Item.ID>
    ) {
      self.scrollView = scrollView
      self.preloader = preloader
      self.layout = layout
      axis = preloader.geometry.axis
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
      driver = DisplayLinkDriver(view: scrollView) { [weak self] in self?.displayFrame() }
    }

    deinit {
      for notification in notifications { NotificationCenter.default.removeObserver(notification) }
    }

    /// Stops the frames and the notifications. Calling it twice is harmless.
    func stop() {
      driver?.stop()
      driver = nil
      for notification in notifications { NotificationCenter.default.removeObserver(notification) }
      notifications = []
    }

    /// Adopts every item's frame from the view's layout: O(*n*) for *n* items. The observer
    /// does it once, at the first frame that shows items.
    ///
    /// - Returns: Whether the preloader adopted the frames (they describe its list).
    @discardableResult
    func adoptLayout() -> Bool {
      let layout = layout
      return preloader.adoptMeasuredLayout(contentSize: scrollView.contentSize) { item in
        layout.indexPaths.indexPath(item.id).flatMap(layout.frame)
      }
    }

    /// One display frame: the scroll view's state, then the lengths of the items on screen
    /// whose layout changed since they were last sent.
    private func displayFrame() {
      // The state machine's follow-up delay is for adapters that cannot read every frame.
      preloader.scrollViewChanged(readState())
      let contentSize = scrollView.contentSize
      let measured = layout.visibleItemLengths(
        axis: axis, contentLength: axis.length(of: contentSize))
      guard !measured.isEmpty else { return }
      if !hasAdoptedLayout {
        hasAdoptedLayout = true
        adoptLayout()
      }
      let changes = sent.changes(in: measured, contentSize: contentSize)
      if !changes.isEmpty { preloader.resizeItems(changes) }
    }

    /// The scroll view's state now. The offset and size are those of the visible content:
    /// the bounds less the adjusted content insets (bars, safe areas), in content
    /// coordinates.
    private func readState() -> ScrollViewState {
      let pan = scrollView.panGestureRecognizer
      let isDragging = pan.state == .began || pan.state == .changed
      let isDecelerating = scrollView.isDecelerating
      var velocity = contentVelocity(of: pan)
      if isDragging {
        dragVelocity = velocity
      } else if wasDragging && isDecelerating && velocity == .zero {
        // The finger lifted between two frames and the recognizer already reset: the
        // release velocity is the drag's last one.
        velocity = dragVelocity
      }
      wasDragging = isDragging
      let insets = scrollView.adjustedContentInset
      let offset = scrollView.contentOffset
      let size = scrollView.bounds.size
      return ScrollViewState(
        contentOffset: CGPoint(x: offset.x + insets.left, y: offset.y + insets.top),
        viewportSize: CGSize(
          width: Swift.max(0, size.width - insets.left - insets.right),
          height: Swift.max(0, size.height - insets.top - insets.bottom)),
        isDragging: isDragging, isDecelerating: isDecelerating, velocity: velocity)
    }

    /// The content's velocity in the scroll view's own coordinates, positive when the
    /// offset grows.
    ///
    /// The finger's velocity is read in the superview's coordinates, which do not move
    /// with the content, and turned into the scroll view's by the inverse of its transform:
    /// an inverted list (a chat, scaled by −1) gets the sign of its own content. The content
    /// moves against the finger.
    private func contentVelocity(of pan: UIPanGestureRecognizer) -> CGPoint {
      let finger = pan.velocity(in: scrollView.superview)
      let local = CGSize(width: finger.x, height: finger.y)
        .applying(scrollView.transform.inverted())
      return CGPoint(x: -local.width, y: -local.height)
    }
  }
#endif
