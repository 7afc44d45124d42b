#if canImport(CoreGraphics)
  import CoreGraphics
#endif

// https://developer.apple.com/documentation/uikit/uigraphicsrendererformat
/// Stand-in for `UIGraphicsRendererFormat`.
open class UIGraphicsRendererFormat: NSObject {}

// https://developer.apple.com/documentation/uikit/uigraphicsimagerendererformat
/// Stand-in for `UIGraphicsImageRendererFormat`.
open class UIGraphicsImageRendererFormat: UIGraphicsRendererFormat {
  // https://developer.apple.com/documentation/uikit/uigraphicsimagerendererformat/scale
  /// Stand-in for `scale`.
  open var scale: CGFloat {
    get { standIn() }
    set { standIn() }
  }
}

// https://developer.apple.com/documentation/uikit/uigraphicsrenderercontext
/// Stand-in for `UIGraphicsRendererContext`.
open class UIGraphicsRendererContext: NSObject {
  // https://developer.apple.com/documentation/uikit/uigraphicsrenderercontext/fill(_:)
  /// Stand-in for `fill(_:)`.
  open func fill(_ rect: CGRect) { standIn() }
}

// https://developer.apple.com/documentation/uikit/uigraphicsimagerenderercontext
/// Stand-in for `UIGraphicsImageRendererContext`.
open class UIGraphicsImageRendererContext: UIGraphicsRendererContext {}

// https://developer.apple.com/documentation/uikit/uigraphicsrenderer
/// Stand-in for `UIGraphicsRenderer`.
open class UIGraphicsRenderer: NSObject {}

// https://developer.apple.com/documentation/uikit/uigraphicsimagerenderer
/// Stand-in for `UIGraphicsImageRenderer`.
open class UIGraphicsImageRenderer: UIGraphicsRenderer {
  // https://developer.apple.com/documentation/uikit/uigraphicsimagerenderer/init(size:format:)
  /// Stand-in for `init(size:format:)`.
  public init(size: CGSize, format: UIGraphicsImageRendererFormat) { standIn() }

  // https://developer.apple.com/documentation/uikit/uigraphicsimagerenderer/image(actions:)
  /// Stand-in for `image(actions:)`.
  open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage { standIn() }
}
