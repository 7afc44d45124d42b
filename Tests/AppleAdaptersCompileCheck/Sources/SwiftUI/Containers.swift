// https://developer.apple.com/documentation/swiftui/list
/// Stand-in for `List`.
public struct List<SelectionValue, Content>: View where SelectionValue: Hashable, Content: View {
  /// Stand-in for `body`.
  public var body: Never { standIn() }
}

extension List where SelectionValue == Never {
  // https://developer.apple.com/documentation/swiftui/list/init(_:rowcontent:)-3vn6i
  /// Stand-in for `init(_:rowContent:)`.
  nonisolated public init<Data, RowContent>(
    _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
  )
  where
    Content == ForEach<Data, Data.Element.ID, RowContent>, Data: RandomAccessCollection,
    RowContent: View, Data.Element: Identifiable
  {
    standIn()
  }
}

// https://developer.apple.com/documentation/swiftui/foreach
/// Stand-in for `ForEach`.
public struct ForEach<Data, ID, Content> where Data: RandomAccessCollection, ID: Hashable {}

// https://developer.apple.com/documentation/swiftui/foreach
/// Stand-in for `ForEach`'s conformance to `View`.
extension ForEach: View where Content: View {
  /// Stand-in for `body`.
  public var body: Never { standIn() }
}

// https://developer.apple.com/documentation/swiftui/tabview
/// Stand-in for `TabView`.
public struct TabView<SelectionValue, Content>: View
where SelectionValue: Hashable, Content: View {
  /// Stand-in for `body`.
  public var body: Never { standIn() }
}

extension TabView where SelectionValue == Int {
  // https://developer.apple.com/documentation/swiftui/tabview/init(content:)
  /// Stand-in for `init(content:)`.
  nonisolated public init(@ViewBuilder content: () -> Content) { standIn() }
}

extension View {
  // https://developer.apple.com/documentation/swiftui/view/tabitem(_:)
  /// Stand-in for `tabItem(_:)`.
  nonisolated public func tabItem<V>(@ViewBuilder _ label: () -> V) -> some View
  where V: View {
    standInView(self)
  }
}

// https://developer.apple.com/documentation/swiftui/localizedstringkey
/// Stand-in for `LocalizedStringKey`.
@frozen public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation, Sendable {
  // https://developer.apple.com/documentation/swiftui/localizedstringkey/init(stringliteral:)
  /// Stand-in for `init(stringLiteral:)`.
  public init(stringLiteral value: String) { standIn() }
}

// https://developer.apple.com/documentation/swiftui/text
/// Stand-in for `Text`.
@frozen public struct Text: Equatable, Sendable, View {
  /// Stand-in for `body`.
  public var body: Never { standIn() }
}

// https://developer.apple.com/documentation/swiftui/label
/// Stand-in for `Label`.
public struct Label<Title, Icon>: View where Title: View, Icon: View {
  /// Stand-in for `body`.
  public var body: Never { standIn() }
}

extension Label where Title == Text, Icon == Image {
  // https://developer.apple.com/documentation/swiftui/label/init(_:systemimage:)-7imhf
  /// Stand-in for `init(_:systemImage:)`.
  nonisolated public init(_ titleKey: LocalizedStringKey, systemImage name: String) {
    standIn()
  }
}
