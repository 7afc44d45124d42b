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
    .library(name: "LookaheadSimulation", targets: ["LookaheadSimulation"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-collections", exact: "1.6.0")
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
      name: "LookaheadSimulation",
      dependencies: [
        "Lookahead",
        .product(name: "DequeModule", package: "swift-collections"),
      ]
    ),
    .testTarget(
      name: "LookaheadSimulationTests",
      dependencies: ["Lookahead", "LookaheadSimulation"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
