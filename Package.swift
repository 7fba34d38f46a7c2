// swift-tools-version:6.1
// Tactile: UIKit's event-dispatch, view-tree and view-controller core, headless, for Linux.
// Layers (see README.md): TactileCore (engine) → Tactile (UIKit names) ; TactileCAPI + CTactile (C API, libtactile.so).
import Foundation
import PackageDescription

let package = Package(
    name: "Tactile",
    products: [
        .library(name: "Tactile", targets: ["Tactile"]),
        .library(name: "TactileCore", targets: ["TactileCore"]),
        // libtactile.so: the C API for other runtimes and for the C++ benchmark harness.
        .library(name: "tactile", type: .dynamic, targets: ["TactileCAPI"]),
        .executable(name: "tactile-objectmodel-bench", targets: ["TactileObjectModelBench"]),
        // The `tactile` trace tool (replay, minimize, convert fuzzer inputs, describe scenes). The product name
        // `tactile` is taken by libtactile.so above and SwiftPM wants product names unique, so the binary is
        // `tactile-cli`; its command name (help, usage) is `tactile`.
        .executable(name: "tactile-cli", targets: ["TactileCLI"]),
        // `tactile port`: rewrites UIKit sources (@objc, #selector, @IBOutlet, optional protocol requirements, overrides
        // in extensions) into sources that build against Tactile on Linux. Also `tactile-cli port`.
        .executable(name: "tactile-port", targets: ["tactile-port"]),
        // `swift package tactile-port --target T`: the port over a target's sources, as a command plugin.
        .plugin(name: "TactilePortCommand", targets: ["TactilePortCommand"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.3.0"),
        // `swift package generate-documentation` (scripts/check-docs): the DocC catalogs of TactileCore and Tactile.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // `tactile port` parses and rewrites Swift sources with it (603 is the toolchain's, Swift 6.3).
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.0"),
    ],
    targets: [
        // The engine: lock-free event queue, Dispatch-based main run loop. No UIKit names, no allocation per event.
        .target(
            name: "TactileCore",
            dependencies: ["CTactileCoreSupport", .product(name: "HeapModule", package: "swift-collections")]
        ),
        // CPU hints (prefetch) the engine's hot paths use, and the Swift-initializer call UITableView's registered
        // cell classes need (tactile_swift_init.h); header-only C.
        .target(name: "CTactileCoreSupport"),
        // The UIKit-compatible object model (UIKit's own Swift names).
        .target(name: "Tactile", dependencies: ["TactileCore"]),
        // The public C header `tactile.h` (hand-written; the only door for other runtimes).
        .target(name: "CTactile"),
        // The C API, implemented in Swift with @_cdecl exports; built into libtactile.so.
        .target(name: "TactileCAPI", dependencies: ["TactileCore", "CTactile"]),
        // Oracles shared by tests and fuzzers: the routing oracle, the naive UIKit-style hit-test reference.
        .target(name: "TactileTestSupport", dependencies: ["TactileCore"]),
        // The gesture oracle shared by the gesture property test and the `gesture-sequences` fuzzer: random scenes of
        // views and recognizers with random scripts (GestureScenario), checked by GestureOracle.
        .target(name: "TactileGestureOracle", dependencies: ["Tactile", "TactileCore", "TactileTestSupport"]),
        // Traces: a readable text form of a scene plus an input script (parser, printer, runner, minimizer, and
        // the fuzzer-bytes decoder). Kept out of TactileCore: string handling is no part of the engine.
        .target(name: "TactileTraces", dependencies: ["TactileCore", "TactileTestSupport"], exclude: ["README.md"]),
        // The `tactile` command-line tool over TactileTraces.
        .executableTarget(
            name: "TactileCLI",
            dependencies: ["TactileTraces", "TactileCore", "Tactile", "TactilePort",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // The porting tool (`tactile port`): swift-syntax based; knows UIKit's and Tactile's names, links neither.
        .target(name: "TactilePort", dependencies: [
            .product(name: "SwiftSyntax", package: "swift-syntax"),
            .product(name: "SwiftParser", package: "swift-syntax"),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "tactile-port", dependencies: ["TactilePort"]),
        .plugin(
            name: "TactilePortCommand",
            capability: .command(
                intent: .custom(verb: "tactile-port", description: "Port a target's UIKit sources to Tactile (tactile port)"),
                permissions: [.writeToPackageDirectory(reason: "tactile port writes the ported copy of the sources")]
            ),
            dependencies: [.target(name: "tactile-port")]
        ),
        // The object model's overhead over the engine, run by perf/bench.
        .executableTarget(name: "TactileObjectModelBench", dependencies: ["Tactile", "TactileCore", "CAllocCounter"]),
        // A malloc interposer that counts allocations per thread; linked only into the object-model benchmark.
        .target(name: "CAllocCounter"),
        // The worked example (Examples/SketchPad): its iOS sources and tests as `tactile port` ports them (committed, and
        // checked by TactilePortTests to be exactly the tool's output: scripts/port-example regenerates them), built and
        // run on Linux in Swift 5 mode, as the iOS package (tools version 5.9) builds them. (Not a build-tool plugin: one
        // makes every build, release ones too, build swift-syntax first.)
        .target(name: "SketchPad", dependencies: ["Tactile"], path: "Examples/SketchPad/Linux/SketchPad",
                swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(name: "SketchPadTests", dependencies: ["SketchPad", "Tactile"], path: "Examples/SketchPad/Linux/SketchPadTests",
                    swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(name: "TactilePortTests", dependencies: ["TactilePort", "Tactile"]),
        .testTarget(name: "TactileCoreTests", dependencies: ["TactileCore", "TactileTestSupport"]),
        // Resources/Storyboards: the twelve real Xcode storyboards of shared/fixtures (MIT/Apache-2.0, see its SOURCES.md).
        .testTarget(name: "TactileTests", dependencies: ["Tactile", "TactileCore", "TactileTestSupport", "TactileGestureOracle"],
                    exclude: ["ViewControllers/README.md"], resources: [.copy("Resources/Storyboards")]),
        .testTarget(name: "TactileTracesTests", dependencies: ["TactileTraces", "TactileCore", "TactileTestSupport"]),
        .testTarget(name: "CAPITests", dependencies: ["TactileCAPI", "CTactile", "TactileCore", "TactileTraces", "TactileTestSupport"]),
        // Compile-only client code, as an app developer writes it against UIKit (`import Tactile` for `import UIKit`):
        // subclasses with deinit, overrides of every open member, typical usage. Each builds in its own language
        // mode, so a Tactile declaration that rejects code UIKit accepts breaks the build of the test lanes.
        .testTarget(name: "ClientSwift5", dependencies: ["Tactile"], path: "Tests/ClientSwift5",
                    swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(name: "ClientSwift6", dependencies: ["Tactile"], path: "Tests/ClientSwift6",
                    swiftSettings: [.swiftLanguageMode(.v6)]),
    ],
    swiftLanguageModes: [.v6]
)

// libFuzzer targets (Fuzz/, see Fuzz/README.md): only with TACTILE_FUZZ=1, which scripts/fuzz and
// .clusterfuzzlite/build.sh set and build with AddressSanitizer into their own scratch path. Each needs libFuzzer's
// runtime (its entry point runs libFuzzer's driver), so a normal build must not see them.
if ProcessInfo.processInfo.environment["TACTILE_FUZZ"] == "1" {
    // libFuzzer's coverage (edge counters and their PC table) goes into the code under test and the harnesses,
    // not into the oracles and the trace runner (TactileTestSupport, TactileTraces): their branches say nothing
    // about the engine. Comparison tracing (-sanitize=fuzzer's trace-cmp) is left out: without it touch-sequences
    // and c-api run 1.8–2.3× the executions per second, and at equal time they reached as many edges
    // (touch-sequences, three seeds) or more (c-api: 8,360 against 7,790 in 5 minutes) — perf/results/fuzz.md.
    // TACTILE_FUZZ_CMP=1 puts it back. A build that passes -sanitize=fuzzer globally (ClusterFuzzLite's
    // SWIFTFLAGS) instruments everything, comparisons included.
    // (swiftc keeps only its last -sanitize= flag, so these name address too; scripts/fuzz passes no -Xswiftc one.)
    let coverage: [SwiftSetting] = ProcessInfo.processInfo.environment["TACTILE_FUZZ_CMP"] == "1"
        ? [.unsafeFlags(["-sanitize=fuzzer,address"])]
        : [.unsafeFlags(["-sanitize=address", "-sanitize-coverage=edge,inline-8bit-counters,pc-table"])]
    for target in package.targets where ["TactileCore", "Tactile", "TactileCAPI"].contains(target.name) {
        target.swiftSettings = (target.swiftSettings ?? []) + coverage
    }
    func fuzzTarget(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
        // Each harness defines the `<target>_main` SwiftPM links as `main`, which runs libFuzzer's driver.
        .executableTarget(name: "fuzz-\(name)", dependencies: dependencies + ["CFuzzDriver"], path: "Fuzz/\(name)",
                          swiftSettings: coverage + [.unsafeFlags(["-parse-as-library"])],
                          linkerSettings: [.unsafeFlags(["-sanitize=fuzzer"])])
    }
    package.targets += [
        .target(name: "CFuzzDriver", path: "Fuzz/driver"),
        fuzzTarget("touch-sequences", ["TactileTraces", "TactileCore"]),
        fuzzTarget("c-api", ["TactileCAPI", "TactileCore", "CTactile", "TactileTestSupport"]),
        fuzzTarget("storyboard-loader", ["Tactile"]),
        fuzzTarget("hittest-diff", ["TactileTestSupport", "TactileCore"]),
        fuzzTarget("gesture-sequences", ["TactileGestureOracle", "Tactile"]),
    ]
}
