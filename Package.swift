// swift-tools-version: 6.2

import PackageDescription

let package = Package(
  name: "Lookahead",
  platforms: [
    .iOS(.v17),
    .macOS(.v14),
    .tvOS(.v17),
    .watchOS(.v10),
    .visionOS(.v1),
  ],
  products: [
    .library(name: "Lookahead", targets: ["Lookahead"]),
    .library(name: "LookaheadStore", targets: ["LookaheadStore"]),
    .library(name: "LookaheadSimulation", targets: ["LookaheadSimulation"]),
    .library(name: "LookaheadUIKit", targets: ["LookaheadUIKit"]),
    .library(name: "LookaheadSwiftUI", targets: ["LookaheadSwiftUI"]),
    .library(name: "LookaheadCommandSupport", targets: ["LookaheadCommandSupport"]),
    .executable(name: "lookahead", targets: ["LookaheadCLI"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-collections", exact: "1.6.0"),
    .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
  ],
  targets: [
    .target(
      name: "Lookahead",
      dependencies: [
        .product(name: "DequeModule", package: "swift-collections"),
        .product(name: "HeapModule", package: "swift-collections"),
      ]
    ),
    .target(
      name: "LookaheadTestSupport",
      dependencies: [
        "Lookahead",
        .product(name: "DequeModule", package: "swift-collections"),
      ]
    ),
    .testTarget(
      name: "LookaheadTests",
      dependencies: ["Lookahead", "LookaheadTestSupport"]
    ),
    .target(
      name: "LookaheadStore",
      dependencies: [
        "Lookahead",
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    // Child process for the crash-safety and read-only tests of LookaheadStore (not a product).
    .executableTarget(
      name: "lookahead-store-fault-helper",
      dependencies: ["LookaheadStore"]
    ),
    .testTarget(
      name: "LookaheadStoreTests",
      dependencies: [
        "Lookahead",
        "LookaheadStore",
        "LookaheadTestSupport",
        "lookahead-store-fault-helper",
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    // Apple-only adapters: empty modules where UIKit or SwiftUI is missing. On Linux, CI
    // compiles their sources against declaration-only stand-ins of exactly the symbols
    // they use (Tests/AppleAdaptersCompileCheck), never in this package.
    .target(name: "LookaheadUIKit", dependencies: ["Lookahead"]),
    .target(name: "LookaheadSwiftUI", dependencies: ["Lookahead"]),
    .target(
      name: "LookaheadSimulation",
      dependencies: [
        "Lookahead",
        .product(name: "DequeModule", package: "swift-collections"),
        .product(name: "HeapModule", package: "swift-collections"),
      ]
    ),
    .testTarget(
      name: "LookaheadSimulationTests",
      dependencies: ["Lookahead", "LookaheadSimulation", "LookaheadTestSupport"]
    ),
    // The command-line tool: its logic is a library so tests run it in-process; the
    // executable target is only `main`. (Not named `lookahead`: on case-insensitive file
    // systems Sources/lookahead and Sources/Lookahead are the same folder.)
    // What every Lookahead tool shares (console, exit codes and error reports, the world
    // options): a product so that `lookahead-live` in Live/ reports the same way.
    .target(
      name: "LookaheadCommandSupport",
      dependencies: [
        "LookaheadSimulation",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .target(
      name: "LookaheadCommands",
      dependencies: [
        "Lookahead",
        "LookaheadCommandSupport",
        "LookaheadSimulation",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(
      name: "LookaheadCLI",
      dependencies: ["LookaheadCommands"]
    ),
    .testTarget(
      name: "LookaheadCommandsTests",
      dependencies: [
        "Lookahead", "LookaheadCommandSupport", "LookaheadCommands", "LookaheadSimulation",
        // Built so that tests can run the tool as a process (standard output on a full
        // disk, or closed).
        "LookaheadCLI",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
