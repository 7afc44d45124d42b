// A declaration-only stand-in for exactly the UIKit symbols (and the Core Graphics, Core
// Animation and Objective-C ones UIKit re-exports) that LookaheadUIKit and the example app
// (Examples/LookaheadExample) use, so that their sources compile on Linux. Nothing here
// runs: every body traps. Each declaration copies the signature on the Apple documentation
// page cited above it (labels, types, optionality, isolation), so that a typo, a wrong
// label or a type mismatch fails CI. Add a symbol only with its page.

// UIKit re-exports Foundation (IndexPath, CGRect, NSObject, NotificationCenter, ...).
@_exported import Foundation

#if canImport(CoreGraphics)
  @_exported import CoreGraphics
#endif

/// Traps: the stand-in is compiled, never run.
func standIn() -> Never {
  fatalError("UIKit stand-in: compile-checked on Linux, never run")
}
