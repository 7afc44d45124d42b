// https://developer.apple.com/documentation/swiftui/view
/// Stand-in for `View`.
@MainActor @preconcurrency public protocol View {
  // https://developer.apple.com/documentation/swiftui/view/body-swift.associatedtype
  /// Stand-in for `Body`.
  associatedtype Body: View

  // https://developer.apple.com/documentation/swiftui/view/body-swift.property
  /// Stand-in for `body`.
  @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

// https://developer.apple.com/documentation/swift/never
/// Stand-in for `Never`'s conformance: the body of primitive views.
extension Never: View {
  /// Stand-in for `body`.
  public var body: Never { standIn() }
}

// https://developer.apple.com/documentation/swiftui/viewbuilder
/// Stand-in for `ViewBuilder`.
@resultBuilder public struct ViewBuilder {
  // https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)
  /// Stand-in for `buildBlock(_:)`.
  public static func buildBlock<Content>(_ content: Content) -> Content where Content: View {
    content
  }

  // https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:_:)
  /// Stand-in for `buildBlock(_:_:)`.
  public static func buildBlock<C0, C1>(_ c0: C0, _ c1: C1) -> TupleView<(C0, C1)>
  where C0: View, C1: View {
    standIn()
  }

  // https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(first:)
  /// Stand-in for `buildEither(first:)`.
  public static func buildEither<TrueContent, FalseContent>(first: TrueContent)
    -> _ConditionalContent<TrueContent, FalseContent>
  where TrueContent: View, FalseContent: View {
    standIn()
  }

  // https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(second:)
  /// Stand-in for `buildEither(second:)`.
  public static func buildEither<TrueContent, FalseContent>(second: FalseContent)
    -> _ConditionalContent<TrueContent, FalseContent>
  where TrueContent: View, FalseContent: View {
    standIn()
  }
}

// https://developer.apple.com/documentation/swiftui/tupleview
/// Stand-in for `TupleView`.
@frozen public struct TupleView<T>: View {
  /// Stand-in for `body`.
  public var body: Never { standIn() }
}

// https://developer.apple.com/documentation/swiftui/_conditionalcontent
/// Stand-in for `_ConditionalContent`.
@frozen public struct _ConditionalContent<TrueContent, FalseContent> {}

// https://developer.apple.com/documentation/swiftui/_conditionalcontent
/// Stand-in for `_ConditionalContent`'s conformance to `View`.
extension _ConditionalContent: View where TrueContent: View, FalseContent: View {
  /// Stand-in for `body`.
  public var body: Never { standIn() }
}

// https://developer.apple.com/documentation/swiftui/anyview
/// Stand-in for `AnyView`.
@frozen public struct AnyView: View {
  // https://developer.apple.com/documentation/swiftui/anyview/init(_:)-5tt2m
  /// Stand-in for `init(_:)`.
  public init<V>(_ view: V) where V: View { standIn() }

  /// Stand-in for `body`.
  public var body: Never { standIn() }
}

// https://developer.apple.com/documentation/swiftui/viewmodifier
/// Stand-in for `ViewModifier`.
@MainActor @preconcurrency public protocol ViewModifier {
  // https://developer.apple.com/documentation/swiftui/viewmodifier/body-swift.associatedtype
  /// Stand-in for `Body`.
  associatedtype Body: View

  // https://developer.apple.com/documentation/swiftui/viewmodifier/content
  /// Stand-in for `Content`.
  typealias Content = _ViewModifier_Content<Self>

  // https://developer.apple.com/documentation/swiftui/viewmodifier/body(content:)
  /// Stand-in for `body(content:)`.
  @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
}

// https://developer.apple.com/documentation/swiftui/viewmodifier/content
/// Stand-in for the content a `ViewModifier` modifies.
public struct _ViewModifier_Content<Modifier>: View where Modifier: ViewModifier {
  /// Stand-in for `body`.
  public var body: Never { standIn() }
}

// https://developer.apple.com/documentation/swiftui/modifiedcontent
/// Stand-in for `ModifiedContent`.
@frozen public struct ModifiedContent<Content, Modifier> {}

// https://developer.apple.com/documentation/swiftui/modifiedcontent
/// Stand-in for `ModifiedContent`'s conformance to `View`.
extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
  /// Stand-in for `body`.
  public var body: Never { standIn() }
}

// https://developer.apple.com/documentation/swiftui/dynamicproperty
/// Stand-in for `DynamicProperty`.
public protocol DynamicProperty {}

// https://developer.apple.com/documentation/swiftui/state
/// Stand-in for `State`.
@frozen @propertyWrapper public struct State<Value>: DynamicProperty {
  // https://developer.apple.com/documentation/swiftui/state/init(wrappedvalue:)
  /// Stand-in for `init(wrappedValue:)`.
  public init(wrappedValue value: Value) { standIn() }

  // https://developer.apple.com/documentation/swiftui/state/wrappedvalue
  /// Stand-in for `wrappedValue`.
  public var wrappedValue: Value {
    get { standIn() }
    nonmutating set { standIn() }
  }
}

extension State where Value: ExpressibleByNilLiteral {
  // https://developer.apple.com/documentation/swiftui/state/init()
  /// Stand-in for `init()`.
  public init() { standIn() }
}

// https://developer.apple.com/documentation/swiftui/state
/// Stand-in for `State`'s sendability.
extension State: Sendable where Value: Sendable {}
