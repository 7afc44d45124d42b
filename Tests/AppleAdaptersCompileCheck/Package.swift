// swift-tools-version: 6.2

// Compiles the Apple-only adapters (Sources/LookaheadUIKit, Sources/LookaheadSwiftUI) on
// Linux against declaration-only stand-ins of exactly the UIKit and SwiftUI symbols they
// use. The adapter targets here are symbolic links to the shipped source folders, so
// the very same files are compiled; the stand-ins never enter the root package.
//
//   swift build --package-path Tests/AppleAdaptersCompileCheck
//
// A misspelt symbol, a wrong label or a type mismatch in an adapter fails this build.
// The stand-ins are checked against Apple's documentation by hand (each declaration
// cites its page); they prove the adapters compile, not that they run.

import Foundation
import PackageDescription

// SwiftPM names a path dependency after its folder, so the root package's identity is
// whatever the checkout is called ("lookahead", "main", ...).
let rootPackage = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .lastPathComponent

let package = Package(
  name: "AppleAdaptersCompileCheck",
  dependencies: [
    .package(path: "../..")
  ],
  targets: [
    .target(name: "UIKit", swiftSettings: [.treatAllWarnings(as: .error)]),
    .target(name: "SwiftUI", swiftSettings: [.treatAllWarnings(as: .error)]),
    .target(
      name: "CheckedLookaheadUIKit",
      dependencies: ["UIKit", .product(name: "Lookahead", package: rootPackage)],
      swiftSettings: [.treatAllWarnings(as: .error)]
    ),
    .target(
      name: "CheckedLookaheadSwiftUI",
      dependencies: ["SwiftUI", .product(name: "Lookahead", package: rootPackage)],
      swiftSettings: [.treatAllWarnings(as: .error)]
    ),
  ],
  swiftLanguageModes: [.v6]
)
