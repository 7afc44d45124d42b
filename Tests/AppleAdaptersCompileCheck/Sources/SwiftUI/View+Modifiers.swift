extension View {
  // https://developer.apple.com/documentation/swiftui/view/modifier(_:)
  /// Stand-in for `modifier(_:)`.
  nonisolated public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> { standIn() }

  // https://developer.apple.com/documentation/swiftui/view/onappear(perform:)
  /// Stand-in for `onAppear(perform:)`.
  nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View {
    standInView(self)
  }

  // https://developer.apple.com/documentation/swiftui/view/ondisappear(perform:)
  /// Stand-in for `onDisappear(perform:)`.
  nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> some View {
    standInView(self)
  }

  // https://developer.apple.com/documentation/swiftui/view/id(_:)
  /// Stand-in for `id(_:)`.
  nonisolated public func id<ID>(_ id: ID) -> some View where ID: Hashable {
    standInView(self)
  }

  // https://developer.apple.com/documentation/swiftui/view/task(name:priority:file:line:_:)
  // The page omits underscored attributes; SwiftUI's interface marks the action
  // `@_inheritActorContext`, so that it runs on the view's actor (the main actor).
  /// Stand-in for `task(name:priority:file:line:_:)`.
  nonisolated public func task(
    name: String? = nil, priority: TaskPriority = .userInitiated, file: String = #fileID,
    line: Int = #line,
    @_inheritActorContext _ action: sending @escaping @isolated(any) () async -> Void
  ) -> some View {
    standInView(self)
  }

  // https://developer.apple.com/documentation/swiftui/view/onscrollgeometrychange(for:of:action:)
  /// Stand-in for `onScrollGeometryChange(for:of:action:)`.
  @available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  nonisolated public func onScrollGeometryChange<T>(
    for type: T.Type, of transform: @escaping (ScrollGeometry) -> T,
    action: @escaping (T, T) -> Void
  ) -> some View where T: Equatable {
    standInView(self)
  }

  // https://developer.apple.com/documentation/swiftui/view/onscrollphasechange(_:)
  // (the overload whose action also takes a ScrollPhaseChangeContext)
  /// Stand-in for `onScrollPhaseChange(_:)`.
  @available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  nonisolated public func onScrollPhaseChange(
    _ action: @escaping (ScrollPhase, ScrollPhase, ScrollPhaseChangeContext) -> Void
  ) -> some View {
    standInView(self)
  }
}
