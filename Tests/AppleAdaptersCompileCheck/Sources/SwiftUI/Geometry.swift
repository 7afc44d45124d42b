#if canImport(CoreGraphics)
  import CoreGraphics
#endif

// https://developer.apple.com/documentation/swiftui/axis
// Declared so that a bare `Axis` is as ambiguous here as it is next to Lookahead's on Apple
// platforms.
/// Stand-in for `Axis`.
@frozen public enum Axis: Int8, CaseIterable, Sendable {
  // https://developer.apple.com/documentation/swiftui/axis/horizontal
  /// Stand-in for `horizontal`.
  case horizontal
  // https://developer.apple.com/documentation/swiftui/axis/vertical
  /// Stand-in for `vertical`.
  case vertical
}

// https://developer.apple.com/documentation/swiftui/edgeinsets
/// Stand-in for `EdgeInsets`.
@frozen public struct EdgeInsets: Equatable, Sendable {
  // https://developer.apple.com/documentation/swiftui/edgeinsets/top
  /// Stand-in for `top`.
  public var top: CGFloat
  // https://developer.apple.com/documentation/swiftui/edgeinsets/leading
  /// Stand-in for `leading`.
  public var leading: CGFloat
  // https://developer.apple.com/documentation/swiftui/edgeinsets/bottom
  /// Stand-in for `bottom`.
  public var bottom: CGFloat
  // https://developer.apple.com/documentation/swiftui/edgeinsets/trailing
  /// Stand-in for `trailing`.
  public var trailing: CGFloat

  // https://developer.apple.com/documentation/swiftui/edgeinsets/init()
  /// Stand-in for `init()`.
  public init() {
    self.init(top: 0, leading: 0, bottom: 0, trailing: 0)
  }

  // https://developer.apple.com/documentation/swiftui/edgeinsets/init(top:leading:bottom:trailing:)
  /// Stand-in for `init(top:leading:bottom:trailing:)`.
  public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }
}

// https://developer.apple.com/documentation/swiftui/coordinatespaceprotocol
/// Stand-in for `CoordinateSpaceProtocol`; the adapters only pass its static members.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
public protocol CoordinateSpaceProtocol {}

// https://developer.apple.com/documentation/swiftui/namedcoordinatespace
/// Stand-in for `NamedCoordinateSpace`.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
public struct NamedCoordinateSpace: CoordinateSpaceProtocol, Equatable {}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
extension CoordinateSpaceProtocol where Self == NamedCoordinateSpace {
  // https://developer.apple.com/documentation/swiftui/coordinatespaceprotocol/scrollview
  /// Stand-in for `scrollView`.
  public static var scrollView: NamedCoordinateSpace { standIn() }
}

// https://developer.apple.com/documentation/swiftui/geometryproxy
/// Stand-in for `GeometryProxy`.
public struct GeometryProxy {
  // https://developer.apple.com/documentation/swiftui/geometryproxy/size
  /// Stand-in for `size`.
  public var size: CGSize { standIn() }

  // https://developer.apple.com/documentation/swiftui/geometryproxy/frame(in:)
  /// Stand-in for `frame(in:)`.
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
  public func frame(in coordinateSpace: some CoordinateSpaceProtocol) -> CGRect { standIn() }
}

extension View {
  // https://developer.apple.com/documentation/swiftui/view/ongeometrychange(for:of:action:)
  // (the overload whose action takes the new value)
  /// Stand-in for `onGeometryChange(for:of:action:)`.
  @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, visionOS 1.0, *)
  @preconcurrency nonisolated public func onGeometryChange<T>(
    for type: T.Type, of transform: @escaping @Sendable (GeometryProxy) -> T,
    action: @escaping (T) -> Void
  ) -> some View where T: Equatable, T: Sendable {
    standInView(self)
  }
}
