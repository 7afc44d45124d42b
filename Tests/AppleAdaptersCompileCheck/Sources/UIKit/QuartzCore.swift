// Core Animation's display link, which UIKit re-exports on Apple platforms.

// https://developer.apple.com/documentation/quartzcore/cadisplaylink
/// Stand-in for `CADisplayLink`.
open class CADisplayLink: NSObject {
  // https://developer.apple.com/documentation/quartzcore/cadisplaylink/init(target:selector:)
  /// Stand-in for `init(target:selector:)`.
  public init(target: Any, selector sel: Selector) { standIn() }

  // https://developer.apple.com/documentation/quartzcore/cadisplaylink/add(to:formode:)
  /// Stand-in for `add(to:forMode:)`.
  open func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) { standIn() }

  // https://developer.apple.com/documentation/quartzcore/cadisplaylink/invalidate()
  /// Stand-in for `invalidate()`.
  open func invalidate() { standIn() }
}
