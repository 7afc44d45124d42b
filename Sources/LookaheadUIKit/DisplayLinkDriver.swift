// CADisplayLink and UIView.didMoveToWindow() are not in watchOS's UIKit.
#if canImport(UIKit) && !os(watchOS)
  import Foundation
  import UIKit

  /// Calls a closure once per display frame while a view is in a window.
  ///
  /// A `CADisplayLink` on the main run loop in `.common` mode, so that it keeps firing while
  /// a finger tracks the content (the run loop is then in its tracking mode). The link is
  /// created when the view enters a window and invalidated when it leaves one, as a hidden,
  /// zero-size subview of the view reports (`didMoveToWindow()`); nothing runs while the
  /// list is off screen.
  ///
  /// The display link retains its target, so the target holds the driver weakly: a driver
  /// released without ``stop()`` invalidates its link and removes its subview at the link's
  /// next frame, or when the view next enters a window.
  ///
  /// Thread-safety: `@MainActor`; the link fires on the main thread.
  @MainActor
  final class DisplayLinkDriver {
    private let marker: WindowMarkerView
    private let onFrame: @MainActor () -> Void
    private var link: CADisplayLink?

    /// Starts calling `onFrame` once per display frame whenever `view` is in a window.
    ///
    /// - Parameters:
    ///   - view: The view whose window decides whether frames are delivered.
    ///   - onFrame: Called once per display frame, on the main thread.
    init(view: UIView, onFrame: @escaping @MainActor () -> Void) {
      self.onFrame = onFrame
      marker = WindowMarkerView(frame: .zero)
      marker.isHidden = true
      marker.isUserInteractionEnabled = false
      view.addSubview(marker)
      marker.driver = self
      windowChanged(view.window != nil)
    }

    /// Stops the frames for good: invalidates the link and removes the subview. Calling it
    /// twice is harmless.
    func stop() {
      marker.driver = nil
      marker.removeFromSuperview()
      link?.invalidate()
      link = nil
    }

    /// Creates the link when the view enters a window, invalidates it when it leaves.
    fileprivate func windowChanged(_ isInWindow: Bool) {
      guard isInWindow else {
        link?.invalidate()
        link = nil
        return
      }
      guard link == nil else { return }
      let target = DisplayLinkTarget(driver: self, marker: marker)
      let link = CADisplayLink(target: target, selector: DisplayLinkTarget.selector)
      link.add(to: .main, forMode: .common)
      self.link = link
    }

    /// One display frame.
    fileprivate func displayFrame() { onFrame() }
  }

  /// The display link's target. The link retains it; it holds the driver weakly and ends the
  /// link once the driver is gone.
  @MainActor
  private final class DisplayLinkTarget: NSObject {
    weak var driver: DisplayLinkDriver?
    weak var marker: WindowMarkerView?

    init(driver: DisplayLinkDriver, marker: WindowMarkerView) {
      self.driver = driver
      self.marker = marker
    }

    /// The selector of ``step(_:)``.
    static var selector: Selector {
      #if canImport(ObjectiveC)
        #selector(DisplayLinkTarget.step(_:))
      #else
        // No Objective-C runtime: Linux only compiles the adapters against stand-ins.
        Selector("step:")
      #endif
    }

    /// Called by the display link once per frame, on the main thread.
    #if canImport(ObjectiveC)
      @objc
    #endif
    func step(_ link: CADisplayLink) {
      guard let driver else {
        link.invalidate()
        marker?.removeFromSuperview()
        return
      }
      driver.displayFrame()
    }
  }

  /// A hidden, zero-size view that reports when it (with its superview) enters or leaves a
  /// window.
  private final class WindowMarkerView: UIView {
    /// The driver told about window changes; once it is gone, the view removes itself.
    weak var driver: DisplayLinkDriver?

    override func didMoveToWindow() {
      super.didMoveToWindow()
      guard let driver else {
        if window != nil { removeFromSuperview() }
        return
      }
      driver.windowChanged(window != nil)
    }
  }
#endif
