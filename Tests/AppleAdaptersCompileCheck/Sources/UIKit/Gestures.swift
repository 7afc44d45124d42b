#if canImport(CoreGraphics)
  import CoreGraphics
#endif

// https://developer.apple.com/documentation/uikit/uigesturerecognizer
/// Stand-in for `UIGestureRecognizer`.
@MainActor open class UIGestureRecognizer: NSObject {
  // https://developer.apple.com/documentation/uikit/uigesturerecognizer/state-swift.enum
  /// Stand-in for `UIGestureRecognizer.State`, with the cases the adapters use.
  public enum State: Int, @unchecked Sendable {
    // https://developer.apple.com/documentation/uikit/uigesturerecognizer/state-swift.enum/began
    /// Stand-in for `began`.
    case began = 1
    // https://developer.apple.com/documentation/uikit/uigesturerecognizer/state-swift.enum/changed
    /// Stand-in for `changed`.
    case changed = 2
  }

  // https://developer.apple.com/documentation/uikit/uigesturerecognizer/state-swift.property
  /// Stand-in for `state`.
  open var state: UIGestureRecognizer.State {
    get { standIn() }
    set { standIn() }
  }
}

// https://developer.apple.com/documentation/uikit/uipangesturerecognizer
/// Stand-in for `UIPanGestureRecognizer`.
@MainActor open class UIPanGestureRecognizer: UIGestureRecognizer {
  // https://developer.apple.com/documentation/uikit/uipangesturerecognizer/velocity(in:)
  /// Stand-in for `velocity(in:)`.
  open func velocity(in view: UIView?) -> CGPoint { standIn() }
}
