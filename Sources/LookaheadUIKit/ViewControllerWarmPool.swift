#if canImport(UIKit) && !os(watchOS)
  import Foundation
  import Lookahead
  import UIKit

  /// Keeps screens built and laid out before they are pushed, so a push is instant: a
  /// `WarmPool` of view controllers whose warm-up lays each one out in a hidden window of
  /// the app's window scene, purged on memory warnings.
  ///
  /// The warm window is made with `UIWindow(windowScene:)` in the scene of the app's window,
  /// kept hidden, given that window's size and its interface style override before each
  /// warm-up: screens are laid out with the scene's traits and safe areas, the ones they are
  /// shown with. Before the app's window is in a scene, a warm-up only loads the view.
  ///
  /// What to warm, when, and within which budget is decided by the pool's state machine
  /// (`WarmPoolStateMachine`, tested in `Lookahead`); this class only renders.
  ///
  /// ```swift
  /// let screens = ViewControllerWarmPool<Route>(window: window) { route in
  ///   route.makeViewController()
  /// }
  /// screens.setLikelyNext([(.orders, 0.6)])
  /// navigationController.pushViewController(screens.take(.orders), animated: true)
  /// ```
  ///
  /// Thread-safety: `@MainActor`.
  @MainActor
  public final class ViewControllerWarmPool<Key: Hashable & Sendable> {
    /// The pool of warm controllers; its scheduling is `WarmPool`'s.
    public let pool: WarmPool<Key, UIViewController>
    /// Removed in `deinit`, which is not isolated to the main actor.
    nonisolated(unsafe) private var memoryWarning: (any NSObjectProtocol)?

    /// Creates a pool whose controllers are laid out like the screens of `window`.
    ///
    /// - Parameters:
    ///   - window: The app's window, where the screens are shown; not retained. Warm-ups
    ///     happen in a hidden window of its scene, at its size.
    ///   - instancesPerKey: Warm controllers kept per key.
    ///   - memoryBudget: The most total cost kept warm.
    ///   - fastScrollingVelocity: Points per second from which warming pauses.
    ///   - cost: The cost of one controller of a key.
    ///   - make: Builds a controller.
    ///   - prepareForReuse: Resets a controller given back with ``giveBack(_:for:)``.
    public init(
      window: UIWindow, instancesPerKey: Int = 1, memoryBudget: Int = .max,
      fastScrollingVelocity: Double = 2500,
      cost: @escaping @MainActor (Key) -> Int = { _ in 1 },
      make: @escaping @MainActor (Key) -> UIViewController,
      prepareForReuse: @escaping @MainActor (UIViewController) -> Void = { _ in }
    ) {
      let stage = WarmStage(appWindow: window)
      pool = WarmPool(
        instancesPerKey: instancesPerKey, memoryBudget: memoryBudget,
        fastScrollingVelocity: fastScrollingVelocity, cost: cost, make: make,
        warmUp: { controller, _ in stage.render(controller) },
        prepareForReuse: prepareForReuse)
      memoryWarning = NotificationCenter.default.addObserver(
        forName: UIApplication.didReceiveMemoryWarningNotification, object: nil, queue: .main
      ) { [weak self] _ in
        MainActor.assumeIsolated { self?.purge() }
      }
    }

    deinit {
      memoryWarning.map(NotificationCenter.default.removeObserver)
    }

    /// A controller for `key`: a warm one at once, or one built now; a replacement is
    /// warmed afterwards.
    ///
    /// - Parameter key: The screen.
    /// - Returns: The controller, ready to push.
    public func take(_ key: Key) -> UIViewController { pool.take(key) }

    /// Gives back a controller the app no longer shows, to be reused.
    ///
    /// - Parameters:
    ///   - controller: The controller.
    ///   - key: Its screen.
    public func giveBack(_ controller: UIViewController, for key: Key) {
      pool.giveBack(controller, for: key)
    }

    /// Registers the screens the user is likely to open next, with probabilities in
    /// `0...1`.
    ///
    /// - Parameter candidates: The screens and their probabilities.
    public func setLikelyNext(_ candidates: [(key: Key, probability: Double)]) {
      pool.setLikelyNext(candidates)
    }

    /// Reports the list's scrolling speed; warming pauses while it is fast.
    ///
    /// - Parameter velocity: Points per second.
    public func scrolled(velocity: Double) { pool.scrolled(velocity: velocity) }

    /// Releases every warm controller (the pool does it on memory warnings).
    public func purge() { pool.purge() }
  }

  /// The hidden window screens are laid out in: one of the app window's scene, made when
  /// first needed and again if the app's window moves to another scene.
  @MainActor
  private final class WarmStage {
    private weak var appWindow: UIWindow?
    private var window: UIWindow?

    init(appWindow: UIWindow) {
      self.appWindow = appWindow
    }

    /// Loads the controller's view and lays it out in the hidden window, at the app
    /// window's size and interface style, then takes it out again so that it can be
    /// pushed. Without a scene, only loads the view.
    func render(_ controller: UIViewController) {
      controller.loadViewIfNeeded()
      guard let appWindow, let window = window(for: appWindow) else { return }
      window.frame = appWindow.frame
      window.overrideUserInterfaceStyle = appWindow.overrideUserInterfaceStyle
      let view: UIView = controller.view
      view.frame = window.bounds
      window.addSubview(view)
      view.setNeedsLayout()
      view.layoutIfNeeded()
      view.removeFromSuperview()
    }

    /// The hidden window in the scene of `appWindow`, or `nil` while it has none.
    private func window(for appWindow: UIWindow) -> UIWindow? {
      guard let scene = appWindow.windowScene else { return nil }
      if let window, window.windowScene === scene { return window }
      let window = UIWindow(windowScene: scene)
      window.isHidden = true
      self.window = window
      return window
    }
  }
#endif
