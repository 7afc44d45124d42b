// The Objective-C runtime's selector type, which Foundation and UIKit re-export on Apple
// platforms. Linux has no Objective-C runtime: `#selector` and `@objc` do not compile
// there, so the adapters spell them only under `#if canImport(ObjectiveC)`.

// https://developer.apple.com/documentation/objectivec/selector
/// Stand-in for `Selector`.
public struct Selector: Sendable {
  // https://developer.apple.com/documentation/objectivec/selector/init(_:)
  /// Stand-in for `init(_:)`.
  public init(_ str: String) { standIn() }
}
