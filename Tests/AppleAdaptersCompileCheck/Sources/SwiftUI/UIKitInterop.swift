// SwiftUI's bridges to UIKit (the UIKit stand-in), on Apple platforms that have UIKit.

import UIKit

// https://developer.apple.com/documentation/swiftui/uiviewcontrollerrepresentable
/// Stand-in for `UIViewControllerRepresentable`.
@MainActor @preconcurrency public protocol UIViewControllerRepresentable: View
where Self.Body == Never {
  // https://developer.apple.com/documentation/swiftui/uiviewcontrollerrepresentable/uiviewcontrollertype
  /// Stand-in for `UIViewControllerType`.
  associatedtype UIViewControllerType: UIViewController

  // https://developer.apple.com/documentation/swiftui/uiviewcontrollerrepresentable/context
  /// Stand-in for `Context`.
  typealias Context = UIViewControllerRepresentableContext<Self>

  // https://developer.apple.com/documentation/swiftui/uiviewcontrollerrepresentable/makeuiviewcontroller(context:)
  /// Stand-in for `makeUIViewController(context:)`.
  @MainActor @preconcurrency func makeUIViewController(context: Self.Context)
    -> Self.UIViewControllerType

  // https://developer.apple.com/documentation/swiftui/uiviewcontrollerrepresentable/updateuiviewcontroller(_:context:)
  /// Stand-in for `updateUIViewController(_:context:)`.
  @MainActor @preconcurrency func updateUIViewController(
    _ uiViewController: Self.UIViewControllerType, context: Self.Context)
}

extension UIViewControllerRepresentable where Self.Body == Never {
  /// Stand-in for the `body` that representables never define.
  public var body: Never { standIn() }
}

// https://developer.apple.com/documentation/swiftui/uiviewcontrollerrepresentablecontext
/// Stand-in for `UIViewControllerRepresentableContext`.
@MainActor @preconcurrency public struct UIViewControllerRepresentableContext<Representable>
where Representable: UIViewControllerRepresentable {}
