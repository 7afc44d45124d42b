// swift-tools-version: 6.2

// The Lookahead example app: one feed of posts with images, shown by a UIKit collection view
// (diffable data source, compositional layout) and a SwiftUI list over the same model and its
// one list preloader. Open this folder in Xcode and run the LookaheadExample app on an iOS
// 17 simulator, with the feed server running (see README.md).
//
// On Linux, which has no app products, the sources are a plain library so that
// `swift package describe` reads this manifest; Tests/AppleAdaptersCompileCheck compiles
// them against stand-ins of UIKit, SwiftUI and Image I/O.

import Foundation
import PackageDescription

#if canImport(AppleProductTypes)
  import AppleProductTypes
#endif

// SwiftPM names a path dependency after its folder, so the root package's identity is
// whatever the checkout is called ("lookahead", "main", ...).
let rootPackage = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .lastPathComponent

let dependencies: [Target.Dependency] = [
  .product(name: "Lookahead", package: rootPackage),
  .product(name: "LookaheadStore", package: rootPackage),
  .product(name: "LookaheadUIKit", package: rootPackage),
  .product(name: "LookaheadSwiftUI", package: rootPackage),
]

#if canImport(AppleProductTypes)
  let products: [Product] = [
    .iOSApplication(
      name: "LookaheadExample",
      targets: ["LookaheadExample"],
      bundleIdentifier: "com.example.LookaheadExample",
      teamIdentifier: "",
      displayVersion: "1.0",
      bundleVersion: "1",
      supportedDeviceFamilies: [.pad, .phone],
      supportedInterfaceOrientations: [
        .portrait, .landscapeRight, .landscapeLeft,
        .portraitUpsideDown(.when(deviceFamilies: [.pad])),
      ],
      // The feed server speaks plain HTTP on the local machine or network.
      capabilities: [
        .appTransportSecurity(configuration: .init(allowsLocalNetworking: true))
      ]
    )
  ]
  let app = Target.executableTarget(
    name: "LookaheadExample", dependencies: dependencies, path: "Sources/LookaheadExample")
#else
  let products: [Product] = [.library(name: "LookaheadExample", targets: ["LookaheadExample"])]
  let app = Target.target(
    name: "LookaheadExample", dependencies: dependencies, path: "Sources/LookaheadExample")
#endif

let package = Package(
  name: "LookaheadExample",
  platforms: [.iOS(.v17)],
  products: products,
  dependencies: [.package(path: "../..")],
  targets: [app],
  swiftLanguageModes: [.v6]
)
