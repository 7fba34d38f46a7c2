// swift-tools-version:6.1
// Tactile: UIKit's event-dispatch, view-tree and view-controller core, headless, for Linux.
// Layers (see README.md): TactileCore (engine) → Tactile (UIKit names) ; TactileCAPI + CTactile (C API, libtactile.so).
import PackageDescription

let package = Package(
    name: "Tactile",
    products: [
        .library(name: "Tactile", targets: ["Tactile"]),
        .library(name: "TactileCore", targets: ["TactileCore"]),
        // libtactile.so: the C API for other runtimes and for the C++ benchmark harness.
        .library(name: "tactile", type: .dynamic, targets: ["TactileCAPI"]),
        .executable(name: "tactile-objectmodel-bench", targets: ["TactileObjectModelBench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    ],
    targets: [
        // The engine: lock-free event queue, Dispatch-based main run loop. No UIKit names, no allocation per event.
        .target(
            name: "TactileCore",
            dependencies: ["CTactileCoreSupport", .product(name: "HeapModule", package: "swift-collections")]
        ),
        // CPU hints (prefetch) the engine's hot paths use; header-only C.
        .target(name: "CTactileCoreSupport"),
        // The UIKit-compatible object model (UIKit's own Swift names).
        .target(name: "Tactile", dependencies: ["TactileCore"]),
        // The public C header `tactile.h` (hand-written; the only door for other runtimes).
        .target(name: "CTactile"),
        // The C API, implemented in Swift with @_cdecl exports; built into libtactile.so.
        .target(name: "TactileCAPI", dependencies: ["TactileCore", "CTactile"]),
        // Oracles shared by tests and fuzzers: the naive UIKit-style hit-test reference.
        .target(name: "TactileTestSupport", dependencies: ["TactileCore"]),
        // The object model's overhead over the engine, run by perf/bench.
        .executableTarget(name: "TactileObjectModelBench", dependencies: ["Tactile", "TactileCore"]),
        .testTarget(name: "TactileCoreTests", dependencies: ["TactileCore", "TactileTestSupport"]),
        .testTarget(name: "TactileTests", dependencies: ["Tactile", "TactileCore", "TactileTestSupport"], exclude: ["ViewControllers/README.md"]),
        .testTarget(name: "CAPITests", dependencies: ["TactileCAPI", "CTactile", "TactileCore"]),
    ],
    swiftLanguageModes: [.v6]
)
