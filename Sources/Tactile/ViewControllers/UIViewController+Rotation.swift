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
///   slots of the three methods are compared with `UIViewController`'s (the probe of
///   `EditActionOverrides`); if the metadata does not look as expected, detection is off and one-step is used.
///
/// **Timing.** The did-part runs after ``TactileHost/rotationDuration`` (0.4 s by default) on the run loop
/// clock (`runLoop.advance(by:)`), synchronously for a duration of 0. While an animated rotation runs, new
/// touches are not delivered (SBT-ROT-20, SBT-RSP-05: `beginIgnoringInteractionEvents`), and a further device change
/// waits: it is examined when the rotation ends.
///
/// **Launch** (SBT-LCH-05): ``TactileHost/launch(delegate:options:driving:touches:deviceOrientation:)`` can start
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
    /// Asks the top full-screen controller again whether the interface may turn to the device's orientation
    /// (SBT-ROT-09), e.g. after its masks changed.
    public static func attemptRotationToDeviceOrientation() {
        UIApplication.shared.attemptRotation()
    }

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
        if legacy.shouldAutomaticallyForwardRotationMethods {
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

// MARK: - Transition coordinator (VCG-F-09, DESIGN-COORDINATOR)

/// `UITransitionContextViewControllerKey`: names the controllers of a transition.
public struct UITransitionContextViewControllerKey: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The controller visible at the start of the transition (a presentation's presenter, a dismissal's
    /// dismissed controller; for a rotation, the rotating controller).
    public static let from = UITransitionContextViewControllerKey(rawValue: "UITransitionContextFromViewControllerKey")
    /// The controller visible at the end (a presentation's presented controller; for a rotation, the rotating
    /// controller).
    public static let to = UITransitionContextViewControllerKey(rawValue: "UITransitionContextToViewControllerKey")
}

/// `UITransitionContextViewKey`: names the views of a transition.
public struct UITransitionContextViewKey: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromViewKey")
    public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToViewKey")
}

/// `UIViewControllerTransitionCoordinatorContext`: what a transition's coordinator blocks are told.
@MainActor
public protocol UIViewControllerTransitionCoordinatorContext: AnyObject {
    /// True when the change is animated (a non-zero duration).
    var isAnimated: Bool { get }
    /// The duration, in seconds.
    var transitionDuration: TimeInterval { get }
    /// Always false: Tactile's transitions are never interactive, so never cancelled.
    var isCancelled: Bool { get }
    /// Always false (no interactive transitions).
    var isInteractive: Bool { get }
    /// Always false (no interactive transitions).
    var initiallyInteractive: Bool { get }
    /// Always false.
    var isInterruptible: Bool { get }
    /// 0 while the transition runs, 1 once it has ended.
    var percentComplete: CGFloat { get }
    /// 1 (UIKit's value for a non-interactive transition).
    var completionVelocity: CGFloat { get }
    /// The presented controller's style for a presentation or dismissal; `.none` for a rotation.
    var presentationStyle: UIModalPresentationStyle { get }
    /// The rotation of the interface (VCG-F-09): identity for a presentation or dismissal; for a rotation a
    /// quarter turn (portrait ↔ landscape, ±90°) or a half turn (landscape left ↔ right, portrait ↔ upside
    /// down, 180°).
    var targetTransform: CGAffineTransform { get }
    /// The view the transition takes place in (the window, or a presentation context's view).
    var containerView: UIView { get }
    /// The controllers of the transition (``UITransitionContextViewControllerKey``).
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    /// Their views (``UITransitionContextViewKey``).
    func view(forKey key: UITransitionContextViewKey) -> UIView?
}

/// `UIViewControllerTransitionCoordinator`: passed to `viewWillTransition(to:with:)` and returned by
/// ``UIViewController/transitionCoordinator`` during a presentation, dismissal or rotation.
@MainActor
public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    /// Runs `animation` inside the transition's animation — for a rotation after
    /// `willAnimateRotation(to:duration:)`, for a presentation or dismissal after the will-callbacks, with the
    /// views in place — and `completion` when the transition has ended (after `didRotate(from:)`, or after the
    /// did-callbacks and before the present/dismiss completion handler), each in the order registered. A block
    /// registered after its moment has passed runs at once. Returns true.
    @discardableResult
    func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
}

extension UIViewControllerTransitionCoordinator {
    /// ``animate(alongsideTransition:completion:)`` without a completion.
    @discardableResult
    public func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        animate(alongsideTransition: animation, completion: nil)
    }
}

/// The coordinator of one transition (rotation, presentation or dismissal).
@MainActor
final class TransitionCoordinator: UIViewControllerTransitionCoordinator {
    let transitionDuration: TimeInterval
    let targetTransform: CGAffineTransform
    let presentationStyle: UIModalPresentationStyle
    private weak var fromController: UIViewController?
    private weak var toController: UIViewController?
    private weak var container: UIView?
    var isAnimated: Bool { transitionDuration > 0 }
    var isCancelled: Bool { false }
    var isInteractive: Bool { false }
    var initiallyInteractive: Bool { false }
    var isInterruptible: Bool { false }
    var percentComplete: CGFloat { ended ? 1 : 0 }
    var completionVelocity: CGFloat { 1 }
    var containerView: UIView { container ?? UIView(frame: .zero) }
    private var animations: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var completions: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    /// Set once the animations ran: later animation blocks run at once.
    private var animating = false
    private var ended = false

    init(duration: TimeInterval, from: UIViewController?, to: UIViewController?, container: UIView?,
         style: UIModalPresentationStyle = .none, targetTransform: CGAffineTransform = .identity) {
        transitionDuration = duration
        fromController = from
        toController = to
        self.container = container
        presentationStyle = style
        self.targetTransform = targetTransform
    }

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        key == .from ? fromController : key == .to ? toController : nil
    }

    func view(forKey key: UITransitionContextViewKey) -> UIView? {
        key == .from ? fromController?.viewIfLoaded : key == .to ? toController?.viewIfLoaded : nil
    }

    func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        if let animation { if animating && !ended { animation(self) } else if !ended { animations.append(animation) } }
        if let completion { if ended { completion(self) } else { completions.append(completion) } }
        return true
    }

    func runAnimations() {
        animating = true
        let blocks = animations
        animations = []
        for block in blocks { block(self) }
    }

    func runCompletions() {
        ended = true
        let blocks = completions
        completions = []
        for block in blocks { block(self) }
    }

    /// The rotation of the interface from `old` to `new` (VCG-F-09): the difference of the orientations' angles
    /// in UIKit's coordinates (y down, positive clockwise) — portrait 0°, landscape left −90°, landscape right
    /// +90°, upside down 180° (the transforms iOS ≤ 7 put on the root view: `[0, -1, 1, 0]` for landscape
    /// left, `[0, 1, -1, 0]` for landscape right). Quarter and half turns are built exactly (no sin/cos
    /// rounding).
    static func rotation(from old: UIInterfaceOrientation, to new: UIInterfaceOrientation) -> CGAffineTransform {
        func quarters(_ o: UIInterfaceOrientation) -> Int {
            switch o {
            case .landscapeLeft: -1
            case .landscapeRight: 1
            case .portraitUpsideDown: 2
            default: 0
            }
        }
        switch ((quarters(new) - quarters(old)) % 4 + 4) % 4 {
        case 1: return CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)    // +90°
        case 2: return CGAffineTransform(a: -1, b: 0, c: 0, d: -1, tx: 0, ty: 0)   // 180°
        case 3: return CGAffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: 0)    // −90°
        default: return .identity
        }
    }
}

// MARK: - Settings

extension TactileHost {
    /// The Info.plist `UISupportedInterfaceOrientations` mask (SBT-ROT-03, SBT-ROT-08): the app's mask when the
    /// delegate does not implement `application(_:supportedInterfaceOrientationsFor:)`. Default:
    /// `.allButUpsideDown` for the phone idiom, `.all` for the pad. Reset by every launch.
    public static var supportedInterfaceOrientations: UIInterfaceOrientationMask {
        get { UIApplication.shared.infoPlistOrientations }
        set { UIApplication.shared.infoPlistMask = newValue }
    }

    /// The device idiom (SBT-ROT-08): `.phone` by default; `.pad` makes the default masks `.all`.
    public static var userInterfaceIdiom: UIUserInterfaceIdiom {
        get { UIApplication.shared.idiom }
        set { UIApplication.shared.idiom = newValue }
    }

    /// How long a rotation's animation takes on the run loop clock, in seconds (0.4 by default). The
    /// did-callbacks run when it has elapsed; 0 makes rotations synchronous.
    public static var rotationDuration: TimeInterval {
        get { UIApplication.shared.rotationDuration }
        set { UIApplication.shared.rotationDuration = max(0, newValue.isFinite ? newValue : 0) }
    }
}

extension UIApplication {
    /// The interface orientation (SBT-ROT-10): already the new value in the layout and
    /// `willAnimateRotation(to:duration:)` of a rotation.
    @available(*, deprecated, message: "Use the window scene's interfaceOrientation")
    public var statusBarOrientation: UIInterfaceOrientation { currentInterfaceOrientation }

    /// Sets the interface orientation by hand (SBT-ROT-10): it takes effect only when the top full-screen
    /// controller's `supportedInterfaceOrientations` is empty; the windows then turn, without callbacks.
    @available(*, deprecated, message: "Explicit setting of the status bar orientation is more limited in iOS 6.0 and later")
    public func setStatusBarOrientation(_ interfaceOrientation: UIInterfaceOrientation, animated: Bool) {
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
        currentInterfaceOrientation = orientation
        if old.isLandscape != orientation.isLandscape {
            for window in windows {
                let f = window.frame
                window.frame = CGRect(x: f.origin.x, y: f.origin.y, width: f.height, height: f.width)
            }
        }
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

extension UIViewController {
    /// Runs `body` after `seconds` on the run loop clock; at once for 0.
    static func after(_ seconds: TimeInterval, _ body: @escaping () -> Void) {
        if seconds > 0 { afterTransition(seconds, body) } else { body() }
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
    var shouldAutomaticallyForwardRotationMethods: Bool { get }
}

extension UIViewController: LegacyRotationCallbacks {}

/// VCG-F-06 / VCG-Y-08: whether a controller class overrides a two-step-only method — Objective-C's "implements the
/// method". Found by comparing the class's vtable slots for the three methods with `UIViewController`'s,
/// each slot located once with private probe subclasses (``EditActionOverrides``'s technique). If the
/// metadata does not look as expected, every answer is no (one-step).
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

    private static let slots: [Int] = findSlots()
    private static var cache: [ObjectIdentifier: Bool] = [:]

    /// True when `cls` overrides any two-step-only method.
    static func usesTwoStep(_ cls: UIViewController.Type) -> Bool {
        let key = ObjectIdentifier(cls)
        if let known = cache[key] { return known }
        var found = false
        if !slots.isEmpty, let (words, count) = EditActionOverrides.metadata(cls),
           let (base, _) = EditActionOverrides.metadata(UIViewController.self) {
            found = slots.contains { $0 < count && words[$0] != base[$0] }
        }
        cache[key] = found
        return found
    }

    /// Whether the two-step detection works on this platform (Tactile extension, for tests).
    static var isAvailable: Bool { !slots.isEmpty }

    private static func findSlots() -> [Int] {
        #if canImport(ObjectiveC)
        return []
        #else
        guard let (plain1, n1) = EditActionOverrides.metadata(Plain1.self),
              let (plain2, n2) = EditActionOverrides.metadata(Plain2.self) else { return [] }
        var slots: [Int] = []
        for probe: AnyClass in [ProbeFirst.self, ProbeDidFirst.self, ProbeSecond.self] {
            guard let (words, n) = EditActionOverrides.metadata(probe) else { return [] }
            var found: [Int] = []
            for s in 7..<min(n, n1, n2) where plain1[s] == plain2[s] && words[s] != plain1[s] { found.append(s) }
            guard found.count == 1 else { return [] }
            slots.append(found[0])
        }
        return Set(slots).count == 3 ? slots : []
        #endif
    }
}
