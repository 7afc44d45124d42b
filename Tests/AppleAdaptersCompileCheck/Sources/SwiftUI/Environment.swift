// https://developer.apple.com/documentation/swiftui/environmentkey
/// Stand-in for `EnvironmentKey`.
public protocol EnvironmentKey {
  // https://developer.apple.com/documentation/swiftui/environmentkey/value
  /// Stand-in for `Value`.
  associatedtype Value

  // https://developer.apple.com/documentation/swiftui/environmentkey/defaultvalue
  /// Stand-in for `defaultValue`.
  static var defaultValue: Self.Value { get }
}

// https://developer.apple.com/documentation/swiftui/environmentvalues
/// Stand-in for `EnvironmentValues`.
public struct EnvironmentValues {
  // https://developer.apple.com/documentation/swiftui/environmentvalues/subscript(_:)
  /// Stand-in for `subscript(_:)`.
  public subscript<K>(key: K.Type) -> K.Value where K: EnvironmentKey {
    get { standIn() }
    set { standIn() }
  }
}

// https://developer.apple.com/documentation/swiftui/environment
/// Stand-in for `Environment`.
@frozen @propertyWrapper public struct Environment<Value>: DynamicProperty {
  // https://developer.apple.com/documentation/swiftui/environment/init(_:)
  /// Stand-in for `init(_:)`.
  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { standIn() }

  // https://developer.apple.com/documentation/swiftui/environment/wrappedvalue
  /// Stand-in for `wrappedValue`.
  public var wrappedValue: Value { standIn() }
}

extension View {
  // https://developer.apple.com/documentation/swiftui/view/environment(_:_:)
  /// Stand-in for `environment(_:_:)`.
  nonisolated public func environment<V>(
    _ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V
  ) -> some View {
    standInView(self)
  }
}
