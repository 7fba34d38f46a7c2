import Foundation
import Testing
import Tactile
import TactileCore

/// Reads the deprecated orientation API without a deprecation warning at every use.
@MainActor
protocol LegacyOrientationReading {
    var interfaceOrientation: UIInterfaceOrientation { get }
}
extension UIViewController: LegacyOrientationReading {}

@MainActor
protocol LegacyStatusBarReading {
    var statusBarOrientation: UIInterfaceOrientation { get }
    func setStatusBarOrientation(_ interfaceOrientation: UIInterfaceOrientation, animated: Bool)
}
extension UIApplication: LegacyStatusBarReading {}

@MainActor
func statusBar() -> UIInterfaceOrientation { (UIApplication.shared as LegacyStatusBarReading).statusBarOrientation }

@MainActor
func orientation(of vc: UIViewController) -> UIInterfaceOrientation { (vc as LegacyOrientationReading).interfaceOrientation }

func short(_ o: UIInterfaceOrientation) -> String {
    switch o {
    case .portrait: "P"
    case .portraitUpsideDown: "PUD"
    case .landscapeLeft: "LL"
    case .landscapeRight: "LR"
    case .unknown: "?"
    }
}

/// A controller that logs the rotation API: the questions it is asked, and each rotation callback with the
/// controller's `interfaceOrientation` and root view size at that moment (`@io=…`, `@w×h`).
@MainActor
class RotatingViewController: LoggingViewController {
    var autorotates = true
    var mask: UIInterfaceOrientationMask = .allButUpsideDown
    var preferred: UIInterfaceOrientation?
    /// iPhone OS 3's answer (nil: the default, portrait only).
    var legacyAllows: ((UIInterfaceOrientation) -> Bool)?
    var forwardsRotation = true
    var coordinatorBlocks = false

    required override init(_ name: String, log: CallbackLog) { super.init(name, log: log) }
    required init?(coder: NSCoder) { fatalError("unused") }

    var state: String {
        let size = viewIfLoaded?.bounds.size ?? .zero
        return "@\(short(orientation(of: self)))@\(Int(size.width))x\(Int(size.height))"
    }

    override var shouldAutorotate: Bool { log.append(name, "shouldAutorotate"); return autorotates }
    override var supportedInterfaceOrientations: UIInterfaceOrientationMask { log.append(name, "supportedInterfaceOrientations"); return mask }
    override var preferredInterfaceOrientationForPresentation: UIInterfaceOrientation {
        preferred ?? super.preferredInterfaceOrientationForPresentation
    }
    override func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        log.append(name, "viewWillTransition(\(Int(size.width))x\(Int(size.height)))")
        if coordinatorBlocks {
            coordinator.animate(alongsideTransition: { [self] _ in log.append(name, "coordinator.animation\(state)") },
                                completion: { [self] ctx in log.append(name, "coordinator.completion(animated: \(ctx.isAnimated))") })
        }
        super.viewWillTransition(to: size, with: coordinator)
    }
    @available(*, deprecated)
    override func shouldAutorotate(to interfaceOrientation: UIInterfaceOrientation) -> Bool {
        log.append(name, "shouldAutorotateTo(\(short(interfaceOrientation)))")
        return legacyAllows?(interfaceOrientation) ?? super.shouldAutorotate(to: interfaceOrientation)
    }
    @available(*, deprecated)
    override func willRotate(to toInterfaceOrientation: UIInterfaceOrientation, duration: TimeInterval) {
        log.append(name, "willRotate(\(short(toInterfaceOrientation)), \(duration))\(state)")
    }
    @available(*, deprecated)
    override func willAnimateRotation(to toInterfaceOrientation: UIInterfaceOrientation, duration: TimeInterval) {
        log.append(name, "willAnimateRotation(\(short(toInterfaceOrientation)), \(duration))\(state)")
    }
    @available(*, deprecated)
    override func didRotate(from fromInterfaceOrientation: UIInterfaceOrientation) {
        log.append(name, "didRotate(from: \(short(fromInterfaceOrientation)))\(state)")
    }
    @available(*, deprecated)
    @available(*, deprecated)
    override func shouldAutomaticallyForwardRotationMethods() -> Bool { forwardsRotation }
}

/// Overrides the two-step methods (VCG-F-06): selects the two-step path.
@MainActor
final class TwoStepViewController: RotatingViewController {
    @available(*, deprecated)
    override func willAnimateFirstHalfOfRotation(to toInterfaceOrientation: UIInterfaceOrientation, duration: TimeInterval) {
        log.append(name, "willAnimateFirstHalf(\(short(toInterfaceOrientation)), \(duration))\(state)")
    }
    @available(*, deprecated)
    override func didAnimateFirstHalfOfRotation(to toInterfaceOrientation: UIInterfaceOrientation) {
        log.append(name, "didAnimateFirstHalf(\(short(toInterfaceOrientation)))\(state)")
    }
    @available(*, deprecated)
    override func willAnimateSecondHalfOfRotation(from fromInterfaceOrientation: UIInterfaceOrientation, duration: TimeInterval) {
        log.append(name, "willAnimateSecondHalf(from: \(short(fromInterfaceOrientation)), \(duration))\(state)")
    }
}

/// Overrides only `didAnimateFirstHalfOfRotation(to:)`: still two-step (any half-step method, VCG-F-06).
@MainActor
final class DidFirstHalfOnlyViewController: RotatingViewController {
    @available(*, deprecated)
    override func didAnimateFirstHalfOfRotation(to toInterfaceOrientation: UIInterfaceOrientation) {
        log.append(name, "didAnimateFirstHalf(\(short(toInterfaceOrientation)))\(state)")
    }
}

/// Rotation scene: a launched app with a 320×480 window, synchronous rotations unless `duration` is given.
@MainActor
func rotationScene(_ behavior: TactileBehavior = .modern, duration: TimeInterval = 0) -> UIWindow {
    let window = launchWithWindow()
    TactileHost.behavior = behavior
    TactileHost.rotationDuration = duration
    return window
}

/// The device turns (posted through the input API, routed now).
@MainActor
func turnDevice(_ orientation: UIDeviceOrientation) {
    TouchDriver().rotate(to: orientation)
}

/// Advances the deterministic run loop clock by `seconds`.
@MainActor
func advance(_ seconds: TimeInterval) throws {
    try TactileHost.runLoop.advance(by: UInt64(seconds * 1e9))
}
