// https://developer.apple.com/documentation/swiftui/app
/// Stand-in for `App`.
@MainActor @preconcurrency public protocol App {
  // https://developer.apple.com/documentation/swiftui/app/body-swift.associatedtype
  /// Stand-in for `Body`.
  associatedtype Body: Scene

  // https://developer.apple.com/documentation/swiftui/app/body-swift.property
  /// Stand-in for `body`.
  @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }

  // https://developer.apple.com/documentation/swiftui/app/init()
  /// Stand-in for `init()`.
  @MainActor @preconcurrency init()
}

extension App {
  // https://developer.apple.com/documentation/swiftui/app/main()
  /// Stand-in for `main()`.
  @MainActor @preconcurrency public static func main() { standIn() }
}

// https://developer.apple.com/documentation/swiftui/scene
/// Stand-in for `Scene`.
@MainActor @preconcurrency public protocol Scene {
  // https://developer.apple.com/documentation/swiftui/scene/body-swift.associatedtype
  /// Stand-in for `Body`.
  associatedtype Body: Scene

  // https://developer.apple.com/documentation/swiftui/scene/body-swift.property
  /// Stand-in for `body`.
  @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

// https://developer.apple.com/documentation/swift/never
/// Stand-in for `Never`'s conformance: the body of primitive scenes.
extension Never: Scene {}

// https://developer.apple.com/documentation/swiftui/scenebuilder
/// Stand-in for `SceneBuilder`.
@resultBuilder public struct SceneBuilder {
  // https://developer.apple.com/documentation/swiftui/scenebuilder/buildblock(_:)
  /// Stand-in for `buildBlock(_:)`.
  public static func buildBlock<Content>(_ content: Content) -> Content where Content: Scene {
    content
  }
}

// https://developer.apple.com/documentation/swiftui/windowgroup
/// Stand-in for `WindowGroup`.
public struct WindowGroup<Content>: Scene where Content: View {
  // https://developer.apple.com/documentation/swiftui/windowgroup/init(content:)
  /// Stand-in for `init(content:)`.
  nonisolated public init(@ViewBuilder content: () -> Content) { standIn() }

  /// Stand-in for `body`.
  public var body: Never { standIn() }
}
