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

  // https://developer.apple.com/documentation/uikit/uiview/init(coder:)
  /// Stand-in for `init(coder:)`.
  public required init?(coder: NSCoder) { standIn() }

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

  // https://developer.apple.com/documentation/uikit/uiview/transform
  /// Stand-in for `transform`.
  open var transform: CGAffineTransform {
    get { standIn() }
    set { standIn() }
  }

  // https://developer.apple.com/documentation/uikit/uiview/superview
  /// Stand-in for `superview`.
  open var superview: UIView? { standIn() }

  // https://developer.apple.com/documentation/uikit/uiview/window
  /// Stand-in for `window`.
  open var window: UIWindow? { standIn() }

  // https://developer.apple.com/documentation/uikit/uiview/ishidden
  /// Stand-in for `isHidden`.
  open var isHidden: Bool {
    get { standIn() }
    set { standIn() }
  }

  // https://developer.apple.com/documentation/uikit/uiview/isuserinteractionenabled
  /// Stand-in for `isUserInteractionEnabled`.
  open var isUserInteractionEnabled: Bool {
    get { standIn() }
    set { standIn() }
  }

  // https://developer.apple.com/documentation/uikit/uiview/backgroundcolor
  /// Stand-in for `backgroundColor`.
  open var backgroundColor: UIColor? {
    get { standIn() }
    set { standIn() }
  }

  // https://developer.apple.com/documentation/uikit/uiview/clipstobounds
  /// Stand-in for `clipsToBounds`.
  open var clipsToBounds: Bool {
    get { standIn() }
    set { standIn() }
  }

  // https://developer.apple.com/documentation/uikit/uiview/contentmode-swift.property
  /// Stand-in for `contentMode`.
  open var contentMode: UIView.ContentMode {
    get { standIn() }
    set { standIn() }
  }

  // https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.property
  /// Stand-in for `autoresizingMask`.
  open var autoresizingMask: UIView.AutoresizingMask {
    get { standIn() }
    set { standIn() }
  }

  // https://developer.apple.com/documentation/uikit/uiview/overrideuserinterfacestyle
  /// Stand-in for `overrideUserInterfaceStyle`.
  open var overrideUserInterfaceStyle: UIUserInterfaceStyle {
    get { standIn() }
    set { standIn() }
  }

  // https://developer.apple.com/documentation/uikit/uiview/addsubview(_:)
  /// Stand-in for `addSubview(_:)`.
  open func addSubview(_ view: UIView) { standIn() }

  // https://developer.apple.com/documentation/uikit/uiview/removefromsuperview()
  /// Stand-in for `removeFromSuperview()`.
  open func removeFromSuperview() { standIn() }

  // https://developer.apple.com/documentation/uikit/uiview/didmovetowindow()
  /// Stand-in for `didMoveToWindow()`.
  open func didMoveToWindow() { standIn() }

  // https://developer.apple.com/documentation/uikit/uiview/layoutsubviews()
  /// Stand-in for `layoutSubviews()`.
  open func layoutSubviews() { standIn() }

  // https://developer.apple.com/documentation/uikit/uiview/setneedslayout()
  /// Stand-in for `setNeedsLayout()`.
  open func setNeedsLayout() { standIn() }

  // https://developer.apple.com/documentation/uikit/uiview/layoutifneeded()
  /// Stand-in for `layoutIfNeeded()`.
  open func layoutIfNeeded() { standIn() }
}

extension UIView {
  // https://developer.apple.com/documentation/uikit/uiview/contentmode-swift.enum
  /// Stand-in for `UIView.ContentMode`, with the cases the adapters and the example use.
  public enum ContentMode: Int, @unchecked Sendable {
    // https://developer.apple.com/documentation/uikit/uiview/contentmode-swift.enum/scaleaspectfill
    /// Stand-in for `scaleAspectFill`.
    case scaleAspectFill = 2
  }

  // https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct
  /// Stand-in for `UIView.AutoresizingMask`, with the options the example uses.
  public struct AutoresizingMask: OptionSet, @unchecked Sendable {
    /// The raw bits.
    public let rawValue: UInt
    /// Creates a mask from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    // https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct/flexiblewidth
    /// Stand-in for `flexibleWidth`.
    public static var flexibleWidth: UIView.AutoresizingMask { standIn() }

    // https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct/flexibleheight
    /// Stand-in for `flexibleHeight`.
    public static var flexibleHeight: UIView.AutoresizingMask { standIn() }
  }
}

// https://developer.apple.com/documentation/uikit/uiuserinterfacestyle
/// Stand-in for `UIUserInterfaceStyle`.
public enum UIUserInterfaceStyle: Int, @unchecked Sendable {
  // https://developer.apple.com/documentation/uikit/uiuserinterfacestyle/unspecified
  /// Stand-in for `unspecified`.
  case unspecified = 0
  // https://developer.apple.com/documentation/uikit/uiuserinterfacestyle/light
  /// Stand-in for `light`.
  case light = 1
  // https://developer.apple.com/documentation/uikit/uiuserinterfacestyle/dark
  /// Stand-in for `dark`.
  case dark = 2
}

// https://developer.apple.com/documentation/uikit/uiscene
/// Stand-in for `UIScene`.
@MainActor open class UIScene: UIResponder {}

// https://developer.apple.com/documentation/uikit/uiwindowscene
/// Stand-in for `UIWindowScene`.
@MainActor open class UIWindowScene: UIScene {}

// https://developer.apple.com/documentation/uikit/uiwindow
/// Stand-in for `UIWindow`.
@MainActor open class UIWindow: UIView {
  // https://developer.apple.com/documentation/uikit/uiwindow/init(frame:)
  /// Stand-in for `init(frame:)`.
  public override init(frame: CGRect) { standIn() }

  // https://developer.apple.com/documentation/uikit/uiwindow/init(windowscene:)
  /// Stand-in for `init(windowScene:)`.
  public init(windowScene: UIWindowScene) { standIn() }

  // https://developer.apple.com/documentation/uikit/uiview/init(coder:)
  /// Stand-in for `init(coder:)`.
  public required init?(coder: NSCoder) { standIn() }

  // https://developer.apple.com/documentation/uikit/uiwindow/windowscene
  /// Stand-in for `windowScene`.
  open var windowScene: UIWindowScene? {
    get { standIn() }
    set { standIn() }
  }
}

// https://developer.apple.com/documentation/uikit/uiimage
// UIKit declares images Sendable: they are immutable.
/// Stand-in for `UIImage`.
open class UIImage: NSObject, @unchecked Sendable {
  // https://developer.apple.com/documentation/uikit/uiimage/init(cgimage:)-14qlb
  /// Stand-in for `init(cgImage:)`.
  public init(cgImage: CGImage) { standIn() }

  // https://developer.apple.com/documentation/uikit/uiimage/init(systemname:)
  /// Stand-in for `init(systemName:)`.
  public init?(systemName name: String) { standIn() }

  // https://developer.apple.com/documentation/uikit/uiimage/cgimage
  /// Stand-in for `cgImage`.
  open var cgImage: CGImage? { standIn() }
}

// https://developer.apple.com/documentation/uikit/uicolor
// UIKit declares colors Sendable: they are immutable.
/// Stand-in for `UIColor`.
open class UIColor: NSObject, @unchecked Sendable {
  // https://developer.apple.com/documentation/uikit/uicolor/init(hue:saturation:brightness:alpha:)
  /// Stand-in for `init(hue:saturation:brightness:alpha:)`.
  public init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
    standIn()
  }

  // https://developer.apple.com/documentation/uikit/uicolor/setfill()
  /// Stand-in for `setFill()`.
  open func setFill() { standIn() }

  // https://developer.apple.com/documentation/uikit/uicolor/secondarysystembackground
  /// Stand-in for `secondarySystemBackground`.
  open class var secondarySystemBackground: UIColor { standIn() }
}

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
  // https://developer.apple.com/documentation/uikit/uiviewcontroller/init(nibname:bundle:)
  /// Stand-in for `init(nibName:bundle:)`.
  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { standIn() }

  // https://developer.apple.com/documentation/uikit/uiviewcontroller/init(coder:)
  /// Stand-in for `init(coder:)`.
  public required init?(coder: NSCoder) { standIn() }

  // https://developer.apple.com/documentation/uikit/uiviewcontroller/view
  /// Stand-in for `view`.
  open var view: UIView! {
    get { standIn() }
    set { standIn() }
  }

  // https://developer.apple.com/documentation/uikit/uiviewcontroller/title
  /// Stand-in for `title`.
  open var title: String? {
    get { standIn() }
    set { standIn() }
  }

  // https://developer.apple.com/documentation/uikit/uiviewcontroller/loadviewifneeded()
  /// Stand-in for `loadViewIfNeeded()`.
  open func loadViewIfNeeded() { standIn() }

  // https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdidload()
  /// Stand-in for `viewDidLoad()`.
  open func viewDidLoad() { standIn() }

  // https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdidappear(_:)
  /// Stand-in for `viewDidAppear(_:)`.
  open func viewDidAppear(_ animated: Bool) { standIn() }
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
