#if canImport(UIKit) && !os(watchOS)
  import Foundation
  import Lookahead
  import UIKit

  /// Keeps screens built and laid out before they are pushed, so a push is instant
  /// (SPEC §6.4): a `WarmPool` of view controllers whose warm-up lays each one out in an
  /// off-screen window, purged on memory warnings.
  ///
  /// What to warm, when, and within which budget is decided by the pool's state machine
  /// (`WarmPoolStateMachine`, tested in `Lookahead`); this class only renders.
  ///
  /// ```swift
  /// let screens = ViewControllerWarmPool<Route>(size: window.bounds.size) { route in
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
    private let window: UIWindow
    /// Removed in `deinit`, which is not isolated to the main actor.
    nonisolated(unsafe) private var memoryWarning: (any NSObjectProtocol)?

    /// Creates a pool whose controllers are laid out at `size`.
    ///
    /// - Parameters:
    ///   - size: The size screens are shown at, usually the window's.
    ///   - instancesPerKey: Warm controllers kept per key.
    ///   - memoryBudget: The most total cost kept warm.
    ///   - fastScrollingVelocity: Points per second from which warming pauses.
    ///   - cost: The cost of one controller of a key.
    ///   - make: Builds a controller.
    ///   - prepareForReuse: Resets a controller given back with ``giveBack(_:for:)``.
    public init(
      size: CGSize, instancesPerKey: Int = 1, memoryBudget: Int = .max,
      fastScrollingVelocity: Double = 2500,
      cost: @escaping @MainActor (Key) -> Int = { _ in 1 },
      make: @escaping @MainActor (Key) -> UIViewController,
      prepareForReuse: @escaping @MainActor (UIViewController) -> Void = { _ in }
    ) {
      let window = UIWindow(frame: CGRect(origin: .zero, size: size))
      self.window = window
      pool = WarmPool(
        instancesPerKey: instancesPerKey, memoryBudget: memoryBudget,
        fastScrollingVelocity: fastScrollingVelocity, cost: cost, make: make,
        warmUp: { controller, _ in Self.render(controller, in: window) },
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

    /// Loads the controller's view and lays it out in the off-screen window, then takes
    /// it out again so that it can be pushed.
    private static func render(_ controller: UIViewController, in window: UIWindow) {
      controller.loadViewIfNeeded()
      let view: UIView = controller.view
      view.frame = window.bounds
      window.addSubview(view)
      view.setNeedsLayout()
      view.layoutIfNeeded()
      view.removeFromSuperview()
    }
  }
#endif
