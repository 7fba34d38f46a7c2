import Foundation

/// The app's side of interface rotation (VCG-F, SBT-ROT; the rules are on `UIViewController+Rotation.swift`):
/// the rotation settings of the headless host, the interface orientation, and deciding, running and finishing a
/// rotation.
extension TactileHost {
    /// The Info.plist `UISupportedInterfaceOrientations` mask (SBT-ROT-03, SBT-ROT-08): the app's mask when the
    /// delegate does not implement `application(_:supportedInterfaceOrientationsFor:)`. Default:
    /// `.allButUpsideDown` for the phone idiom, `.all` for the pad. Reset by every launch.
    public static var supportedInterfaceOrientations: UIInterfaceOrientationMask {
        get { UIApplication.shared.infoPlistOrientations }
        set { UIApplication.shared.infoPlistMask = newValue }
    }

    /// The device idiom (SBT-ROT-08): `.phone` by default; `.pad` makes the default masks `.all` and the size
    /// classes regular both ways.
    public static var userInterfaceIdiom: UIUserInterfaceIdiom {
        get { UIApplication.shared.idiom }
        set { UIApplication.shared.changingTraits { UIApplication.shared.idiom = newValue } }
    }

    /// How long a rotation's animation takes on the run loop clock, in seconds (0.4 by default). The
    /// did-callbacks run when it has elapsed; 0 makes rotations synchronous.
    public static var rotationDuration: TimeInterval {
        get { UIApplication.shared.rotationDuration }
        set { UIApplication.shared.rotationDuration = max(0, newValue.isFinite ? newValue : 0) }
    }
}

extension UIApplication {
    /// `setStatusBarOrientation(_:animated:)`'s work (SBT-ROT-10): it takes effect only when the top full-screen
    /// controller's `supportedInterfaceOrientations` is empty; the windows then turn, without callbacks.
    func setInterfaceOrientationByHand(_ interfaceOrientation: UIInterfaceOrientation) {
        guard interfaceOrientation != .unknown, let top = decidingWindow?.rootViewController?.topFullScreen,
              top.supportedInterfaceOrientations.isEmpty else { return }
        turnInterfaceSilently(to: interfaceOrientation)
    }

    /// The Info.plist mask (set, or the idiom's default).
    var infoPlistOrientations: UIInterfaceOrientationMask {
        infoPlistMask ?? (idiom == .pad ? .all : .allButUpsideDown)
    }

    /// The app's mask for `window` (SBT-ROT-06 step 3).
    func appOrientations(for window: UIWindow?) -> UIInterfaceOrientationMask {
        delegate?.application(self, supportedInterfaceOrientationsFor: window) ?? infoPlistOrientations
    }

    /// The window whose top full-screen controller decides: the key window, else the first visible window
    /// with a root controller.
    var decidingWindow: UIWindow? {
        if let key = keyWindow, !key.isHidden, key.rootViewController != nil { return key }
        return windows.first { !$0.isHidden && $0.rootViewController != nil }
    }

    /// A device-orientation record (the main run loop's input step).
    func deviceOrientationChanged(to orientation: UIDeviceOrientation) {
        deviceOrientation = orientation
        attemptRotation()
        if orientationNotificationDepth > 0 {
            NotificationCenter.default.post(name: UIDevice.orientationDidChangeNotification, object: UIDevice.current)
        }
    }

    /// Rotates to the device's orientation if the deciding controller (and, modern, the app) allow it.
    func attemptRotation(duration: TimeInterval? = nil) {
        guard let target = UIInterfaceOrientation(device: deviceOrientation), target != currentInterfaceOrientation else { return }
        if rotationInFlight {
            rotationPending = true
            return
        }
        guard let window = decidingWindow, let root = window.rootViewController else { return }
        let top = root.topFullScreen
        guard allows(top, target, in: window) else { return }
        rotate(to: target, top: top, duration: duration ?? rotationDuration)
    }

    /// The decision (SBT-ROT-06 / VCG-F-07 (2)).
    func allows(_ top: UIViewController, _ target: UIInterfaceOrientation, in window: UIWindow?) -> Bool {
        let legacy: LegacyRotationCallbacks = top
        if behavior == .iPhoneOS3 { return legacy.shouldAutorotate(to: target) }
        guard top.shouldAutorotate else { return false }
        guard let mask = supportedMask(of: top, in: window) else { return false }
        return mask.contains(target.mask)
    }

    /// `supportedInterfaceOrientations` ∩ the app's mask; nil (reported) when empty (SBT-ROT-16).
    func supportedMask(of vc: UIViewController, in window: UIWindow?) -> UIInterfaceOrientationMask? {
        let mask = vc.supportedInterfaceOrientations.intersection(appOrientations(for: window))
        if mask.isEmpty {
            TactileDiagnostics.report("UIViewController.supportedInterfaceOrientations",
                                      "Supported orientations has no common orientation with the application, and [\(type(of: vc)) shouldAutorotate] is returning YES (UIApplicationInvalidInterfaceOrientation, SBT-ROT-16)")
            return nil
        }
        return mask
    }

    /// The interface turns: orientation, every window's size, layout now.
    func turnInterfaceSilently(to orientation: UIInterfaceOrientation) {
        let old = currentInterfaceOrientation
        guard orientation != old else { return }
        changingTraits { currentInterfaceOrientation = orientation }  // size classes follow the orientation
        if old.isLandscape != orientation.isLandscape {
            for window in windows {
                let f = window.frame
                window.frame = CGRect(x: f.origin.x, y: f.origin.y, width: f.height, height: f.width)
            }
        }
        refreshStatusBar()
        for window in windows where !window.isHidden { window.layoutIfNeeded() }
    }

    /// Plays the callbacks of a rotation the decider accepted.
    private func rotate(to target: UIInterfaceOrientation, top: UIViewController, duration: TimeInterval) {
        let old = currentInterfaceOrientation
        let recipients = top.rotationRecipients.map { $0 as LegacyRotationCallbacks }
        let twoStep = behavior == .iPhoneOS3 && RotationOverrides.usesTwoStep(type(of: top))
        let animated = duration > 0
        rotationInFlight = true
        if animated { beginIgnoringInteractionEvents() }
        let finish = { [unowned self] in
            if animated { endIgnoringInteractionEvents() }
            rotationInFlight = false
            if rotationPending {
                rotationPending = false
                attemptRotation()
            }
        }
        if twoStep {
            let half = duration / 2
            for vc in recipients { vc.willRotate(to: target, duration: duration) }
            for vc in recipients { vc.willAnimateFirstHalfOfRotation(to: target, duration: half) }
            turnInterfaceSilently(to: target)
            UIViewController.after(half) {
                for vc in recipients { vc.didAnimateFirstHalfOfRotation(to: target) }
                for vc in recipients { vc.willAnimateSecondHalfOfRotation(from: old, duration: half) }
                UIViewController.after(half) {
                    for vc in recipients { vc.didRotate(from: old) }
                    finish()
                }
            }
            return
        }
        let coordinator = TransitionCoordinator(duration: duration, from: top, to: top, container: top.loadedView?.window,
                                                targetTransform: TransitionCoordinator.rotation(from: old, to: target))
        top.activeCoordinator = coordinator
        if behavior == .modern {
            var size = top.loadedView?.bounds.size ?? .zero
            if old.isLandscape != target.isLandscape { size = CGSize(width: size.height, height: size.width) }
            top.viewWillTransition(to: size, with: coordinator)
        }
        for vc in recipients { vc.willRotate(to: target, duration: duration) }
        turnInterfaceSilently(to: target)
        for vc in recipients { vc.willAnimateRotation(to: target, duration: duration) }
        coordinator.runAnimations()
        UIViewController.after(duration) {
            for vc in recipients { vc.didRotate(from: old) }
            coordinator.runCompletions()
            if top.activeCoordinator === coordinator { top.activeCoordinator = nil }
            finish()
        }
    }

    /// SBT-PRS-10 / SBT-ROT-04 / SBT-ROT-16 before a full-screen presentation of `vc`: false (reported) when its mask
    /// and the app's have nothing in common; otherwise the interface is turned, if needed, to an orientation
    /// it supports.
    func prepareOrientation(forPresenting vc: UIViewController, in window: UIWindow?) -> Bool {
        guard behavior == .modern, vc.shouldAutorotate else { return true }
        guard let mask = supportedMask(of: vc, in: window) else { return false }
        turnInterfaceSilently(to: orientation(for: vc, within: mask))
        return true
    }

    /// After a full-screen dismissal (SBT-ROT-14): the new top's mask is honoured, then the device's
    /// orientation is attempted.
    func orientationAfterDismissal() {
        guard behavior == .modern, let window = decidingWindow, let root = window.rootViewController else { return }
        let top = root.topFullScreen
        let mask = top.supportedInterfaceOrientations.intersection(appOrientations(for: window))
        if top.shouldAutorotate, !rotationInFlight, !mask.isEmpty {
            turnInterfaceSilently(to: orientation(for: top, within: mask))
        }
        attemptRotation()
    }

    /// The current orientation if `mask` has it, else the preferred one, the device's, or the first.
    private func orientation(for vc: UIViewController, within mask: UIInterfaceOrientationMask) -> UIInterfaceOrientation {
        if mask.contains(currentInterfaceOrientation.mask) { return currentInterfaceOrientation }
        let preferred = vc.preferredInterfaceOrientationForPresentation
        if mask.contains(preferred.mask) { return preferred }
        if let device = UIInterfaceOrientation(device: deviceOrientation), mask.contains(device.mask) { return device }
        return mask.orientations.first ?? currentInterfaceOrientation
    }
}
