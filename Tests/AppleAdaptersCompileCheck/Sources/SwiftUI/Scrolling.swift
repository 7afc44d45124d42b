#if canImport(CoreGraphics)
  import CoreGraphics
#endif

// https://developer.apple.com/documentation/swiftui/scrollgeometry
/// Stand-in for `ScrollGeometry`.
@available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
public struct ScrollGeometry: Equatable, Sendable {
  // https://developer.apple.com/documentation/swiftui/scrollgeometry/contentoffset
  /// Stand-in for `contentOffset`.
  public var contentOffset: CGPoint {
    get { standIn() }
    set { standIn() }
  }

  // https://developer.apple.com/documentation/swiftui/scrollgeometry/contentsize
  /// Stand-in for `contentSize`.
  public var contentSize: CGSize {
    get { standIn() }
    set { standIn() }
  }

  // https://developer.apple.com/documentation/swiftui/scrollgeometry/contentinsets
  /// Stand-in for `contentInsets`.
  public var contentInsets: EdgeInsets {
    get { standIn() }
    set { standIn() }
  }

  // https://developer.apple.com/documentation/swiftui/scrollgeometry/containersize
  /// Stand-in for `containerSize`.
  public var containerSize: CGSize {
    get { standIn() }
    set { standIn() }
  }
}

// https://developer.apple.com/documentation/swiftui/scrollphase
/// Stand-in for `ScrollPhase`, with the cases the adapters use.
@available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
@frozen public enum ScrollPhase: Equatable, Sendable {
  // https://developer.apple.com/documentation/swiftui/scrollphase/interacting
  /// Stand-in for `interacting`.
  case interacting
  // https://developer.apple.com/documentation/swiftui/scrollphase/decelerating
  /// Stand-in for `decelerating`.
  case decelerating
}

// https://developer.apple.com/documentation/swiftui/scrollphasechangecontext
/// Stand-in for `ScrollPhaseChangeContext`.
@available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
public struct ScrollPhaseChangeContext {
  // https://developer.apple.com/documentation/swiftui/scrollphasechangecontext/velocity
  /// Stand-in for `velocity`.
  public var velocity: CGVector? { standIn() }
}
