// Key-value observing in Swift comes from Apple's Foundation overlay, which
// swift-corelibs-foundation does not have; UIKit re-exports it on Apple platforms.

// https://developer.apple.com/documentation/foundation/nskeyvalueobservingoptions
/// Stand-in for `NSKeyValueObservingOptions`.
public struct NSKeyValueObservingOptions: OptionSet, Sendable {
  /// The raw bits.
  public let rawValue: UInt
  /// Creates options from raw bits.
  public init(rawValue: UInt) { self.rawValue = rawValue }
}

// https://developer.apple.com/documentation/foundation/nskeyvalueobservedchange
/// Stand-in for `NSKeyValueObservedChange`.
public struct NSKeyValueObservedChange<Value> {}

// https://developer.apple.com/documentation/foundation/nskeyvalueobservation
/// Stand-in for `NSKeyValueObservation`.
public class NSKeyValueObservation: NSObject {}

// https://developer.apple.com/documentation/objectivec/nsobject-swift.class/observe(_:options:changehandler:)
/// Stand-in for Foundation's `_KeyValueCodingAndObserving`, to which `NSObject` conforms.
public protocol _KeyValueCodingAndObserving {}

extension NSObject: _KeyValueCodingAndObserving {}

extension _KeyValueCodingAndObserving {
  // https://developer.apple.com/documentation/objectivec/nsobject-swift.class/observe(_:options:changehandler:)
  /// Stand-in for `observe(_:options:changeHandler:)`.
  @preconcurrency
  public func observe<Value>(
    _ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
    changeHandler: @escaping @Sendable (Self, NSKeyValueObservedChange<Value>) -> Void
  ) -> NSKeyValueObservation {
    standIn()
  }
}
