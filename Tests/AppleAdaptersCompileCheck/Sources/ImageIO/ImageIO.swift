// A declaration-only stand-in for exactly the Image I/O symbols (and the Core Foundation
// types Image I/O re-exports) that the example app (Examples/LookaheadExample) uses, so that
// its sources compile on Linux. Nothing here runs: every body traps. Each declaration copies
// the signature on the Apple documentation page cited above it. Add a symbol only with its
// page.

// Image I/O re-exports Core Graphics, whose CGImage the UIKit stand-in declares.
@_exported import Foundation
@_exported import UIKit

/// Traps: the stand-in is compiled, never run.
func standIn() -> Never {
  fatalError("Image I/O stand-in: compile-checked on Linux, never run")
}

// https://developer.apple.com/documentation/corefoundation/cfdata
// Core Foundation types are toll-free bridged to Foundation's: on Linux they are the
// Foundation types themselves, so that `data as CFData` compiles as it does on Apple
// platforms.
/// Stand-in for `CFData`.
public typealias CFData = NSData

// https://developer.apple.com/documentation/corefoundation/cfdictionary
/// Stand-in for `CFDictionary`.
public typealias CFDictionary = NSDictionary

// https://developer.apple.com/documentation/corefoundation/cfstring
/// Stand-in for `CFString`.
public typealias CFString = NSString

// https://developer.apple.com/documentation/imageio/cgimagesource
/// Stand-in for `CGImageSource`.
public final class CGImageSource {
  private init() { standIn() }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
// (Image I/O's C function names.)
// https://developer.apple.com/documentation/imageio/cgimagesourcecreatewithdata(_:_:)
/// Stand-in for `CGImageSourceCreateWithData(_:_:)`.
public func CGImageSourceCreateWithData(_ data: CFData, _ options: CFDictionary?)
  -> CGImageSource?
{
  standIn()
}

// swift-format-ignore: AlwaysUseLowerCamelCase
// (Image I/O's C function names.)
// https://developer.apple.com/documentation/imageio/cgimagesourcecreatethumbnailatindex(_:_:_:)
/// Stand-in for `CGImageSourceCreateThumbnailAtIndex(_:_:_:)`.
public func CGImageSourceCreateThumbnailAtIndex(
  _ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?
) -> CGImage? {
  standIn()
}

// Image I/O's option keys are C globals, which Swift imports as immutable; here they are
// Objective-C-less `NSString`s, hence `nonisolated(unsafe)`.

// https://developer.apple.com/documentation/imageio/kcgimagesourceshouldcache
/// Stand-in for `kCGImageSourceShouldCache`.
nonisolated(unsafe) public let kCGImageSourceShouldCache: CFString = "kCGImageSourceShouldCache"

// https://developer.apple.com/documentation/imageio/kcgimagesourceshouldcacheimmediately
/// Stand-in for `kCGImageSourceShouldCacheImmediately`.
nonisolated(unsafe) public let kCGImageSourceShouldCacheImmediately: CFString =
  "kCGImageSourceShouldCacheImmediately"

// https://developer.apple.com/documentation/imageio/kcgimagesourcecreatethumbnailfromimagealways
/// Stand-in for `kCGImageSourceCreateThumbnailFromImageAlways`.
nonisolated(unsafe) public let kCGImageSourceCreateThumbnailFromImageAlways: CFString =
  "kCGImageSourceCreateThumbnailFromImageAlways"

// https://developer.apple.com/documentation/imageio/kcgimagesourcecreatethumbnailwithtransform
/// Stand-in for `kCGImageSourceCreateThumbnailWithTransform`.
nonisolated(unsafe) public let kCGImageSourceCreateThumbnailWithTransform: CFString =
  "kCGImageSourceCreateThumbnailWithTransform"

// https://developer.apple.com/documentation/imageio/kcgimagesourcethumbnailmaxpixelsize
/// Stand-in for `kCGImageSourceThumbnailMaxPixelSize`.
nonisolated(unsafe) public let kCGImageSourceThumbnailMaxPixelSize: CFString =
  "kCGImageSourceThumbnailMaxPixelSize"
