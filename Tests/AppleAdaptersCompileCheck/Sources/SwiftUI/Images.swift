import UIKit

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

// https://developer.apple.com/documentation/swiftui/image
/// Stand-in for `Image`.
@frozen public struct Image: Equatable, Sendable, View {
  // https://developer.apple.com/documentation/swiftui/image/init(uiimage:)
  /// Stand-in for `init(uiImage:)`.
  public init(uiImage: UIImage) { standIn() }

  // https://developer.apple.com/documentation/swiftui/image/init(systemname:)
  /// Stand-in for `init(systemName:)`.
  public init(systemName: String) { standIn() }

  // https://developer.apple.com/documentation/swiftui/image/resizable(capinsets:resizingmode:)
  /// Stand-in for `resizable(capInsets:resizingMode:)`.
  public func resizable(
    capInsets: EdgeInsets = EdgeInsets(), resizingMode: Image.ResizingMode = .stretch
  ) -> Image {
    standIn()
  }

  /// Stand-in for `body`.
  public var body: Never { standIn() }
}

extension Image {
  // https://developer.apple.com/documentation/swiftui/image/resizingmode
  /// Stand-in for `Image.ResizingMode`.
  public enum ResizingMode: Sendable {
    // https://developer.apple.com/documentation/swiftui/image/resizingmode/tile
    /// Stand-in for `tile`.
    case tile
    // https://developer.apple.com/documentation/swiftui/image/resizingmode/stretch
    /// Stand-in for `stretch`.
    case stretch
  }
}

// https://developer.apple.com/documentation/swiftui/color
/// Stand-in for `Color`.
@frozen public struct Color: Hashable, Sendable, View {
  // https://developer.apple.com/documentation/swiftui/color/gray
  /// Stand-in for `gray`.
  public static var gray: Color { standIn() }

  // https://developer.apple.com/documentation/swiftui/color/opacity(_:)
  /// Stand-in for `opacity(_:)`.
  public func opacity(_ opacity: Double) -> Color { standIn() }

  /// Stand-in for `body`.
  public var body: Never { standIn() }
}

// https://developer.apple.com/documentation/swiftui/alignment
/// Stand-in for `Alignment`.
@frozen public struct Alignment: Equatable, Sendable {
  // https://developer.apple.com/documentation/swiftui/alignment/center
  /// Stand-in for `center`.
  public static var center: Alignment { standIn() }
}

extension View {
  // https://developer.apple.com/documentation/swiftui/view/scaledtofill()
  /// Stand-in for `scaledToFill()`.
  nonisolated public func scaledToFill() -> some View { standInView(self) }

  // https://developer.apple.com/documentation/swiftui/view/frame(width:height:alignment:)
  /// Stand-in for `frame(width:height:alignment:)`.
  nonisolated public func frame(
    width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center
  ) -> some View {
    standInView(self)
  }

  // https://developer.apple.com/documentation/swiftui/view/clipped(antialiased:)
  /// Stand-in for `clipped(antialiased:)`.
  nonisolated public func clipped(antialiased: Bool = false) -> some View { standInView(self) }
}
