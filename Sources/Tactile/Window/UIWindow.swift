import Foundation
import TactileCore

/// `UIWindow`: a root view. Windows start hidden; ``makeKeyAndVisible()`` shows one and makes it the key
/// window (AG-G). Across windows, higher ``windowLevel``s are in front.
@preconcurrency @MainActor
open class UIWindow: UIView {
    /// `UIWindow.Level`: `.normal` (0), `.statusBar` (1000), `.alert` (2000).
    public struct Level: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        public static let normal = Level(rawValue: 0)
        public static let statusBar = Level(rawValue: 1000)
        public static let alert = Level(rawValue: 2000)
    }

    nonisolated public static let didBecomeVisibleNotification = Notification.Name("UIWindowDidBecomeVisibleNotification")
    nonisolated public static let didBecomeHiddenNotification = Notification.Name("UIWindowDidBecomeHiddenNotification")
    nonisolated public static let didBecomeKeyNotification = Notification.Name("UIWindowDidBecomeKeyNotification")
    nonisolated public static let didResignKeyNotification = Notification.Name("UIWindowDidResignKeyNotification")

    /// Higher levels are in front of (and hit before) lower ones.
    /// The screen the window is on: the headless host has one.
    open var screen: UIScreen {
        get { UIScreen.main }
        set {}
    }

    open var windowLevel: Level = .normal {
        didSet { UIApplication.shared.updateScreen() }
    }

    /// The id touch records use to name this window (``TouchInput``); any thread.
    public nonisolated var inputWindowID: UInt32 { TouchRouter.windowID(of: viewID) }

    /// A window the size of `frame`, in the app's scene.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// A window filling the screen (iOS 9 and later), in the app's scene.
    public convenience init() {
        self.init(frame: UIApplication.shared.screenBounds)
    }

    /// A window in `windowScene`, filling the screen.
    public init(windowScene: UIWindowScene) {
        super.init(frame: UIApplication.shared.screenBounds)
        self.windowScene = windowScene
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func didInit() {
        try? tree.setFlags(.hidden, true, of: viewID)
        let app = UIApplication.shared
        sceneLink = app.scene
        app.register(self)
    }

    /// The scene the window is shown in: the app's scene from the start. A window without a scene is not on
    /// the screen (no touch reaches it) even when it is not hidden.
    open weak var windowScene: UIWindowScene? {
        get { sceneLink }
        set {
            guard newValue !== sceneLink else { return }
            sceneLink = newValue
            UIApplication.shared.updateScreen()
        }
    }
    private weak var sceneLink: UIWindowScene?

    /// Shows the window (`isHidden = false`) in front of the other windows of its level, and makes it the
    /// key window.
    open func makeKeyAndVisible() {
        isHidden = false
        UIApplication.shared.orderFront(self)
        makeKey()
        UIApplication.shared.refreshStatusBar()
    }

    /// Makes the window the key window (the previous key window gets ``resignKey()``).
    open func makeKey() {
        UIApplication.shared.setKeyWindow(self)
    }

    /// True while this is the app's key window.
    open var isKeyWindow: Bool { UIApplication.shared.keyWindow === self }

    /// Called when the window becomes the key window.
    open func becomeKey() {}
    /// Called when the window stops being the key window.
    open func resignKey() {}

    /// Showing and hiding the window drives the appearance of the controllers on it (DESIGN-WINDOW-APPEARANCE):
    /// hiding sends `viewWillDisappear(false)` (while the window is still visible) and then, once it is hidden,
    /// `viewDidDisappear(false)` to the controllers whose views are visible in it — the root view controller
    /// and the controllers presented in the window, each forwarding to its visible children (VCG-D-09) —
    /// and showing it again sends them `viewWillAppear(false)`, layout, `viewDidAppear(false)`. A controller's
    /// view counts as appeared only while it is in a *visible* window: adding it to a hidden window sends
    /// nothing (it appears when the window is shown) and moving it from a visible window to a hidden one sends
    /// the disappear pair. Other windows' controllers are unaffected by ``makeKeyAndVisible()`` (a window
    /// that stops being key stays visible). UIKit: "when the view controller detects that its view is about
    /// to be removed **or hidden**, it calls the viewWillDisappear: and viewDidDisappear: methods" (View
    /// Controller Programming Guide, Responding to Display-Related Notifications).
    open override var isHidden: Bool {
        willSet {
            if newValue, !isHidden {
                pendingAppearance = appearanceControllers().filter { $0.appearState == .appeared || $0.appearState == .appearing }
                for vc in pendingAppearance { vc.beginAppearance(false, animated: false) }
            }
        }
        didSet {
            guard oldValue != isHidden else { return }
            if !isHidden {
                installRootViewIfPossible()
                let appearing = appearanceControllers().filter { $0.appearState == .disappeared || $0.appearState == .disappearing }
                for vc in appearing { vc.beginAppearance(true, animated: false) }
                for vc in appearing { vc.endAppearance() }
            }
            UIApplication.shared.windowVisibilityChanged(self)
            if isHidden {
                let disappearing = pendingAppearance
                pendingAppearance = []
                for vc in disappearing { vc.endAppearance() }
            }
        }
    }

    /// The controllers a change of the window's visibility reaches, back to front: those without a parent
    /// whose view is a direct subview of the window or was presented here (a parent forwards to its children).
    private func appearanceControllers() -> [UIViewController] {
        var found: [UIViewController] = []
        func walk(_ view: UIView) {
            if let vc = view.owningController, vc.parentLink == nil, view.superview === self || vc.presentingLink != nil {
                found.append(vc)
            }
            for subview in view.subviews { walk(subview) }
        }
        for subview in subviews { walk(subview) }
        return found
    }

    private var pendingAppearance: [UIViewController] = []

    // MARK: - Root view controller (SBT-LCH-02 … SBT-LCH-04, VCG-T-01, VCG-D-06)

    /// The window's root view controller (SBT-LCH-04). Its view is added to the window and sized to fill it
    /// (flexible width and height) when the window is visible — at once, or when the window is shown
    /// (`makeKeyAndVisible()`); until then the view is not even loaded (SBT-LCH-03). Replacing the root removes
    /// the old root's view first. The root controller gets appearance callbacks as its view enters and
    /// leaves the window.
    open var rootViewController: UIViewController? {
        get { rootController }
        set {
            guard newValue !== rootController else { return }
            if let old = rootController, let oldView = old.viewIfLoaded, oldView.superview === self {
                oldView.removeFromSuperview()
            }
            rootController = newValue
            if !isHidden { installRootViewIfPossible() }
            if isKeyWindow { UIApplication.shared.refreshStatusBar() }
        }
    }

    private var rootController: UIViewController?

    /// Adds the root controller's view (loading it) sized to the window, unless it is already here or the
    /// controller is covered by a presentation.
    func installRootViewIfPossible() {
        guard let root = rootController, root.presentedLink == nil || !(root.presentedLink?.coversPresenter ?? false)
        else { return }
        let rootView: UIView = root.view
        guard rootView.superview !== self else { return }
        rootView.frame = bounds
        rootView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(rootView)
    }

    /// Dispatches an event the application sends to this window (AG-K-01, AG-O-04): each view of this window gets
    /// its changed touches, grouped by phase (`touchesBegan`, then `touchesMoved`, `touchesEnded`,
    /// `touchesCancelled`), views in the order their fingers began, as the touch router decided; stationary
    /// touches and touches the view must not see (AG-L-03, AG-L-04) are in the event only. A motion event goes to
    /// the first responder (or the window). Override it to observe every event, and call `super`.
    open func sendEvent(_ event: UIEvent) {
        switch event.type {
        case .touches: UIApplication.withCurrent { sendTouches(event, app: $0) }
        case .motion: UIApplication.shared.deliverMotion(event, to: UIApplication.shared.firstResponder ?? self)
        default: break
        }
    }

    /// Makes this window's handler calls of the event, each with the touches claimed as it is made (a handler
    /// that removed a view had that view's touches cancelled at once, so they are no longer owed here). Plain
    /// loops, no closures: a main-actor closure handed to a generic algorithm pays a dynamic isolation check
    /// per call under Swift 6. The calls name their views by handle.
    ///
    /// Gesture recognizers come first (DESIGN-GESTURE-DELIVERY): they get the event's touches of this window,
    /// act on what they recognized, and then each view gets what they let through.
    private func sendTouches(_ event: UIEvent, app: UIApplication) {
        let filtering = app.gestures.isLive
        if filtering { app.gestures.deliver(event, in: self) }
        var i = 0
        while i < event.dispatching.count {
            defer { i += 1 }
            let call = event.dispatching[i]
            guard call.window == viewID, let view = ViewWorld.unretainedView(call.view) else { continue }
            let touches = app.claimTouches(call: call.index, of: call.frame)
            guard !touches.isEmpty else { app.recycleTouches(touches); continue }
            // Borrowed: the claimed touches name it (`UITouch.view`, a strong reference set when the touch
            // began), and the set is held until the handler returns.
            withBorrowed(view) { view in
                assert(touches.allSatisfy { $0.storedView === view }, "a handler call's touches name its view")
                if filtering {
                    sendFiltered(touches, phase: call.phase, to: view, with: event, by: app.gestures)
                } else {
                    Self.send(touches, phase: call.phase, to: view, with: event)
                }
            }
            app.recycleTouches(touches)
        }
    }

    /// One handler call.
    @inline(__always)
    private static func send(_ touches: Set<UITouch>, phase: UITouch.Phase, to view: UIView, with event: UIEvent) {
        switch phase {
        case .began: view.touchesBegan(touches, with: event)
        case .moved: view.touchesMoved(touches, with: event)
        case .ended: view.touchesEnded(touches, with: event)
        default: view.touchesCancelled(touches, with: event)
        }
    }

    /// One handler call with what the recognizers let through (none: no call).
    private func sendFiltered(_ touches: Set<UITouch>, phase: UITouch.Phase, to view: UIView, with event: UIEvent,
                              by gestures: GestureEnvironment) {
        guard let passing = gestures.viewTouches(touches, phase: phase) else { return }
        Self.send(passing, phase: phase, to: view, with: event)
    }

    /// A window's next responder is the application.
    open override var next: UIResponder? { UIApplication.shared }
}
