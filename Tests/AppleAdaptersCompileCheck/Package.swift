// swift-tools-version: 6.2

// Compiles the Apple-only adapters (Sources/LookaheadUIKit, Sources/LookaheadSwiftUI) and
// the example app (Examples/LookaheadExample) on Linux against declaration-only stand-ins of
// exactly the UIKit, SwiftUI and Image I/O symbols they use. The checked targets are
// symbolic links to the shipped source folders, so the very same files are compiled; the
// stand-ins never enter the root package.
//
//   swift build --package-path Tests/AppleAdaptersCompileCheck --scratch-path .build-apple-check
//
// A misspelt symbol, a wrong label or a type mismatch in an adapter or in the example fails
// this build. The stand-ins are checked against Apple's documentation by hand (each
// declaration cites its page); they prove the sources compile, not that they run.

import Foundation
import PackageDescription

// SwiftPM names a path dependency after its folder, so the root package's identity is
// whatever the checkout is called ("lookahead", "main", ...).
let rootPackage = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .lastPathComponent

let warningsAreErrors: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
  name: "AppleAdaptersCompileCheck",
  dependencies: [
    .package(path: "../..")
  ],
  targets: [
    .target(name: "UIKit", swiftSettings: warningsAreErrors),
    .target(name: "SwiftUI", dependencies: ["UIKit"], swiftSettings: warningsAreErrors),
    .target(name: "ImageIO", dependencies: ["UIKit"], swiftSettings: warningsAreErrors),
    .target(
      name: "CheckedLookaheadUIKit",
      dependencies: ["UIKit", .product(name: "Lookahead", package: rootPackage)],
      swiftSettings: warningsAreErrors
    ),
    .target(
      name: "CheckedLookaheadSwiftUI",
      dependencies: ["SwiftUI", .product(name: "Lookahead", package: rootPackage)],
      swiftSettings: warningsAreErrors
    ),
    // The example imports `LookaheadUIKit` and `LookaheadSwiftUI`: here those names are the
    // checked adapters (target names must be unique across the package graph).
    .target(
      name: "CheckedLookaheadExample",
      dependencies: [
        "UIKit", "SwiftUI", "ImageIO", "CheckedLookaheadUIKit", "CheckedLookaheadSwiftUI",
        .product(name: "Lookahead", package: rootPackage),
        .product(name: "LookaheadStore", package: rootPackage),
      ],
      swiftSettings: warningsAreErrors + [
        .unsafeFlags([
          "-module-alias", "LookaheadUIKit=CheckedLookaheadUIKit",
          "-module-alias", "LookaheadSwiftUI=CheckedLookaheadSwiftUI",
        ])
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
