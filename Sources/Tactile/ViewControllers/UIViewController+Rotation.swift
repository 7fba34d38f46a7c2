import Foundation

/// Interface rotation (VCG-F-01 … VCG-F-16, SBT-ROT-01 … SBT-ROT-20, SBT-PRS-10).
///
/// **Input.** A device-orientation record (``TouchInput/deviceOrientation(_:timestamp:)``, C:
/// `TACTILE_SYSTEM_DEVICE_ORIENTATION` with the raw value in `touch_id`) reaches the main run loop, which
/// updates `UIDevice.current.orientation`, attempts the rotation, then posts
/// `UIDevice.orientationDidChangeNotification` (UIKit's own listener runs first, VCG-F-04, SBT-ROT-01). Unknown, face
/// up and face down never rotate the interface.
///
/// **Who decides** (VCG-F-05, SBT-ROT-06): the *top full-screen controller* of the key window (else of the first
/// visible window with a root controller): its ``UIWindow/rootViewController``, or the topmost controller
/// presented over it with a covering (full-screen) style. Children never vote (SBT-ROT-07); nothing else is
/// asked.
/// - ``TactileBehavior/modern``: `shouldAutorotate` (false: stop), then — only if true —
///   `supportedInterfaceOrientations` ∩ the app's mask (the delegate's
///   `application(_:supportedInterfaceOrientationsFor:)`, by default ``TactileHost/supportedInterfaceOrientations``).
///   The target must be in the intersection (SBT-ROT-03). An empty intersection is misuse UIKit raises for
///   (`UIApplicationInvalidInterfaceOrientation`): reported through ``TactileDiagnostics``, no rotation.
///   Masks are read afresh every time (SBT-ROT-09).
/// - ``TactileBehavior/iPhoneOS3``: `shouldAutorotate(to:)` (default: portrait only,
///   VCG-F-01); false stops everything (VCG-F-07 (2)).
///
/// **Callbacks** go to the top full-screen controller, then to its visible children (view in the window,
/// appeared), recursively, parent first, when the parent's `shouldAutomaticallyForwardRotationMethods` is
/// true (VCG-F-11, SBT-ROT-11, SBT-ROT-13). Covered presenters and controllers off screen get nothing (SBT-ROT-14, SBT-ROT-15).
/// The list is fixed when the rotation starts.
/// - modern, and iPhone OS 3 one-step: [modern only: `viewWillTransition(to:with:)` (its default forwards
///   to the visible children)] → `willRotate(to:duration:)` → the interface orientation changes, every window
///   swaps width and height, the root views follow by autoresizing and lay out at once
///   (`viewWillLayoutSubviews`, `layoutSubviews`, `viewDidLayoutSubviews`) → `willAnimateRotation(to:duration:)`
///   → the coordinator's animation blocks (in the order given) → *after the duration* → `didRotate(from:)`
///   (old orientation) → the coordinator's completion blocks. The coordinator is the top controller's
///   ``UIViewController/transitionCoordinator`` (its children answer it too) from `viewWillTransition` until
///   the completion blocks have run; its `targetTransform` is the turn (VCG-F-09: ±90° or 180°).
/// - iPhone OS 3 two-step (VCG-F-06, VCG-F-08) — when the top controller's class overrides any of
///   `willAnimateFirstHalfOfRotation(to:duration:)`, `didAnimateFirstHalfOfRotation(to:)`,
///   `willAnimateSecondHalfOfRotation(from:duration:)`: `willRotate` → `willAnimateFirstHalf…` (old
///   orientation, SBT-ROT-12) → the orientation and bounds change, layout → *half the duration* →
///   `didAnimateFirstHalf…` → `willAnimateSecondHalf…` (from: old) → *half the duration* → `didRotate(from:)`.
///   Detecting an override: Linux has no `respondsToSelector:`/IMP comparison, so the class metadata's vtable
///   slots of the three methods are compared with `UIViewController`'s (``OverrideProbe``); if the metadata does not look as expected, detection is off and one-step is used.
///
/// **Timing.** The did-part runs after ``TactileHost/rotationDuration`` (0.4 s by default) on the run loop
/// clock (`runLoop.advance(by:)`), synchronously for a duration of 0. While an animated rotation runs, new
/// touches are not delivered (SBT-ROT-20, SBT-RSP-05: `beginIgnoringInteractionEvents`), and a further device change
/// waits: it is examined when the rotation ends.
///
/// **Launch** (SBT-LCH-05): ``TactileHost/launch(delegate:options:mainStoryboard:sceneDelegate:driving:touches:deviceOrientation:)`` can start
/// with the device turned; after `application(_:didFinishLaunchingWithOptions:)` returns, a rotation to the
/// device's orientation is attempted with duration 0 (same decision and callbacks), before the app becomes
/// active.
///
/// **Presentation** (modern, SBT-PRS-10, SBT-ROT-04, SBT-ROT-16): a full-screen presentation makes the presented
/// controller the decider. If its `shouldAutorotate` is true and its mask has nothing in common with the
/// app's, presenting is misuse (reported, nothing presented). If the current orientation is not in its
/// mask, the interface turns — without rotation callbacks — to its `preferredInterfaceOrientationForPresentation`
/// (or, when that is not supported, the device's orientation or the first supported one) before it
/// appears. After a full-screen dismissal the uncovered controller's view is resized to the window (SBT-ROT-14:
/// no rotation callbacks), the same check runs for the new top, then a rotation to the device's orientation
/// is attempted.
extension UIViewController {
    /// The children the legacy rotation callbacks and `viewWillTransition(to:with:)` reach: those whose view
    /// is in the window inside the receiver's view and that have appeared (VCG-F-11, SBT-ROT-14).
    var rotationChildren: [UIViewController] {
        guard let root = loadedView, root.window != nil else { return [] }
        return childList.filter { child in
            guard let v = child.loadedView, v.window != nil, v.isDescendant(of: root) else { return false }
            return child.appearState == .appeared || child.appearState == .appearing
        }
    }

    /// The receiver and, parent first, the visible children it forwards rotation callbacks to.
    var rotationRecipients: [UIViewController] {
        var out = [self]
        let legacy: LegacyRotationCallbacks = self
        if legacy.shouldAutomaticallyForwardRotationMethods() {
            for child in rotationChildren { out += child.rotationRecipients }
        }
        return out
    }

    /// The controller that presented full screen most recently over the chain starting at the receiver.
    var topFullScreen: UIViewController {
        var c = self
        while let p = c.presentedLink, p.coversPresenter { c = p }
        return c
    }
}

/// The deprecated rotation API, reached through a protocol so that calling it is not a deprecation warning.
@MainActor
protocol LegacyRotationCallbacks: AnyObject {
    func shouldAutorotate(to interfaceOrientation: UIInterfaceOrientation) -> Bool
    func willRotate(to toInterfaceOrientation: UIInterfaceOrientation, duration: TimeInterval)
    func willAnimateRotation(to toInterfaceOrientation: UIInterfaceOrientation, duration: TimeInterval)
    func didRotate(from fromInterfaceOrientation: UIInterfaceOrientation)
    func willAnimateFirstHalfOfRotation(to toInterfaceOrientation: UIInterfaceOrientation, duration: TimeInterval)
    func didAnimateFirstHalfOfRotation(to toInterfaceOrientation: UIInterfaceOrientation)
    func willAnimateSecondHalfOfRotation(from fromInterfaceOrientation: UIInterfaceOrientation, duration: TimeInterval)
    func shouldAutomaticallyForwardRotationMethods() -> Bool
}

extension UIViewController: LegacyRotationCallbacks {}

/// VCG-F-06 / VCG-Y-08: whether a controller class overrides a two-step-only method — Objective-C's "implements
/// the method", found from the class's vtable (``OverrideProbe``). If detection is off, every answer is no
/// (one-step).
@MainActor
enum RotationOverrides {
    private final class Plain1: UIViewController {}
    private final class Plain2: UIViewController {}
    private final class ProbeFirst: UIViewController {
        @available(*, deprecated)
        override func willAnimateFirstHalfOfRotation(to toInterfaceOrientation: UIInterfaceOrientation, duration: TimeInterval) {}
    }
    private final class ProbeDidFirst: UIViewController {
        @available(*, deprecated)
        override func didAnimateFirstHalfOfRotation(to toInterfaceOrientation: UIInterfaceOrientation) {}
    }
    private final class ProbeSecond: UIViewController {
        @available(*, deprecated)
        override func willAnimateSecondHalfOfRotation(from fromInterfaceOrientation: UIInterfaceOrientation, duration: TimeInterval) {}
    }

    private static let probe = OverrideProbe<Int>(
        base: UIViewController.self, plain: (Plain1.self, Plain2.self),
        probes: [(0, ProbeFirst.self), (1, ProbeDidFirst.self), (2, ProbeSecond.self)])

    /// True when `cls` overrides any two-step-only method.
    static func usesTwoStep(_ cls: UIViewController.Type) -> Bool { !probe.overriddenMethods(of: cls).isEmpty }

    /// Whether the two-step detection works on this platform (for tests).
    static var isAvailable: Bool { probe.isAvailable }
}
