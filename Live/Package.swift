// swift-tools-version: 6.2

// The real-HTTP side of Lookahead: a feed server that serves a simulated world
// (LookaheadFeedServer, on Hummingbird) and the `lookahead-live` tool, whose `serve` and
// `live` commands replay scroll traces on real time through the real list preloader,
// URLSession and disk cache. It lives in its own package so that the library and the
// `lookahead` tool never resolve SwiftNIO, Hummingbird or their dependencies. Run from
// this folder:
//
//   swift run -c release lookahead-live serve --network 3g
//   swift run -c release lookahead-live live --trace reader-1.csv --strategy adaptive

import Foundation
import PackageDescription

// SwiftPM names a path dependency after its folder, so the root package's identity
// is whatever the checkout is called ("lookahead", "main", ...).
let rootPackage = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
  name: "LookaheadLive",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "LookaheadFeedServer", targets: ["LookaheadFeedServer"]),
    .library(name: "LookaheadLive", targets: ["LookaheadLive"]),
    .executable(name: "lookahead-live", targets: ["LookaheadLiveCLI"]),
  ],
  dependencies: [
    .package(path: ".."),
    // No traits: the server needs neither swift-configuration nor full Foundation.
    .package(
      url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1", traits: []),
    .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    // Brought by Hummingbird (same versions); named for the channel options of a reset
    // (NIOCore), for stopping the server inside a process (ServiceLifecycle) and for its
    // logger (Logging).
    .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
    .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
  ],
  targets: [
    .target(
      name: "LookaheadFeedServer",
      dependencies: [
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "LookaheadSimulation", package: rootPackage),
      ]
    ),
    .target(
      name: "LookaheadLive",
      dependencies: [
        "LookaheadFeedServer",
        .product(name: "Lookahead", package: rootPackage),
        .product(name: "LookaheadStore", package: rootPackage),
        .product(name: "LookaheadSimulation", package: rootPackage),
      ]
    ),
    .target(
      name: "LookaheadLiveCommands",
      dependencies: [
        "LookaheadFeedServer",
        "LookaheadLive",
        .product(name: "LookaheadCommandSupport", package: rootPackage),
        .product(name: "LookaheadSimulation", package: rootPackage),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(
      name: "LookaheadLiveCLI",
      dependencies: [
        "LookaheadLiveCommands",
        .product(name: "LookaheadCommandSupport", package: rootPackage),
      ]
    ),
    .testTarget(
      name: "LookaheadFeedServerTests",
      dependencies: [
        "LookaheadFeedServer",
        .product(name: "Lookahead", package: rootPackage),
        .product(name: "LookaheadSimulation", package: rootPackage),
      ]
    ),
    .testTarget(
      name: "LookaheadLiveTests",
      dependencies: [
        "LookaheadFeedServer",
        "LookaheadLive",
        "LookaheadLiveCommands",
        .product(name: "Lookahead", package: rootPackage),
        .product(name: "LookaheadCommandSupport", package: rootPackage),
        .product(name: "LookaheadStore", package: rootPackage),
        .product(name: "LookaheadSimulation", package: rootPackage),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
