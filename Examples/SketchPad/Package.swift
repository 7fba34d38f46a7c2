// swift-tools-version:5.9
// SketchPad: a small iOS UIKit package, written as for iOS (UIKit, @objc, #selector, @IBOutlet, @objc optional
// requirements, an override in an extension). On iOS it builds as it is; on Linux, Tactile's root package builds
// `tactile port`'s copy of these same files (Linux/) as its `SketchPad` and `SketchPadTests` targets and runs the
// tests. See README.md.
import PackageDescription

let package = Package(
    name: "SketchPad",
    platforms: [.iOS(.v16)],
    products: [.library(name: "SketchPad", targets: ["SketchPad"])],
    targets: [
        .target(name: "SketchPad"),
        .testTarget(name: "SketchPadTests", dependencies: ["SketchPad"]),
    ]
)
