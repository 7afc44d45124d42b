// A declaration-only stand-in for exactly the UIKit symbols that LookaheadUIKit uses, so
// that its sources compile on Linux. Nothing here runs: every body traps. Each
// declaration copies the signature on the Apple documentation page cited above it
// (labels, types, optionality, isolation), so that a typo, a wrong label or a type
// mismatch in the adapter fails CI. Add a symbol only with its page.

// UIKit re-exports Foundation (IndexPath, CGRect, NSObject, NotificationCenter, ...).
@_exported import Foundation

#if canImport(CoreGraphics)
  @_exported import CoreGraphics
#endif

/// Traps: the stand-in is compiled, never run.
func standIn() -> Never {
  fatalError("UIKit stand-in: compile-checked on Linux, never run")
}
