#if canImport(CoreGraphics)
  import CoreGraphics
#endif

// https://developer.apple.com/documentation/uikit/uiresponder
/// Stand-in for `UIResponder`.
@MainActor open class UIResponder: NSObject {}

// https://developer.apple.com/documentation/uikit/uiview
/// Stand-in for `UIView`.
@MainActor open class UIView: UIResponder {
  // https://developer.apple.com/documentation/uikit/uiview/init(frame:)
  /// Stand-in for `init(frame:)`.
  public init(frame: CGRect) { standIn() }

  // https://developer.apple.com/documentation/uikit/uiview/bounds
  /// Stand-in for `bounds`.
  open var bounds: CGRect {
    get { standIn() }
    set { standIn() }
  }

  // https://developer.apple.com/documentation/uikit/uiview/frame
  /// Stand-in for `frame`.
  open var frame: CGRect {
    get { standIn() }
    set { standIn() }
  }

  // https://developer.apple.com/documentation/uikit/uiview/addsubview(_:)
  /// Stand-in for `addSubview(_:)`.
  open func addSubview(_ view: UIView) { standIn() }

  // https://developer.apple.com/documentation/uikit/uiview/removefromsuperview()
  /// Stand-in for `removeFromSuperview()`.
  open func removeFromSuperview() { standIn() }

  // https://developer.apple.com/documentation/uikit/uiview/setneedslayout()
  /// Stand-in for `setNeedsLayout()`.
  open func setNeedsLayout() { standIn() }

  // https://developer.apple.com/documentation/uikit/uiview/layoutifneeded()
  /// Stand-in for `layoutIfNeeded()`.
  open func layoutIfNeeded() { standIn() }
}

// https://developer.apple.com/documentation/uikit/uiwindow
/// Stand-in for `UIWindow`; `init(frame:)` is inherited from `UIView`.
@MainActor open class UIWindow: UIView {}

// https://developer.apple.com/documentation/uikit/uiimage
/// Stand-in for `UIImage`.
open class UIImage: NSObject {}

// https://developer.apple.com/documentation/uikit/uiimageview
/// Stand-in for `UIImageView`.
@MainActor open class UIImageView: UIView {
  // https://developer.apple.com/documentation/uikit/uiimageview/image
  /// Stand-in for `image`.
  open var image: UIImage? {
    get { standIn() }
    set { standIn() }
  }
}

// https://developer.apple.com/documentation/uikit/uiviewcontroller
/// Stand-in for `UIViewController`.
@MainActor open class UIViewController: UIResponder {
  // https://developer.apple.com/documentation/uikit/uiviewcontroller/view
  /// Stand-in for `view`.
  open var view: UIView! {
    get { standIn() }
    set { standIn() }
  }

  // https://developer.apple.com/documentation/uikit/uiviewcontroller/loadviewifneeded()
  /// Stand-in for `loadViewIfNeeded()`.
  open func loadViewIfNeeded() { standIn() }
}

// https://developer.apple.com/documentation/uikit/uiapplication
/// Stand-in for `UIApplication`.
@MainActor open class UIApplication: UIResponder {
  // https://developer.apple.com/documentation/uikit/uiapplication/didreceivememorywarningnotification
  /// Stand-in for `didReceiveMemoryWarningNotification`.
  nonisolated public static let didReceiveMemoryWarningNotification = NSNotification.Name(
    "UIApplicationDidReceiveMemoryWarningNotification")

  // https://developer.apple.com/documentation/uikit/uiapplication/didenterbackgroundnotification
  /// Stand-in for `didEnterBackgroundNotification`.
  nonisolated public static let didEnterBackgroundNotification = NSNotification.Name(
    "UIApplicationDidEnterBackgroundNotification")

  // https://developer.apple.com/documentation/uikit/uiapplication/willenterforegroundnotification
  /// Stand-in for `willEnterForegroundNotification`.
  nonisolated public static let willEnterForegroundNotification = NSNotification.Name(
    "UIApplicationWillEnterForegroundNotification")
}
