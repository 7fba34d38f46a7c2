import ArgumentParser
import Foundation
import Tactile

/// `tactile snapshot FILE.storyboard`: a picture of a storyboard scene as Tactile lays it out on the headless
/// screen — an SVG (or PNG, with a converter installed) of the window with the scene's controller as its root.
struct Snapshot: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write an SVG (or PNG) picture of a storyboard scene laid out on the headless screen.",
        discussion: """
            The scene is the storyboard's initial view controller, or --identifier's, in a window the size of the \
            screen (390 × 844 points by default). --hit-test X,Y marks that point and the view UIKit's hit-test \
            finds there. --png needs rsvg-convert or ImageMagick. Exit status 2 when the storyboard cannot be \
            loaded or has no such scene.
            """
    )

    @Argument(help: "The .storyboard file.")
    var file: String

    @Option(help: "The storyboard identifier of the scene's controller (default: the initial one).")
    var identifier: String?

    @Option(help: "The output file (default: standard output).")
    var out: String?

    @Flag(help: "Write PNG instead of SVG.")
    var png = false

    @Option(help: "A point to hit-test, as X,Y in window points.")
    var hitTest: String?

    @Option(help: "The screen size in points, as WIDTHxHEIGHT (default 390x844).")
    var screen: String?

    func run() throws {
        let result: Result<Data, SnapshotFailure> = MainActor.assumeIsolated { render() }
        switch result {
        case .success(let data):
            if let out {
                try data.write(to: URL(fileURLWithPath: out))
            } else {
                FileHandle.standardOutput.write(data)
            }
        case .failure(let failure):
            FileHandle.standardError.write(Data("tactile snapshot: \(file): \(failure.message)\n".utf8))
            throw ExitCode(2)
        }
    }

    struct SnapshotFailure: Error {
        let message: String
    }

    @MainActor
    private func render() -> Result<Data, SnapshotFailure> {
        TactileHost.launch(delegate: nil)
        if let screen {
            let parts = screen.lowercased().split(separator: "x").compactMap { Double($0) }
            guard parts.count == 2 else { return .failure(SnapshotFailure(message: "--screen takes WIDTHxHEIGHT, got \(screen)")) }
            TactileHost.screenSize = CGSize(width: parts[0], height: parts[1])
        }
        let storyboard: UIStoryboard
        do throws(UIStoryboard.LoadError) {
            storyboard = try UIStoryboard(contentsOf: URL(fileURLWithPath: file))
        } catch {
            return .failure(SnapshotFailure(message: "\(error)"))
        }
        let controller: UIViewController?
        if let identifier {
            guard storyboard.tactileSummary.storyboardIdentifiers.contains(identifier) else {
                return .failure(SnapshotFailure(message: "no scene with storyboard identifier \(identifier)"))
            }
            controller = storyboard.instantiateViewController(withIdentifier: identifier)
        } else {
            controller = storyboard.instantiateInitialViewController()
        }
        guard let controller else { return .failure(SnapshotFailure(message: "the storyboard has no initial view controller")) }
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        _ = try? TactileHost.runLoop.runUntilIdle()
        var options = TactileSnapshot.Options()
        if let hitTest {
            let parts = hitTest.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 2 else { return .failure(SnapshotFailure(message: "--hit-test takes X,Y, got \(hitTest)")) }
            options.hitTestPoint = CGPoint(x: parts[0], y: parts[1])
        }
        if png {
            guard let data = TactileSnapshot.png(of: window, options: options) else {
                return .failure(SnapshotFailure(message: "--png needs rsvg-convert or ImageMagick's convert on PATH"))
            }
            return .success(data)
        }
        return .success(Data(TactileSnapshot.svg(of: window, options: options).utf8))
    }
}
