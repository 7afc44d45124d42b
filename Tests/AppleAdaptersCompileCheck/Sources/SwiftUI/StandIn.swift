// A declaration-only stand-in for exactly the SwiftUI symbols that LookaheadSwiftUI and the
// example app (Examples/LookaheadExample) use, so that their sources compile on Linux.
// Nothing here runs: every body traps. Each declaration copies the signature on the Apple
// documentation page cited above it (labels, types, optionality, isolation, availability),
// so that a typo, a wrong label or a type mismatch fails CI. Add a symbol only with its
// page.

// SwiftUI re-exports Foundation and Core Graphics.
@_exported import Foundation

#if canImport(CoreGraphics)
  @_exported import CoreGraphics
#endif

/// Traps: the stand-in is compiled, never run.
func standIn() -> Never {
  fatalError("SwiftUI stand-in: compile-checked on Linux, never run")
}

/// The opaque result of a stand-in modifier.
func standInView<Content: View>(_ content: Content) -> AnyView {
  standIn()
}

// https://developer.apple.com/documentation/corefoundation/cgvector
/// Stand-in for Core Graphics' `CGVector`.
public struct CGVector: Sendable, Hashable {
  // https://developer.apple.com/documentation/corefoundation/cgvector/dx
  /// Stand-in for `dx`.
  public var dx: CGFloat
  // https://developer.apple.com/documentation/corefoundation/cgvector/dy
  /// Stand-in for `dy`.
  public var dy: CGFloat

  // https://developer.apple.com/documentation/corefoundation/cgvector/init(dx:dy:)-4vbe1
  /// Stand-in for `init(dx:dy:)`.
  public init(dx: CGFloat, dy: CGFloat) {
    self.dx = dx
    self.dy = dy
  }
}
