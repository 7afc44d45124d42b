// Core Graphics types that Linux's Foundation does not define; UIKit re-exports Core
// Graphics on Apple platforms.

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

// https://developer.apple.com/documentation/corefoundation/cgaffinetransform
/// Stand-in for `CGAffineTransform`.
public struct CGAffineTransform: Sendable, Equatable {
  // https://developer.apple.com/documentation/corefoundation/cgaffinetransform/a
  /// Stand-in for `a`.
  public var a: CGFloat
  // https://developer.apple.com/documentation/corefoundation/cgaffinetransform/b
  /// Stand-in for `b`.
  public var b: CGFloat
  // https://developer.apple.com/documentation/corefoundation/cgaffinetransform/c
  /// Stand-in for `c`.
  public var c: CGFloat
  // https://developer.apple.com/documentation/corefoundation/cgaffinetransform/d
  /// Stand-in for `d`.
  public var d: CGFloat
  // https://developer.apple.com/documentation/corefoundation/cgaffinetransform/tx
  /// Stand-in for `tx`.
  public var tx: CGFloat
  // https://developer.apple.com/documentation/corefoundation/cgaffinetransform/ty
  /// Stand-in for `ty`.
  public var ty: CGFloat

  // https://developer.apple.com/documentation/corefoundation/cgaffinetransform/init(a:b:c:d:tx:ty:)
  /// Stand-in for `init(a:b:c:d:tx:ty:)`.
  public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  // https://developer.apple.com/documentation/corefoundation/cgaffinetransform/inverted()
  /// Stand-in for `inverted()`.
  public func inverted() -> CGAffineTransform { standIn() }
}

extension CGSize {
  // https://developer.apple.com/documentation/corefoundation/cgsize/applying(_:)
  /// Stand-in for `applying(_:)`.
  public func applying(_ t: CGAffineTransform) -> CGSize { standIn() }
}

// https://developer.apple.com/documentation/coregraphics/cgimage
/// Stand-in for `CGImage`.
public final class CGImage {
  // https://developer.apple.com/documentation/coregraphics/cgimage/width
  /// Stand-in for `width`.
  public var width: Int { standIn() }

  // https://developer.apple.com/documentation/coregraphics/cgimage/height
  /// Stand-in for `height`.
  public var height: Int { standIn() }

  // https://developer.apple.com/documentation/coregraphics/cgimage/bytesperrow
  /// Stand-in for `bytesPerRow`.
  public var bytesPerRow: Int { standIn() }

  private init() { standIn() }
}
