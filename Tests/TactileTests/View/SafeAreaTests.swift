import Foundation
import Tactile
import Testing

/// A view that records its inset callbacks.
@MainActor
private final class InsetLoggingView: UIView {
    var log: CallbackLog?
    var name = "v"
    override func safeAreaInsetsDidChange() { super.safeAreaInsetsDidChange(); log?.append(name, "safeAreaInsetsDidChange") }
    override func layoutMarginsDidChange() { super.layoutMarginsDidChange(); log?.append(name, "layoutMarginsDidChange") }
    override func layoutSubviews() { super.layoutSubviews(); log?.append(name, "layoutSubviews") }
}

/// A controller whose root view logs, and which logs its own inset callbacks.
@MainActor
private final class InsetLoggingController: LoggingViewController {
    override func loadView() {
        let root = InsetLoggingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        root.log = log
        root.name = name + ".view"
        view = root
    }
    override func viewSafeAreaInsetsDidChange() { super.viewSafeAreaInsetsDidChange(); log.append(name, "viewSafeAreaInsetsDidChange") }
    override func viewLayoutMarginsDidChange() { super.viewLayoutMarginsDidChange(); log.append(name, "viewLayoutMarginsDidChange") }
}

/// Safe area (iOS 11) and layout margins (iOS 8). Sources: Apple's documentation of `safeAreaInsets`,
/// `additionalSafeAreaInsets`, `layoutMargins` ("The default margins are eight points on each side. If the view
/// is a view controller's root view … the top and bottom margins are set to zero points. The side margins …
/// can be either 16 or 20 points") and `systemMinimumLayoutMargins` ("the root view's actual margins are set
/// to either your custom values or the minimum values … whichever values are greater"); the subview cases
/// follow the device log in "UIKit: Apps for Every Size and Shape" (WWDC 2017 notes, cnblogs huahuahu): a
/// subview inside the safe area has zero insets, one reaching into the unsafe area gets the part it covers,
/// one reaching past the superview gets no more than the superview's inset.
@MainActor
@Suite("Safe area and layout margins")
struct SafeAreaTests {
    init() {
        TactileDiagnostics.logsToStandardError = false
    }

    private func windowWithRoot(_ vc: UIViewController) -> UIWindow {
        let window = launchWithWindow()
        window.rootViewController = vc
        settle()
        return window
    }

    @Test("Safe area is zero outside a window and on the headless screen by default")
    func zeroByDefault() {
        let loose = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(loose.safeAreaInsets == .zero)
        let window = launchWithWindow()
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        window.addSubview(child)
        #expect(window.safeAreaInsets == .zero)
        #expect(child.safeAreaInsets == .zero)
        #expect(child.safeAreaLayoutGuide.layoutFrame == child.bounds)
        #expect(child.safeAreaLayoutGuide.owningView === child)
        #expect(child.safeAreaLayoutGuide === child.safeAreaLayoutGuide)
    }

    @Test("VCG-E-01 additionalSafeAreaInsets inset the root view; a subview gets the part of the unsafe area it covers, capped at the superview's inset")
    func additionalInsetsReachSubviews() {
        let vc = UIViewController()
        let window = windowWithRoot(vc)
        vc.additionalSafeAreaInsets = UIEdgeInsets(top: 64, left: 30, bottom: 83, right: 10)
        let root: UIView = vc.view
        #expect(root.frame == window.bounds)
        #expect(root.safeAreaInsets == UIEdgeInsets(top: 64, left: 30, bottom: 83, right: 10))
        let inside = UIView(frame: CGRect(x: 40, y: 100, width: 100, height: 100))
        let top = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 100))
        let pastRight = UIView(frame: CGRect(x: 280, y: 200, width: 100, height: 50))
        for v in [inside, top, pastRight] { root.addSubview(v) }
        #expect(inside.safeAreaInsets == .zero)
        #expect(top.safeAreaInsets == UIEdgeInsets(top: 64, left: 30, bottom: 0, right: 10))
        #expect(pastRight.safeAreaInsets == UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 10))
        #expect(top.safeAreaLayoutGuide.layoutFrame == CGRect(x: 30, y: 64, width: 280, height: 36))
        // A grandchild measures against its parent's safe area, in its own coordinates.
        let grandchild = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        top.addSubview(grandchild)
        #expect(grandchild.safeAreaInsets == UIEdgeInsets(top: 20, left: 20, bottom: 0, right: 0))
        // Removed from the window: zero again.
        top.removeFromSuperview()
        #expect(top.safeAreaInsets == .zero && grandchild.safeAreaInsets == .zero)
    }

    @Test("A scaled subview's safe area is in its own coordinates")
    func scaledSubview() {
        let vc = UIViewController()
        _ = windowWithRoot(vc)
        vc.additionalSafeAreaInsets = UIEdgeInsets(top: 40, left: 0, bottom: 0, right: 0)
        let scaled = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        scaled.transform = CGAffineTransform(scaleX: 2, y: 2)  // frame (-50, -50, 200, 200): top 50 outside the root
        vc.view.addSubview(scaled)
        // Visible part starts at root y 0 (= 25 in the view); the safe area at root y 40 (= 45 in the view).
        #expect(scaled.safeAreaInsets.top == 20)
    }

    @Test("AG-B-05 a taller status bar (a call in progress) changes the safe area; views and controllers are told in the layout pass, before layout")
    func inCallStatusBar() {
        let log = CallbackLog()
        let vc = InsetLoggingController("vc", log: log)
        let window = windowWithRoot(vc)
        _ = log.take()
        TactileHost.statusBarHeight = 20
        #expect(window.safeAreaInsets.top == 20)
        #expect(vc.view.safeAreaInsets.top == 20)
        #expect(appScene().statusBarManager?.statusBarFrame == CGRect(x: 0, y: 0, width: 390, height: 20))
        settle()
        #expect(Array(log.take().prefix(5)) == ["vc.view.safeAreaInsetsDidChange", "vc.viewSafeAreaInsetsDidChange",
                                                "vc.view.layoutMarginsDidChange", "vc.viewLayoutMarginsDidChange",
                                                "vc.viewWillLayoutSubviews"])
        TactileHost.statusBarHeight = 40  // in-call
        #expect(vc.view.safeAreaInsets.top == 40)
        #expect(vc.view.layoutMargins == UIEdgeInsets(top: 40, left: 16, bottom: 0, right: 16))
        settle()
        #expect(log.take().contains("vc.viewSafeAreaInsetsDidChange"))
        settle()
        #expect(log.take().isEmpty)  // told once per change
    }

    @Test("Screen insets (sensor housing, home indicator) join the status bar in the windows' safe area")
    func screenInsets() {
        let vc = UIViewController()
        let window = windowWithRoot(vc)
        TactileHost.statusBarHeight = 47
        TactileHost.screenSafeAreaInsets = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
        #expect(window.safeAreaInsets == UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        vc.additionalSafeAreaInsets = UIEdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
        #expect(vc.view.safeAreaInsets == UIEdgeInsets(top: 57, left: 0, bottom: 34, right: 0))
    }

    @Test("Layout margins: 8 points for a view, 0 top and bottom and 16 at the sides for a controller's root view")
    func defaultMargins() {
        let plain = UIView()
        #expect(plain.layoutMargins == UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
        #expect(plain.directionalLayoutMargins == NSDirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8))
        let vc = UIViewController()
        #expect(vc.view.layoutMargins == UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 16))
        #expect(vc.systemMinimumLayoutMargins == NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16))
        vc.view.layoutMargins = UIEdgeInsets(top: 5, left: 5, bottom: 5, right: 40)
        #expect(vc.view.layoutMargins == UIEdgeInsets(top: 5, left: 16, bottom: 5, right: 40))
        vc.viewRespectsSystemMinimumLayoutMargins = false
        #expect(vc.view.layoutMargins == UIEdgeInsets(top: 5, left: 5, bottom: 5, right: 40))
        plain.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        #expect(plain.layoutMargins == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        plain.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
        #expect(plain.layoutMarginsGuide.layoutFrame == CGRect(x: 2, y: 1, width: 94, height: 46))
    }

    @Test("Layout margins add the safe area (insetsLayoutMarginsFromSafeArea) and take the superview's where preserved")
    func marginsFromSafeAreaAndSuperview() {
        let vc = UIViewController()
        _ = windowWithRoot(vc)
        vc.additionalSafeAreaInsets = UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 100))
        vc.view.addSubview(child)
        #expect(child.layoutMargins == UIEdgeInsets(top: 28, left: 8, bottom: 8, right: 8))
        child.insetsLayoutMarginsFromSafeArea = false
        #expect(child.layoutMargins == UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
        child.preservesSuperviewLayoutMargins = true
        // The root's margins are (20, 16, 0, 16) with its safe area: the child covers the top and side bands.
        #expect(child.layoutMargins == UIEdgeInsets(top: 20, left: 16, bottom: 8, right: 16))
    }

    @Test("Setting layout margins calls layoutMarginsDidChange and the controller's viewLayoutMarginsDidChange")
    func marginCallbacks() {
        let log = CallbackLog()
        let vc = InsetLoggingController("vc", log: log)
        _ = windowWithRoot(vc)
        _ = log.take()
        vc.view.layoutMargins = UIEdgeInsets(top: 30, left: 30, bottom: 30, right: 30)
        #expect(log.take() == ["vc.view.layoutMarginsDidChange", "vc.viewLayoutMarginsDidChange"])
        vc.view.layoutMargins = UIEdgeInsets(top: 30, left: 30, bottom: 30, right: 30)
        #expect(log.take().isEmpty)
    }
}
