// swift-tools-version: 6.2

// Benchmarks live in their own package so that benchmark tooling never enters the
// library's dependency graph. Run from this folder:
//
//   swift package --disable-sandbox benchmark
//
// Each executable target in Benchmarks/<Name>/ is one suite.

import Foundation
import PackageDescription

// SwiftPM names a path dependency after its folder, so the root package's identity
// is whatever the checkout is called ("lookahead", "main", ...).
let rootPackage = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "LookaheadBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "RangeBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Lookahead", package: rootPackage),
                .product(name: "LookaheadSimulation", package: rootPackage),
            ],
            path: "Benchmarks/RangeBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "SimulationBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "LookaheadSimulation", package: rootPackage),
            ],
            path: "Benchmarks/SimulationBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "PagingBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Lookahead", package: rootPackage),
            ],
            path: "Benchmarks/PagingBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "LoadingBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Lookahead", package: rootPackage),
            ],
            path: "Benchmarks/LoadingBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "PreloaderBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Lookahead", package: rootPackage),
                .product(name: "LookaheadSimulation", package: rootPackage),
            ],
            path: "Benchmarks/PreloaderBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "StorageBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "LookaheadStore", package: rootPackage),
            ],
            path: "Benchmarks/StorageBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
